import type * as vscode from 'vscode';
import type { PanelRevivers } from './webviews/panelSerializers';

/** A part of the extension: what it registered, and how it rebuilds its panels after a reload. */
export interface Feature {
  disposables: vscode.Disposable[];
  revivers: Partial<PanelRevivers>;
}
