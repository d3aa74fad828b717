import * as vscode from 'vscode';
import type { Node } from '../../client';
import { ContextValues } from '../ids';
import type { TreeContext } from './treeContext';
import { ExplorerNode } from './explorerNode';
import { withLoadProgress } from './loading';
import { describeFilter, nodeFilterQuery, type NodeFilter } from './nodeFilter';
import { PuppetNodeNode } from './puppetNodeNode';
import { LoadMoreNode, safely } from './simpleNodes';

/** A paged list of nodes: the first page on expand, "Load more" for the next. */
export class NodesFolder extends ExplorerNode {
  private loaded: Node[] = [];
  private total: number | undefined;
  private started = false;
  /** The page being fetched: a second "Load more" while it is under way waits for it. */
  private pending: Promise<void> | undefined;
  /** Bumped by reset(), so a page fetched for what was shown before is dropped. */
  private generation = 0;

  constructor(
    readonly connectionId: string,
    private readonly context: TreeContext,
    private readonly label: string,
    private filter: NodeFilter | undefined,
    /** The Failures folder keeps its own fixed filter. */
    readonly filterable = filter === undefined,
  ) {
    super();
  }

  override idKey(): string {
    return this.label;
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.iconPath = new vscode.ThemeIcon(this.label === 'Failures' ? 'warning' : 'server');
    const filter = this.filterable ? describeFilter(this.filter) : undefined;
    item.description = [
      this.total === undefined ? undefined : this.total.toLocaleString('en-US'),
      filter && `filter: ${filter}`,
    ]
      .filter(Boolean)
      .join(' · ');
    item.contextValue = this.filterable ? ContextValues.nodesFolder : undefined;
    return item;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    return safely(this, async () => {
      // a page dropped by a reset while it was on its way leaves this unstarted: fetch again
      while (!this.started) await this.loadPage();
      const items: ExplorerNode[] = this.loaded.map(
        (node) => new PuppetNodeNode(this.connectionId, node, this.context),
      );
      if (this.total !== undefined && this.loaded.length < this.total) {
        items.push(new LoadMoreNode(this, this.loaded.length, this.total));
      }
      return items;
    });
  }

  async loadMore(): Promise<void> {
    await this.loadPage();
    this.context.refresh(this);
  }

  /** One fetch at a time: concurrent callers share the page under way. */
  private loadPage(): Promise<void> {
    if (this.pending) return this.pending;
    const pending = this.fetchPage().finally(() => {
      if (this.pending === pending) this.pending = undefined;
    });
    this.pending = pending;
    return pending;
  }

  setFilter(filter: NodeFilter | undefined): void {
    this.filter = filter;
    this.reset();
  }

  currentFilter(): NodeFilter | undefined {
    return this.filter;
  }

  /** Forgets what was loaded, so the next expand starts again from the first page. */
  reset(): void {
    this.loaded = [];
    this.total = undefined;
    this.started = false;
    this.pending = undefined;
    this.generation++;
  }

  private async fetchPage(): Promise<void> {
    const generation = this.generation;
    const client = await this.context.store.client(this.connectionId);
    const pageSize = this.context.settings.pageSize();
    const unreported = this.context.settings.unreportedHours();
    const page = await withLoadProgress(`Loading ${this.label.toLowerCase()}…`, (signal) =>
      client
        .nodes({
          query: nodeFilterQuery(this.filter, unreported),
          orderBy: [{ field: 'certname', order: 'asc' }],
          limit: pageSize,
          offset: this.loaded.length,
          includeTotal: true,
          withStatus: true,
          // counting every node's events is the slow part of Puppetboard; the status is enough here
          withEventNumbers: false,
          unreported,
          signal,
        })
        .toArrayWithTotal(),
    );
    // a refresh or a new filter came while this page was on its way: what it shows wins
    if (generation !== this.generation) return;
    this.started = true;
    this.loaded = [...this.loaded, ...page.records];
    this.total = page.total ?? this.loaded.length;
  }
}
