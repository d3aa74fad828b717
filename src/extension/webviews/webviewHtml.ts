import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { WebviewEntry } from '../../shared/protocol';

/** A new panel of one of our views, with the webview options every view shares. */
export function createPanel(
  extensionUri: vscode.Uri,
  viewType: string,
  title: string,
  column: vscode.ViewColumn | { viewColumn: vscode.ViewColumn; preserveFocus: boolean } = vscode
    .ViewColumn.Active,
): vscode.WebviewPanel {
  return vscode.window.createWebviewPanel(viewType, title, column, webviewOptions(extensionUri));
}

/**
 * The webview's options: scripts on, and only the bundles and media/ readable. Nothing remote
 * can be loaded (the CSP below has no remote source at all).
 */
export function webviewOptions(
  extensionUri: vscode.Uri,
): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    localResourceRoots: [
      vscode.Uri.joinPath(extensionUri, 'dist', 'webview'),
      vscode.Uri.joinPath(extensionUri, 'media'),
    ],
  };
}

/**
 * The page of a webview (each entry's main.ts imports its own CSS, which esbuild writes to
 * dist/webview/<entry>.css): a strict CSP (nonce scripts only; styles from the extension and the
 * constructed stylesheets of web components; workers only from blob: URLs the bundle makes), the
 * shared stylesheet, and the entry's module script. Every value from PuppetDB reaches the page
 * later as data in messages, never through this HTML.
 */
export function webviewHtml(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  entry: WebviewEntry,
  title: string,
): string {
  const nonce = randomBytes(16).toString('base64');
  const asset = (...path: string[]) =>
    webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...path)).toString();
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource} data: blob:`,
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `connect-src ${webview.cspSource}`,
    'worker-src blob:',
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset('dist', 'webview', 'codicon.css')}" id="vscode-codicon-stylesheet">
<link rel="stylesheet" href="${asset('media', 'webview.css')}">
<link rel="stylesheet" href="${asset('dist', 'webview', `${entry}.css`)}">
<title>${escapeHtml(title)}</title>
</head>
<body data-entry="${entry}" data-nonce="${nonce}">
<main id="app"></main>
<script type="module" nonce="${nonce}" src="${asset('dist', 'webview', `${entry}.js`)}"></script>
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
