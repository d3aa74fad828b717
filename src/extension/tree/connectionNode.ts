import * as vscode from 'vscode';
import { ContextValues } from '../ids';
import { inert } from '../inertText';
import type { ConnectionSettings } from '../settings';
import { ExplorerNode } from './explorerNode';
import { EnvironmentsFolder, FactNamesFolder } from './catalogFolders';
import { NodesFolder } from './nodesFolder';
import type { TreeContext } from './treeContext';

/** A configured PuppetDB: the root of its part of the tree. */
export class ConnectionNode extends ExplorerNode {
  private folders: ExplorerNode[] | undefined;

  constructor(
    readonly connection: ConnectionSettings,
    private readonly context: TreeContext,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    // the user's own settings, made inert all the same (a shared settings file writes them too)
    const name = inert(this.connection.name);
    const url = inert(this.connection.url);
    const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.Collapsed);
    item.description = url;
    item.iconPath = new vscode.ThemeIcon('database');
    item.contextValue = ContextValues.connection;
    item.tooltip = `${name}\n${url}`;
    return item;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    this.folders ??= [
      new NodesFolder(this.connection.id, this.context, 'Nodes', undefined),
      new EnvironmentsFolder(this.connection.id, this.context),
      new FactNamesFolder(this.connection.id, this.context),
      new NodesFolder(this.connection.id, this.context, 'Failures', { status: 'failed' }),
    ];
    return this.folders;
  }

  override json(): unknown {
    return this.connection;
  }
}
