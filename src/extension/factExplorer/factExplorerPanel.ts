import * as vscode from 'vscode';
import type { Node } from '../../client';
import {
  factValueText,
  formatFactPath,
  type FactDistributionDto,
  type FactPath,
  type FactValue,
} from '../../shared/factExplorer';
import type {
  FactExplorerToHost,
  KeptContent,
  RestoredNote,
  RestoreInfo,
} from '../../shared/protocol';
import { restoredNote } from '../../shared/protocolSchema';
import { PqlLanguageId, WebviewPanels } from '../ids';
import { inert } from '../inertText';
import type { Services } from '../services';
import { showNodeList } from '../fleet/nodeListPicker';
import { createPanel } from '../webviews/webviewHtml';
import { WebviewPanelHost, type MessageHandlers } from '../webviews/webviewPanelHost';
import { factPql, fetchDistribution, nodesWithValueQuery } from './factQueries';
import { pickFactPath } from './pickFactPath';
import { MAX_LIST_ROWS } from '../boundedRows';
import { noteTruncated, rowsAtMost } from '../truncationNotice';

/** What the explore command answers (host tests and the bench read it). */
export interface FactExplorerInfo {
  title: string;
  restore: RestoreInfo;
  distribution: FactDistributionDto | undefined;
  error: string | undefined;
  /** The nodes listed by the latest click on a value, once they loaded. */
  valueNodes: ValueNodes | undefined;
}

/** What a click on a value answers (host tests): the nodes listed, once loaded. */
export interface ValueNodes {
  value: FactValue;
  certnames: string[] | undefined;
}

/**
 * One fact path's value distribution on one connection: a chart and a table of value → active
 * nodes, counted by PuppetDB. A value opens the list of its nodes; another path is one pick away.
 */
export class FactExplorerPanel extends WebviewPanelHost<'factExplorer'> {
  private distribution: FactDistributionDto | undefined;
  private error: string | undefined;
  private controller = new AbortController();
  private restored: RestoredNote | undefined;
  private readonly paintWaiters = new Map<string, Array<() => void>>();
  private readonly paintedAt = new Set<string>();
  /** Settles when the latest fetch has ended, whichever way. */
  loaded: Promise<void> = Promise.resolve();
  private valueNodes: ValueNodes | undefined;

  static create(services: Services, connectionId: string, path: FactPath): FactExplorerPanel {
    const panel = createPanel(
      services.extensionUri,
      WebviewPanels.factExplorer,
      explorerTitle(services, connectionId, path),
    );
    const explorer = new FactExplorerPanel(services, panel, connectionId, path);
    explorer.loaded = explorer.load();
    return explorer;
  }

  /** After a window reload: shows what was kept, and fetches nothing until "Load again". */
  static restore(
    services: Services,
    panel: vscode.WebviewPanel,
    restore: Extract<RestoreInfo, { entry: 'factExplorer' }>,
    kept: KeptContent<'factExplorer'> | undefined,
  ): FactExplorerPanel {
    const explorer = new FactExplorerPanel(services, panel, restore.connectionId, restore.path);
    explorer.restored = restoredNote(kept);
    explorer.distribution = kept?.content;
    return explorer;
  }

  private constructor(
    private readonly services: Services,
    panel: vscode.WebviewPanel,
    readonly connectionId: string,
    private path: FactPath,
  ) {
    super(panel, services, 'factExplorer');
    panel.title = explorerTitle(services, connectionId, path);
    this.onDidDispose(() => this.controller.abort());
  }

  info(): FactExplorerInfo {
    return {
      title: this.panel.title,
      restore: this.restoreInfo(),
      distribution: this.distribution,
      error: this.error,
      valueNodes: this.valueNodes,
    };
  }

  /** Resolves once the webview has painted the distribution shown now (or at once without one). */
  painted(): Promise<void> {
    const fetchedAt = this.distribution?.fetchedAt;
    if (fetchedAt === undefined || this.paintedAt.has(fetchedAt)) return Promise.resolve();
    return new Promise((resolve) => {
      this.paintWaiters.set(fetchedAt, [...(this.paintWaiters.get(fetchedAt) ?? []), resolve]);
    });
  }

  /** Shows another path (or the same one again, asked anew). */
  show(path: FactPath): Promise<void> {
    this.path = path;
    this.panel.title = explorerTitle(this.services, this.connectionId, path);
    this.loaded = this.load();
    return this.loaded;
  }

  private restoreInfo(): Extract<RestoreInfo, { entry: 'factExplorer' }> {
    return { entry: 'factExplorer', connectionId: this.connectionId, path: this.path };
  }

  private async load(): Promise<void> {
    this.controller.abort();
    this.controller = new AbortController();
    const { signal } = this.controller;
    const path = this.path;
    this.post({ type: 'loading', title: this.panel.title, path });
    try {
      const client = await this.services.store.client(this.connectionId);
      const distribution = await fetchDistribution(client, {
        connectionName: this.services.store.get(this.connectionId)?.name ?? this.connectionId,
        path,
        now: new Date(),
        signal,
        onTruncated: (max) => noteTruncated(vscode.l10n.t('The values of the fact'), max),
      });
      if (signal.aborted) return;
      this.distribution = distribution;
      this.restored = undefined;
      this.error = undefined;
    } catch (error) {
      if (signal.aborted) return;
      this.error = error instanceof Error ? error.message : String(error);
    }
    this.sendSnapshot();
  }

  protected sendSnapshot(): void {
    this.persist(this.restoreInfo());
    if (this.restored?.omitted !== undefined) {
      this.post({ type: 'restored', title: this.panel.title, note: this.restored });
      return;
    }
    if (this.distribution) {
      this.post({
        type: 'distribution',
        distribution: this.distribution,
        ...(this.restored && { restored: this.restored }),
      });
    } else if (!this.error) {
      this.post({ type: 'loading', title: this.panel.title, path: this.path });
    }
    if (this.error) this.post({ type: 'error', message: this.error });
  }

  /**
   * The path of the distribution shown: the host's own (a restored panel's distribution was kept
   * by its webview, so only the path the host recorded counts).
   */
  private shownPath(): FactPath {
    return (!this.restored && this.distribution?.path) || this.path;
  }

  /** Lists the active nodes holding `value` at the path shown (with their status). */
  private openNodes(value: FactValue): Promise<ValueNodes> {
    const path = this.shownPath();
    const nodes = showNodeList({
      connectionId: this.connectionId,
      title: vscode.l10n.t(
        'Nodes with {0} = {1}',
        inert(formatFactPath(path)),
        inert(factValueText(value), { maxChars: 200 }),
      ),
      load: async (signal): Promise<Node[]> => {
        const client = await this.services.store.client(this.connectionId);
        return rowsAtMost(
          client.nodes({
            query: nodesWithValueQuery(path, value),
            withStatus: true,
            unreported: this.services.settings.unreportedHours(),
            signal,
          }),
          MAX_LIST_ROWS,
          vscode.l10n.t('The node list'),
        );
      },
    });
    return nodes.then((listed) => ({ value, certnames: listed?.map((node) => node.name) }));
  }

  private async openAsPql(): Promise<vscode.TextDocument> {
    const name = this.services.store.get(this.connectionId)?.name ?? this.connectionId;
    const document = await vscode.workspace.openTextDocument({
      language: PqlLanguageId,
      content: `# @connection ${name}\n${factPql(this.shownPath())}\n`,
    });
    await vscode.window.showTextDocument(document);
    return document;
  }

  protected readonly handlers: MessageHandlers<FactExplorerToHost> = {
    openNodes: async ({ value }) => {
      this.valueNodes = await this.openNodes(value);
    },
    choosePath: async () => {
      const path = await pickFactPath(this.services, this.connectionId);
      if (path) await this.show(path);
    },
    openAsPql: () => this.openAsPql(),
    refresh: () => this.show(this.path),
    painted: ({ fetchedAt }) => {
      this.paintedAt.add(fetchedAt);
      for (const resolve of this.paintWaiters.get(fetchedAt) ?? []) resolve();
      this.paintWaiters.delete(fetchedAt);
    },
  };
}

function explorerTitle(services: Services, connectionId: string, path: FactPath): string {
  const name = services.store.get(connectionId)?.name ?? connectionId;
  return vscode.l10n.t('Fact {0} · {1}', formatFactPath(path), name);
}
