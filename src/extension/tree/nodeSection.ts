import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import { ExplorerNode } from './explorerNode';
import { withLoadProgress } from './loading';
import { PagedList, type Page } from './pagedList';
import { pagedChildren, safely } from './simpleNodes';
import type { TreeContext } from './treeContext';

/** What a section is called: `key` among its siblings (the same in every language), `label` as shown. */
export interface SectionNames {
  key: string;
  label: string;
  /** the progress title of its requests */
  loading: string;
}

/** One of a node's sections (Facts, Resources, Reports): its item, and its requests with progress. */
export abstract class NodeSection extends ExplorerNode {
  constructor(
    readonly connectionId: string,
    readonly certname: string,
    protected readonly context: TreeContext,
    private readonly names: SectionNames,
    private readonly icon: string,
  ) {
    super();
  }

  override idKey(): string {
    return this.names.key;
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.names.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    return item;
  }

  /** Runs a request of this section with the connection's client and a cancellable progress. */
  protected async fetch<T>(
    request: (client: PuppetDB, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const client = await this.context.store.client(this.connectionId);
    return withLoadProgress(this.names.loading, (signal) => request(client, signal));
  }
}

/** A section whose children come a page at a time, with "Load more" (Facts, Reports). */
export abstract class PagedSection<T> extends NodeSection {
  private readonly pages = new PagedList<T>((offset) =>
    this.fetch((client, signal) => this.fetchPage(client, offset, signal)),
  );

  protected abstract fetchPage(
    client: PuppetDB,
    offset: number,
    signal: AbortSignal,
  ): Promise<Page<T>>;

  protected abstract childOf(record: T): ExplorerNode;

  override getChildren(): Promise<ExplorerNode[]> {
    return safely(this.context, this, () =>
      pagedChildren(this, this.pages, (record) => this.childOf(record)),
    );
  }

  async loadMore(): Promise<void> {
    await this.pages.loadNext();
    this.context.refresh(this);
  }

  override reset(): void {
    this.pages.reset();
  }
}
