import type * as vscode from 'vscode';

/** One node of the explorer tree: how it looks, and what is under it. */
export abstract class ExplorerNode {
  abstract toTreeItem(): vscode.TreeItem | Promise<vscode.TreeItem>;

  getChildren(): Promise<ExplorerNode[]> {
    return Promise.resolve([]);
  }

  /** What "Open as JSON" shows for this node, if anything. */
  json(): unknown {
    return undefined;
  }
}
