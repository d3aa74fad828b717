import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import { ContextValues } from '../ids';
import type { TreeContext } from './treeContext';
import { ExplorerNode } from './explorerNode';
import { valueText } from './presentation';
import { NodeSection } from './nodeSection';

/** A node's facts, by name. */
export class FactsFolder extends NodeSection {
  constructor(connectionId: string, certname: string, context: TreeContext) {
    super(connectionId, certname, context, 'Facts', 'symbol-property');
  }

  protected async load(client: PuppetDB, signal: AbortSignal): Promise<ExplorerNode[]> {
    const facts = await client
      .facts({
        query: ['=', 'certname', this.certname],
        orderBy: [{ field: 'name', order: 'asc' }],
        signal,
      })
      .toArray();
    return facts.map((fact) => new FactValueNode([fact.name], fact.value));
  }
}

/** A fact, or a part of a structured fact: objects and arrays expand, the value shows as description. */
export class FactValueNode extends ExplorerNode {
  constructor(
    readonly path: string[],
    readonly value: unknown,
  ) {
    super();
  }

  private get structured(): boolean {
    return this.value !== null && typeof this.value === 'object';
  }

  override idKey(): string {
    return this.path[this.path.length - 1]!;
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      this.path[this.path.length - 1]!,
      this.structured
        ? vscode.TreeItemCollapsibleState.Collapsed
        : vscode.TreeItemCollapsibleState.None,
    );
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
      ([key, child]) => new FactValueNode([...this.path, key], child),
    );
  }

  override json(): unknown {
    return { path: this.path, value: this.value };
  }
}
