import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import type { TreeContext } from './treeContext';
import { ExplorerNode } from './explorerNode';
import { withLoadProgress } from './loading';
import { safely } from './simpleNodes';

/** One of a node's sections (Facts, Resources, Reports): loads its children with progress and errors handled. */
export abstract class NodeSection extends ExplorerNode {
  constructor(
    readonly connectionId: string,
    readonly certname: string,
    protected readonly context: TreeContext,
    private readonly label: string,
    private readonly icon: string,
  ) {
    super();
  }

  override idKey(): string {
    return this.label;
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    return item;
  }

  override getChildren(): Promise<ExplorerNode[]> {
    return safely(this, async () => {
      const client = await this.context.store.client(this.connectionId);
      return withLoadProgress(
        `Loading the ${this.label.toLowerCase()} of ${this.certname}…`,
        (signal) => this.load(client, signal),
      );
    });
  }

  protected abstract load(client: PuppetDB, signal: AbortSignal): Promise<ExplorerNode[]>;
}
