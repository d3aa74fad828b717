/**
 * The renderer's stylesheets as text (the build's cssAsText plugin turns each CSS file the renderer
 * imports into a call of `addCss`, in import order): a notebook's webview loads the renderer's
 * module alone, so each output carries them in a <style> of its own.
 */
const sheets: string[] = [];

export function addCss(text: string): void {
  sheets.push(text);
}

/** A <style> with every stylesheet the renderer imported. */
export function rendererStyle(): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = sheets.join('\n');
  return style;
}
