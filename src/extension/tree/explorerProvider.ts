import * as vscode from 'vscode';
import type { ConnectionStore } from '../connections/connectionStore';
import type { Settings } from '../settings';
import { ConnectionNode, type TreeContext } from './connectionNode';
import type { ExplorerNode } from './explorerNode';

/** The explorer view: one root per configured PuppetDB. */
export class ExplorerProvider implements vscode.TreeDataProvider<ExplorerNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ExplorerNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private roots = new Map<string, ConnectionNode>();
  private readonly context: TreeContext;
  private readonly subscription: vscode.Disposable;
  /** Who listed each node, so that TreeView.reveal() can walk up. */
  private readonly parents = new WeakMap<ExplorerNode, ExplorerNode>();

  constructor(store: ConnectionStore, settings: Settings) {
    this.context = { store, settings, refresh: (node) => this.changed.fire(node) };
    this.subscription = store.onDidChange(() => this.refresh());
  }

  getTreeItem(node: ExplorerNode): vscode.TreeItem | Promise<vscode.TreeItem> {
    return node.toTreeItem();
  }

  async getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    if (node) {
      const children = await node.getChildren();
      for (const child of children) this.parents.set(child, node);
      return children;
    }
    const connections = this.context.store.list();
    if (connections.length === 0) return [];
    const roots = new Map<string, ConnectionNode>();
    for (const connection of connections) {
      const known = this.roots.get(connection.id);
      roots.set(
        connection.id,
        known && JSON.stringify(known.connection) === JSON.stringify(connection)
          ? known
          : new ConnectionNode(connection, this.context),
      );
    }
    this.roots = roots;
    return [...roots.values()];
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    return this.parents.get(node);
  }

  /** The root of a connection, as shown now. */
  root(connectionId: string): ConnectionNode | undefined {
    return this.roots.get(connectionId);
  }

  /** Redraws a node, or everything from the connections down (dropping what was loaded). */
  refresh(node?: ExplorerNode): void {
    if (!node) this.roots.clear();
    this.changed.fire(node);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
