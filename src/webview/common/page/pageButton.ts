/**
 * A secondary button of a page's header or section (Refresh, Radiator, Show as table…): its
 * words are its accessible name, the title says what it does, and a toggle says whether it is
 * pressed.
 */
export function pageButton(
  label: string,
  title: string,
  onClick: () => void,
  pressed?: boolean,
): HTMLElement {
  const element = document.createElement('vscode-button');
  element.setAttribute('secondary', '');
  element.textContent = label;
  element.title = title;
  if (pressed !== undefined) element.setAttribute('aria-pressed', String(pressed));
  element.addEventListener('click', onClick);
  return element;
}
