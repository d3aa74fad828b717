import * as vscode from 'vscode';
import type { Node } from '../../client';
import { ContextValues } from '../ids';
import { inert } from '../inertText';
import type { TreeContext } from './treeContext';
import { ExplorerNode } from './explorerNode';
import { withLoadProgress } from './loading';
import type { PuppetDB } from '../../client';
import {
  nodesUnchangedWithErrors,
  nodesWithCorrectiveLatestRun,
  type FoundNodes,
} from '../fleetHealth';
import { describeFilter, nodeFilterQuery, type NodeFilter } from './nodeFilter';
import { PagedList, type Page } from './pagedList';
import { PuppetNodeNode } from './puppetNodeNode';
import { pagedChildren, safely } from './simpleNodes';
import { noteTruncated, pageAtMost } from '../truncationNotice';

/** A paged list of nodes: the first page on expand, "Load more" for the next. */
export class NodesFolder extends ExplorerNode {
  private readonly pages = new PagedList<Node>((offset) => this.fetchPage(offset));
  /** The nodes of a health filter PQL cannot express, found once per load (not per page). */
  private healthNodes: Promise<FoundNodes> | undefined;

  constructor(
    readonly connectionId: string,
    private readonly context: TreeContext,
    /** what it is called among its siblings, the same in every language */
    private readonly key: 'Nodes' | 'Failures',
    private filter: NodeFilter | undefined,
    /** The Failures folder keeps its own fixed filter. */
    readonly filterable = filter === undefined,
  ) {
    super();
  }

  override idKey(): string {
    return this.key;
  }

  toTreeItem(): vscode.TreeItem {
    const failures = this.key === 'Failures';
    const item = new vscode.TreeItem(
      failures ? vscode.l10n.t('Failures') : vscode.l10n.t('Nodes'),
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.iconPath = new vscode.ThemeIcon(failures ? 'warning' : 'server');
    const filter = this.filterable
      ? describeFilter(this.filter, this.context.settings.noSuccessWithinHours())
      : undefined;
    const total = this.pages.total;
    item.description = [
      total === undefined ? undefined : total.toLocaleString('en-US'),
      filter && vscode.l10n.t('filter: {0}', inert(filter)),
    ]
      .filter(Boolean)
      .join(' · ');
    item.contextValue = this.filterable ? ContextValues.nodesFolder : undefined;
    return item;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    return safely(this.context, this, () =>
      pagedChildren(
        this,
        this.pages,
        (node) => new PuppetNodeNode(this.connectionId, node, this.context),
      ),
    );
  }

  async loadMore(): Promise<void> {
    await this.pages.loadNext();
    this.context.refresh(this);
  }

  setFilter(filter: NodeFilter | undefined): void {
    this.filter = filter;
    this.reset();
  }

  currentFilter(): NodeFilter | undefined {
    return this.filter;
  }

  override reset(): void {
    this.pages.reset();
    this.healthNodes = undefined;
  }

  /** The certnames of an "unchanged with errors" or "corrective" filter, asked once per load. */
  private async healthCertnames(
    client: PuppetDB,
    signal: AbortSignal,
  ): Promise<Set<string> | undefined> {
    const health = this.filter?.health;
    if (health !== 'unchangedWithErrors' && health !== 'corrective') return undefined;
    const find = health === 'corrective' ? nodesWithCorrectiveLatestRun : nodesUnchangedWithErrors;
    this.healthNodes ??= find(client, { signal });
    const asked = this.healthNodes;
    // a failed or cancelled search is asked again on the next load, not kept
    asked.catch(() => {
      if (this.healthNodes === asked) this.healthNodes = undefined;
    });
    const { certnames, truncatedAt } = await asked;
    if (truncatedAt !== undefined) noteTruncated(vscode.l10n.t('The latest runs'), truncatedAt);
    return certnames;
  }

  private async fetchPage(offset: number): Promise<Page<Node>> {
    const client = await this.context.store.client(this.connectionId);
    const pageSize = this.context.settings.pageSize();
    const unreported = this.context.settings.unreportedHours();
    const loading =
      this.key === 'Failures'
        ? vscode.l10n.t('Loading failures…')
        : vscode.l10n.t('Loading nodes…');
    const noSuccessWithinHours = this.context.settings.noSuccessWithinHours();
    return withLoadProgress(loading, async (signal) => {
      const certnames = await this.healthCertnames(client, signal);
      return pageAtMost(
        client.nodes({
          query: nodeFilterQuery(this.filter, unreported, new Date(), {
            noSuccessWithinHours,
            certnames,
          }),
          // a list of certnames may not fit in a URL
          ...(certnames && { method: 'POST' as const }),
          orderBy: [{ field: 'certname', order: 'asc' }],
          limit: pageSize,
          offset,
          includeTotal: true,
          withStatus: true,
          // counting every node's events is the slow part of Puppetboard; the status is enough here
          withEventNumbers: false,
          unreported,
          signal,
        }),
        pageSize,
        vscode.l10n.t('A page of nodes'),
      );
    });
  }
}
