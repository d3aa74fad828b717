/**
 * Text to the clipboard from a webview, the way both a key and VS Code's own Copy reach it: a
 * `copy` event, whose data the page sets. Ctrl+C (or Edit > Copy, which runs the same event in
 * the focused webview) asks the focused grid for its text; a menu's "Copy row" puts its own.
 */

/** Who answers a copy event: the grid that has the focus, with what it copies by default. */
interface CopySource {
  /** Whether the focused element is this source's (the copy is its to answer). */
  contains(node: Node): boolean;
  copyText(): string | undefined;
}

const sources = new Set<CopySource>();
/** Text a menu or a key chose, for the copy event that follows at once. */
let chosen: string | undefined;

document.addEventListener('copy', (event) => {
  const active = document.activeElement;
  const source = [...sources].find((each) => active && each.contains(active));
  const text = chosen ?? source?.copyText();
  chosen = undefined;
  if (text === undefined || !event.clipboardData) return;
  event.clipboardData.setData('text/plain', text);
  event.preventDefault();
});

/** Lets the focused `source` answer Ctrl+C (and VS Code's Copy); answers how to stop. */
export function registerCopySource(source: CopySource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

/** Copies `text` (from a menu item or a key: the page's own user action). */
export function copyText(text: string): void {
  chosen = text;
  const copied = document.execCommand('copy');
  if (!copied || chosen !== undefined) {
    // no copy event ran (the document may not have had the focus): the asynchronous API
    chosen = undefined;
    void navigator.clipboard?.writeText(text).catch(() => undefined);
  }
}
