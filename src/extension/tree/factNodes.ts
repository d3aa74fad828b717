import * as vscode from 'vscode';
import type { Fact, PuppetDB, RecordStream } from '../../client';
import { ContextValues } from '../ids';
import { inert } from '../inertText';
import type { TreeContext } from './treeContext';
import { ExplorerNode } from './explorerNode';
import { valueText } from './presentation';
import { NodeRecordPages, type NodePageRequest } from './nodeRecordPages';
import { nodeSectionNames } from './nodeSectionNames';
import { LoadMoreNode } from './simpleNodes';

/** A node's facts, by name, a page (`puppetdbExplorer.pageSize`) at a time. */
export class FactsFolder extends NodeRecordPages<Fact> {
  constructor(connectionId: string, certname: string, context: TreeContext) {
    super(connectionId, certname, context, 'symbol-property', nodeSectionNames.facts(certname));
  }

  protected request(client: PuppetDB, page: NodePageRequest): RecordStream<Fact> {
    return client.facts({ ...page, orderBy: [{ field: 'name', order: 'asc' }] });
  }

  protected pageSize(): number {
    return this.context.settings.pageSize();
  }

  protected childOf(fact: Fact): ExplorerNode {
    return new FactValueNode([fact.name], fact.value, this.context);
  }
}

/** A fact, or a part of a structured fact: objects and arrays expand, the value shows as description. */
export class FactValueNode extends ExplorerNode {
  /** How many of a large array's or object's entries are listed ("Load more" lists more). */
  private shown: number;

  constructor(
    readonly path: string[],
    readonly value: unknown,
    private readonly context: TreeContext,
  ) {
    super();
    this.shown = context.settings.pageSize();
  }

  private get structured(): boolean {
    return this.value !== null && typeof this.value === 'object';
  }

  override idKey(): string {
    return this.path[this.path.length - 1]!;
  }

  toTreeItem(): vscode.TreeItem {
    // fact names and values are what an agent sent: a link or an icon in them stays text
    const item = new vscode.TreeItem(
      inert(this.path[this.path.length - 1]),
      this.structured
        ? vscode.TreeItemCollapsibleState.Collapsed
        : vscode.TreeItemCollapsibleState.None,
    );
    item.description = this.structured
      ? Array.isArray(this.value)
        ? `[${this.value.length}]`
        : `{${Object.keys(this.value as object).length}}`
      : valueText(this.value);
    item.tooltip = `${inert(this.path.join('.'))}\n${valueText(this.value)}`;
    // screen readers read the key and its value, not the tooltip's dotted path
    item.accessibilityInformation = { label: `${String(item.label)} ${String(item.description)}` };
    item.contextValue = ContextValues.fact;
    item.iconPath = new vscode.ThemeIcon(this.structured ? 'symbol-namespace' : 'symbol-field');
    return item;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    if (!this.structured) return [];
    // a fact can hold an array of many thousands (e.g. every package): list it a page at a time
    const entries = Object.entries(this.value as Record<string, unknown>);
    const children: ExplorerNode[] = entries
      .slice(0, this.shown)
      .map(([key, child]) => new FactValueNode([...this.path, key], child, this.context));
    if (entries.length > this.shown) {
      children.push(new LoadMoreNode(this, this.shown, entries.length));
    }
    return children;
  }

  async loadMore(): Promise<void> {
    this.shown += this.context.settings.pageSize();
    this.context.refresh(this);
  }

  override json(): unknown {
    return { path: this.path, value: this.value };
  }
}
