import type * as vscode from 'vscode';

/** One node of the explorer tree: how it looks, and what is under it. */
export abstract class ExplorerNode {
  abstract toTreeItem(): vscode.TreeItem | Promise<vscode.TreeItem>;

  /**
   * What this node is called among its siblings (a certname, a fact's key, a folder's label);
   * the explorer makes the tree item's id from it and its parent's id (see treeIds.ts).
   * Undefined for leaves with no identity of their own.
   */
  idKey(): string | undefined {
    return undefined;
  }

  getChildren(): Promise<ExplorerNode[]> {
    return Promise.resolve([]);
  }

  /** What "Open as JSON" shows for this node, if anything (fetched if need be). */
  json(): unknown {
    return undefined;
  }

  /** Forgets what was loaded below, so that the next expand (a refresh, a retry) fetches again. */
  reset(): void {
    // most nodes load afresh on every expand
  }
}
