import * as vscode from 'vscode';
import type { ConnectionStore } from '../connections/connectionStore';
import type { ErrorReporter } from '../errors';
import type { Settings } from '../settings';
import { ConnectionNode } from './connectionNode';
import { NodesFolder } from './nodesFolder';
import type { TreeContext } from './treeContext';
import type { ExplorerNode } from './explorerNode';
import { childIds, rootId } from './treeIds';

/** The explorer view: one root per configured PuppetDB. */
export class ExplorerProvider implements vscode.TreeDataProvider<ExplorerNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ExplorerNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private roots = new Map<string, ConnectionNode>();
  private readonly context: TreeContext;
  private readonly subscription: vscode.Disposable;
  /** Who listed each node, so that TreeView.reveal() can walk up. */
  private readonly parents = new WeakMap<ExplorerNode, ExplorerNode>();
  /** Each listed node's tree item id: its path from the root (see treeIds.ts). */
  private readonly ids = new WeakMap<ExplorerNode, string>();

  constructor(store: ConnectionStore, settings: Settings, errors: ErrorReporter) {
    this.context = { store, settings, errors, refresh: (node) => this.changed.fire(node) };
    this.subscription = store.onDidChange(() => this.refresh());
  }

  async getTreeItem(node: ExplorerNode): Promise<vscode.TreeItem> {
    const item = await node.toTreeItem();
    item.id = this.ids.get(node);
    return item;
  }

  async getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    if (node) {
      const children = await node.getChildren();
      const ids = childIds(
        this.ids.get(node) ?? '',
        children.map((child) => child.idKey()),
      );
      children.forEach((child, index) => {
        this.parents.set(child, node);
        this.ids.set(child, ids[index]!);
      });
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
    for (const [id, root] of roots) this.ids.set(root, rootId(id));
    return [...roots.values()];
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    return this.parents.get(node);
  }

  /** The connection a listed node belongs to: its root's, walking up from it. */
  connectionOf(node: ExplorerNode): string | undefined {
    for (let at: ExplorerNode | undefined = node; at; at = this.parents.get(at)) {
      if (at instanceof ConnectionNode) return at.connection.id;
    }
    return undefined;
  }

  /** A connection's filterable Nodes folder, as listed now (revealNode, the overview's counts). */
  async nodesFolder(connectionId: string): Promise<NodesFolder> {
    await this.getChildren();
    const root = this.root(connectionId);
    if (!root) {
      throw new Error(vscode.l10n.t('There is no PuppetDB connection "{0}".', connectionId));
    }
    const folder = (await this.getChildren(root)).find(
      (child): child is NodesFolder => child instanceof NodesFolder && child.filterable,
    );
    if (!folder) throw new Error(vscode.l10n.t('The connection has no Nodes folder.'));
    return folder;
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
