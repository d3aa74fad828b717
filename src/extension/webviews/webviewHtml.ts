import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { WebviewEntry } from '../../shared/protocol';
import { webviewPage } from './webviewPage';

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
 * can be loaded (the CSP, in webviewPage.ts, has no remote source at all).
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

/** The page of a webview (webviewPage.ts), with a new nonce, from the extension's files. */
export function webviewHtml(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  page: { entry: WebviewEntry; title: string; panelId: string },
): string {
  return webviewPage({
    ...page,
    nonce: randomBytes(16).toString('base64'),
    cspSource: webview.cspSource,
    asset: (...path) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...path)).toString(),
    fileText: (...path) => extensionFile(extensionUri, ...path),
  });
}

/**
 * One of the extension's files written into a page, read at each page: not kept, as the bundles of
 * every kind of view opened in a session were (1.4 MB of text after each view had been open once,
 * held with none open). Reading one from the OS's cache takes 0.1 ms, and 3 ms for the graph's.
 */
function extensionFile(extensionUri: vscode.Uri, ...path: string[]): string {
  return readFileSync(vscode.Uri.joinPath(extensionUri, ...path).fsPath, 'utf8');
}
