import * as vscode from 'vscode';
import type { TreeContext } from './treeContext';
import { ExplorerNode } from './explorerNode';
import { withLoadProgress } from './loading';
import { InfoNode, safely } from './simpleNodes';

/** The environments PuppetDB knows. */
export class EnvironmentsFolder extends ExplorerNode {
  constructor(
    private readonly connectionId: string,
    private readonly context: TreeContext,
  ) {
    super();
  }

  override idKey(): string {
    return 'Environments';
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      vscode.l10n.t('Environments'),
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.iconPath = new vscode.ThemeIcon('layers');
    return item;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    return safely(this.context, this, async () => {
      const client = await this.context.store.client(this.connectionId);
      const environments = await withLoadProgress(
        vscode.l10n.t('Loading environments…'),
        (signal) => client.environments({ orderBy: [{ field: 'name', order: 'asc' }], signal }),
      );
      return environments.map(
        (row) => new InfoNode(String(row.name), undefined, new vscode.ThemeIcon('layers')),
      );
    });
  }
}

/** Every fact name in the fleet. */
export class FactNamesFolder extends ExplorerNode {
  constructor(
    private readonly connectionId: string,
    private readonly context: TreeContext,
  ) {
    super();
  }

  override idKey(): string {
    return 'Fact names';
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      vscode.l10n.t('Fact names'),
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.iconPath = new vscode.ThemeIcon('symbol-key');
    return item;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    return safely(this.context, this, async () => {
      const client = await this.context.store.client(this.connectionId);
      const names = await withLoadProgress(vscode.l10n.t('Loading fact names…'), (signal) =>
        client.factNames({ signal }),
      );
      return names.map((name) => new InfoNode(name, undefined, new vscode.ThemeIcon('symbol-key')));
    });
  }
}
