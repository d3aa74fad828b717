import type * as vscode from 'vscode';

/**
 * A part of the extension: what it registered. Its panels, if it has any, are made by the
 * composition root from their definitions (webviews/definePanel.ts) and handed to it.
 */
export interface Feature {
  disposables: vscode.Disposable[];
}
