import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { WebviewEntry } from '../../shared/protocol';
import { elementText } from './elementText';

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
 * dist/webview/<entry>.css): a strict CSP (nonce scripts and styles; styles also from the
 * extension and the constructed stylesheets of web components; workers only from blob: URLs the
 * bundle makes), the shared stylesheet, the entry's stylesheet and its module script. The last
 * three are written into the page (with the nonce) rather than linked: each linked file is a
 * round trip through VS Code's resource loader before the first paint (together about 50 ms of a
 * new panel's ~400). The codicon stylesheet stays linked (its font is a relative URL, and the
 * elements find it by its id). `data-bundles` tells the page where its other files are. Every
 * value from PuppetDB reaches the page later as data in messages, never through this HTML.
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
<style nonce="${nonce}">${elementText(extensionFile(extensionUri, 'media', 'webview.css'), 'style')}</style>
<style nonce="${nonce}">${elementText(extensionFile(extensionUri, 'dist', 'webview', `${entry}.css`), 'style')}</style>
<title>${escapeHtml(title)}</title>
</head>
<body data-entry="${entry}" data-nonce="${nonce}" data-bundles="${escapeHtml(asset('dist', 'webview'))}">
<main id="app"></main>
<script type="module" nonce="${nonce}">${elementText(extensionFile(extensionUri, 'dist', 'webview', `${entry}.js`), 'script')}</script>
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

/** The extension's files written into pages, read once per session (they don't change under it). */
const extensionFiles = new Map<string, string>();

function extensionFile(extensionUri: vscode.Uri, ...path: string[]): string {
  const file = vscode.Uri.joinPath(extensionUri, ...path).fsPath;
  let text = extensionFiles.get(file);
  if (text === undefined) {
    text = readFileSync(file, 'utf8');
    extensionFiles.set(file, text);
  }
  return text;
}
