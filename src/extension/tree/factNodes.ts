import * as vscode from 'vscode';
import { ContextValues } from '../ids';
import type { TreeContext } from './connectionNode';
import { ExplorerNode } from './explorerNode';
import { withLoadProgress } from './loading';
import { valueText } from './presentation';
import { safely } from './simpleNodes';

/** A node's facts, by name. */
export class FactsFolder extends ExplorerNode {
  constructor(
    readonly connectionId: string,
    readonly certname: string,
    private readonly context: TreeContext,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Facts', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `${this.connectionId}:node:${this.certname}:facts`;
    item.iconPath = new vscode.ThemeIcon('symbol-property');
    return item;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    return safely(this, async () => {
      const client = await this.context.store.client(this.connectionId);
      const facts = await withLoadProgress(`Loading the facts of ${this.certname}…`, (signal) =>
        client
          .facts({
            query: ['=', 'certname', this.certname],
            orderBy: [{ field: 'name', order: 'asc' }],
            signal,
          })
          .toArray(),
      );
      return facts.map(
        (fact) =>
          new FactValueNode(
            `${this.connectionId}:node:${this.certname}:fact`,
            [fact.name],
            fact.value,
          ),
      );
    });
  }
}

/** A fact, or a part of a structured fact: objects and arrays expand, the value shows as description. */
export class FactValueNode extends ExplorerNode {
  constructor(
    private readonly idPrefix: string,
    readonly path: string[],
    readonly value: unknown,
  ) {
    super();
  }

  private get structured(): boolean {
    return this.value !== null && typeof this.value === 'object';
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      this.path[this.path.length - 1]!,
      this.structured
        ? vscode.TreeItemCollapsibleState.Collapsed
        : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `${this.idPrefix}:${this.path.join('.')}`;
    item.description = this.structured
      ? Array.isArray(this.value)
        ? `[${this.value.length}]`
        : `{${Object.keys(this.value as object).length}}`
      : valueText(this.value);
    item.tooltip = `${this.path.join('.')}\n${valueText(this.value)}`;
    // screen readers read the key and its value, not the tooltip's dotted path
    item.accessibilityInformation = { label: `${String(item.label)} ${String(item.description)}` };
    item.contextValue = ContextValues.fact;
    item.iconPath = new vscode.ThemeIcon(this.structured ? 'symbol-namespace' : 'symbol-field');
    return item;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    if (!this.structured) return [];
    return Object.entries(this.value as Record<string, unknown>).map(
      ([key, child]) => new FactValueNode(this.idPrefix, [...this.path, key], child),
    );
  }

  override json(): unknown {
    return { path: this.path, value: this.value };
  }
}
