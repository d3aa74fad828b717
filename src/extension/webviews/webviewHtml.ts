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
  entry: WebviewEntry,
  title: string,
): string {
  return webviewPage({
    entry,
    title,
    nonce: randomBytes(16).toString('base64'),
    cspSource: webview.cspSource,
    asset: (...path) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...path)).toString(),
    fileText: (...path) => extensionFile(extensionUri, ...path),
  });
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
