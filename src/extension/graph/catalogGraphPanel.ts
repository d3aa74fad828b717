import * as vscode from 'vscode';
import type { CatalogGraphDto } from '../../shared/catalogGraph';
import type { GraphToHost, HostToGraph, KeptContent, RestoreInfo } from '../../shared/protocol';
import { splitCatalogMessage } from '../../shared/catalogParts';
import { restoredNote } from '../../shared/protocolSchema';
import type { CatalogGraphTarget } from '../commandTargets';
import { WebviewPanels } from '../ids';
import { inert } from '../inertText';
import type { Services } from '../services';
import { withLoadProgress } from '../tree/loading';
import { createPanel } from '../webviews/webviewHtml';
import { WebviewPanelHost, type MessageHandlers } from '../webviews/webviewPanelHost';
import type { CatalogHistory } from './catalogHistory';
import { catalogToDto } from './catalogToDto';
import { ExportGate, type ExportFormat } from './exportGate';
import { chooseExportFile, refuseExport, writeExport } from './saveExport';
import { openViews } from '../webviews/openViews';
import { bannerError, errorBannerHandlers } from '../webviews/errorBanner';
import { MAX_LIST_ROWS } from '../boundedRows';
import { rowsAtMost } from '../truncationNotice';

/** What the graph panels share: the extension's services and the catalogs seen so far. */
export interface GraphContext {
  services: Services;
  history: CatalogHistory;
}

/** What tests read of a graph panel. */
export interface GraphPanelState {
  certname: string;
  version: string | undefined;
  resources: number;
  edges: number;
  /** `certname@version` of the catalog compared with. */
  comparedWith: string | undefined;
  /** Whether this workspace holds an older catalog of the node to compare with. */
  hasPrevious: boolean;
  drawn: Omit<Extract<GraphToHost, { type: 'drawn' }>, 'type'> | undefined;
  /** Why the catalog could not be shown, if it could not. */
  error: string | undefined;
}

interface Comparison {
  catalog: CatalogGraphDto;
  label: string;
}

/** One node's catalog as a graph; one panel per connection and node. */
export class CatalogGraphPanel extends WebviewPanelHost<'graph'> {
  private static readonly open = new Map<string, CatalogGraphPanel>();
  /** The last catalog message; re-sent (without its one-time focus) on every `ready`. */
  private last: HostToGraph | undefined;
  private catalog: CatalogGraphDto | undefined;
  private comparison: Comparison | undefined;
  private drawn: GraphPanelState['drawn'];
  private error: string | undefined;
  /** Exports: written only to a file the user chose in the save dialog, once per choice. */
  private readonly exports = new ExportGate<vscode.Uri>();
  /** Set while the catalog shown is the one its webview kept across a window reload. */
  private keptOnly = false;

  /** Opens (or reveals and reloads) the graph of a node; `panel` is given when restoring one. */
  static async show(
    context: GraphContext,
    target: CatalogGraphTarget,
    panel?: vscode.WebviewPanel,
  ): Promise<CatalogGraphPanel> {
    const key = `${target.connectionId}\u0000${target.certname}`;
    const existing = CatalogGraphPanel.open.get(key);
    if (existing && !panel) {
      existing.panel.reveal();
      await existing.load(target.focus);
      return existing;
    }
    const graph = new CatalogGraphPanel(
      context,
      target,
      panel ??
        createPanel(
          context.services.extensionUri,
          WebviewPanels.graph,
          vscode.l10n.t('Catalog: {0}', target.certname),
        ),
    );
    CatalogGraphPanel.open.set(key, graph);
    graph.onDidDispose(() => CatalogGraphPanel.open.delete(key));
    await graph.load(target.focus);
    return graph;
  }

  /**
   * Brings back a panel after a window reload with the catalog it showed (or a note when it was
   * not kept): nothing is fetched until the user clicks "Load again".
   */
  static restore(
    context: GraphContext,
    restore: Extract<RestoreInfo, { entry: 'graph' }>,
    panel: vscode.WebviewPanel,
    kept: KeptContent<'graph'> | undefined,
  ): CatalogGraphPanel {
    const key = `${restore.connectionId}\u0000${restore.certname}`;
    CatalogGraphPanel.open.get(key)?.dispose();
    const graph = new CatalogGraphPanel(context, restore, panel);
    CatalogGraphPanel.open.set(key, graph);
    graph.onDidDispose(() => {
      if (CatalogGraphPanel.open.get(key) === graph) CatalogGraphPanel.open.delete(key);
    });
    const note = restoredNote(kept);
    graph.keptOnly = true;
    if (kept?.content) {
      graph.catalog = kept.content.catalog;
      graph.comparison = kept.content.compareWith;
      graph.last = { type: 'catalog', ...kept.content, restored: note };
    } else {
      graph.last = {
        type: 'restored',
        title: vscode.l10n.t('Catalog: {0}', restore.certname),
        note,
      };
    }
    return graph;
  }

  /** The panels open now (integration tests read them). */
  static panels(): CatalogGraphPanel[] {
    return [...CatalogGraphPanel.open.values()];
  }

  private constructor(
    private readonly context: GraphContext,
    private readonly target: CatalogGraphTarget,
    panel: vscode.WebviewPanel,
  ) {
    super(panel, context.services, 'graph');
    panel.title = vscode.l10n.t('Catalog: {0}', target.certname);
    panel.iconPath = vscode.Uri.joinPath(context.services.extensionUri, 'media', 'puppetdb.svg');
  }

  state(): GraphPanelState {
    return {
      certname: this.target.certname,
      version: this.catalog?.version,
      resources: this.catalog?.resources.length ?? 0,
      edges: this.catalog?.edges.length ?? 0,
      comparedWith:
        this.comparison && `${this.comparison.catalog.certname}@${this.comparison.catalog.version}`,
      hasPrevious: this.previous() !== undefined,
      drawn: this.drawn,
      error: this.error,
    };
  }

  /** Fetches the node's catalog and draws it (selecting and focusing `focus`, if given). */
  async load(focus?: string): Promise<void> {
    this.send({ type: 'loading', certname: this.target.certname });
    try {
      this.catalog = await this.fetch(this.target.certname);
      this.keptOnly = false;
      this.error = undefined;
      await this.context.history.remember(this.target.connectionId, this.catalog);
      this.sendCatalog(focus);
    } catch (error) {
      const shown = bannerError(
        this.context.services.errors,
        `Loading the catalog of ${this.target.certname}`,
        error,
      );
      this.error = shown.message;
      this.send({ type: 'error', ...shown });
    }
  }

  /**
   * Compares with another catalog: another node's latest (a certname), this node's previous one
   * (this node's certname, when the workspace saw an older catalog), or stops (undefined).
   */
  async compareTo(certname: string | undefined): Promise<void> {
    if (certname === undefined) {
      this.comparison = undefined;
    } else if (certname === this.target.certname) {
      const previous = this.previous();
      if (!previous) throw new Error(`No earlier catalog of ${certname} was seen here.`);
      this.comparison = {
        catalog: previous,
        label: vscode.l10n.t('previous catalog ({0})', previous.version),
      };
    } else {
      const catalog = await this.fetch(certname);
      this.comparison = { catalog, label: `${certname} (${catalog.version})` };
    }
    this.sendPersist();
    if (this.catalog) this.sendCatalog();
  }

  protected sendSnapshot(): void {
    this.sendPersist();
    if (this.last) this.postInParts(this.last);
  }

  protected readonly handlers: MessageHandlers<GraphToHost> = {
    drawn: ({ type: _type, ...drawn }) => {
      this.drawn = drawn;
    },
    compare: () => this.pickComparison(),
    refresh: () => this.load(),
    askExport: ({ format }) => this.askExport(format),
    export: ({ format, token, data }) => this.writeExport(format, token, data),
    openNode: ({ certname }) =>
      openViews.node({ connectionId: this.target.connectionId, certname }),
    findNodesWithResource: ({ resource }) =>
      openViews.nodesWithResource({ connectionId: this.target.connectionId, resource }),
    ...errorBannerHandlers(() => this.target.connectionId),
    // the file and line come from the catalog the host fetched, never from the webview: a
    // restored panel's catalog was kept by its webview, so it is fetched again first
    openManifest: async ({ resource }) => {
      if (this.keptOnly) await this.load();
      const declared = this.keptOnly
        ? undefined
        : this.catalog?.resources.find((candidate) => candidate.id === resource);
      if (declared?.file) return openViews.manifest({ file: declared.file, line: declared.line });
      return undefined;
    },
  };

  /** The page asked to export (its toolbar): the user says where, then the page makes it. */
  private async askExport(format: ExportFormat): Promise<void> {
    const asked = await this.exports.ask(format, () =>
      chooseExportFile(this.target.certname, format),
    );
    if (asked.outcome === 'busy') {
      this.context.services.log.info(
        `Export as ${format.toUpperCase()} asked while the save dialog of an export is open: ignored`,
      );
    } else if (asked.outcome === 'granted') {
      this.post({ type: 'makeExport', format, token: asked.token });
    }
  }

  /** The page's picture: written to the file the user chose for it, if it is what was asked. */
  private async writeExport(format: ExportFormat, token: string, data: string): Promise<void> {
    const log = this.context.services.log;
    const taken = this.exports.take(token, format);
    if ('problem' in taken) {
      refuseExport(log, format, taken.problem);
      return;
    }
    await writeExport(log, taken.target, format, data);
  }

  private previous(): CatalogGraphDto | undefined {
    const previous = this.context.history.previous(this.target.connectionId, this.target.certname);
    return previous && previous.version !== this.catalog?.version ? previous : undefined;
  }

  private async pickComparison(): Promise<void> {
    type Item = vscode.QuickPickItem & { certname: string | undefined };
    const previous = this.previous();
    const items: Item[] = [];
    // certnames and versions are PuppetDB's: shown inert (a link or an icon stays text)
    const shown = inert(this.target.certname);
    if (previous) {
      items.push({
        label: `$(history) ${vscode.l10n.t('Previous catalog of {0}', shown)}`,
        description: vscode.l10n.t('version {0}', inert(previous.version)),
        certname: this.target.certname,
      });
    }
    if (this.comparison) {
      items.push({ label: `$(close) ${vscode.l10n.t('Stop comparing')}`, certname: undefined });
    }
    const client = await this.context.services.store.client(this.target.connectionId);
    const rows = (await rowsAtMost(
      client.stream('pql', { query: 'nodes[certname] { order by certname }' }),
      MAX_LIST_ROWS,
      vscode.l10n.t('The node list'),
    )) as Array<{ certname: string }>;
    for (const { certname } of rows) {
      if (certname !== this.target.certname) {
        items.push({
          label: inert(certname),
          description: vscode.l10n.t('latest catalog'),
          certname,
        });
      }
    }
    const chosen = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Compare the catalog of {0} with…', shown),
      placeHolder: previous
        ? vscode.l10n.t('the previous catalog, or another node')
        : vscode.l10n.t('another node'),
      matchOnDescription: true,
    });
    if (chosen) await this.compareTo(chosen.certname);
  }

  private async fetch(certname: string): Promise<CatalogGraphDto> {
    const client = await this.context.services.store.client(this.target.connectionId);
    const catalog = await withLoadProgress(
      vscode.l10n.t('Loading the catalog of {0}…', inert(certname)),
      (signal) => client.catalog(certname, { signal }),
      { location: vscode.ProgressLocation.Window },
    );
    return catalogToDto(catalog);
  }

  private sendCatalog(focus?: string): void {
    if (!this.catalog) return;
    const message: HostToGraph = {
      type: 'catalog',
      catalog: this.catalog,
      compareWith: this.comparison,
      focus,
    };
    this.send(message);
    // the focus is a one-time request: once delivered, later snapshots must not repeat it
    if (focus && this.isListening) this.last = { ...message, focus: undefined };
  }

  private sendPersist(): void {
    this.persist({
      entry: 'graph',
      connectionId: this.target.connectionId,
      certname: this.target.certname,
      compareWith: this.comparison?.catalog.certname,
    });
  }

  private send(message: HostToGraph): void {
    this.last = message;
    this.postInParts(message);
  }

  /** Posts a message; a big catalog goes in parts, each copied into the page on its own. */
  private postInParts(message: HostToGraph): void {
    if (message.type !== 'catalog') {
      this.post(message);
      return;
    }
    for (const part of splitCatalogMessage(message)) this.post(part);
  }
}
