import type { WebviewEntry } from '../../shared/protocol';
import { elementText } from './elementText';

/** What a page is made of: webviewHtml.ts gives them from VS Code and the extension's files. */
export interface PageParts {
  entry: WebviewEntry;
  title: string;
  /**
   * The panel's id (its host's): a page whose kept state names another panel id is in a panel a
   * new host took over (a preview's), and starts without that state (webview/common/vscodeApi.ts).
   */
  panelId: string;
  /** A new random value for each page: the scripts and styles that may run carry it. */
  nonce: string;
  /** The webview's own origin for the extension's files (`webview.cspSource`). */
  cspSource: string;
  /** The webview URL of one of the extension's files. */
  asset(...path: string[]): string;
  /** The text of one of the extension's files. */
  fileText(...path: string[]): string;
}

/**
 * The Content Security Policy of every page: nothing by default; images, styles, fonts and
 * fetches only from the extension's files (and images from the data: and blob: URLs a view
 * makes); scripts and inline styles only with the page's nonce (plus the extension's
 * stylesheets, and the constructed stylesheets of web components); workers only from blob: URLs
 * the bundle makes. `default-src` does not cover `base-uri` and `form-action`: a `<base>` could
 * otherwise move where every relative URL points, and a form could post what it holds anywhere.
 */
export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data: blob:`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `connect-src ${cspSource}`,
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The page of a webview (each entry's main.ts imports its own CSS, which esbuild writes to
 * dist/webview/<entry>.css): the CSP above, the shared stylesheet, the entry's stylesheet and its
 * module script. The last three are written into the page (with the nonce) rather than linked:
 * each linked file is a round trip through VS Code's resource loader before the first paint
 * (together about 50 ms of a new panel's ~400). The codicon stylesheet stays a linked file (its
 * font is a relative URL, and the elements find it by its id), linked by the page's script
 * (webview/common/page/codiconStylesheet.ts): linked here, it held the first paint until it came.
 * `data-bundles` tells the page where its other files are, `data-panel-id` whose page it is. Every value from PuppetDB reaches the
 * page later as data in messages, never through this HTML. Pure (no vscode): unit tested for
 * every entry.
 */
export function webviewPage(parts: PageParts): string {
  const { entry, title, nonce, asset, fileText } = parts;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(parts.cspSource, nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<style nonce="${nonce}">${elementText(fileText('media', 'webview.css'), 'style')}</style>
<style nonce="${nonce}">${elementText(fileText('dist', 'webview', `${entry}.css`), 'style')}</style>
<title>${escapeHtml(title)}</title>
</head>
<body data-entry="${entry}" data-panel-id="${escapeHtml(parts.panelId)}" data-nonce="${nonce}" data-bundles="${escapeHtml(asset('dist', 'webview'))}">
<main id="app"></main>
<script type="module" nonce="${nonce}">${elementText(fileText('dist', 'webview', `${entry}.js`), 'script')}</script>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}
