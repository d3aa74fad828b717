import * as vscode from 'vscode';
import type { CatalogGraphDto } from '../../shared/catalogGraph';
import type { GraphToHost, HostToGraph } from '../../shared/protocol';
import { splitCatalogMessage } from '../../shared/catalogParts';
import { ELK_LIMIT } from '../../shared/graphLayouts';
import { inert } from '../inertText';
import type { Services } from '../services';
import { withLoadProgress } from '../tree/loading';
import { Commands } from '../ids';
import { pickCertname } from '../pickers';
import { viewCommand, type PanelDefinition } from '../webviews/definePanel';
import {
  WebviewPanelHost,
  type InfoOf,
  type Opening,
  type ViewHandlers,
} from '../webviews/webviewPanelHost';
import { CatalogHistory } from './catalogHistory';
import { HostLayouts, layoutThread } from './hostLayouts';
import { KeptLayouts } from './keptLayouts';
import { catalogToDto } from './catalogToDto';
import { ExportGate, type ExportFormat } from './exportGate';
import { chooseExportFile, refuseExport, writeExport } from './saveExport';
import { openViews } from '../webviews/openViews';
import { MAX_LIST_ROWS } from '../boundedRows';
import { rowsAtMost } from '../truncationNotice';

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

/**
 * The graphs' panels: one per connection and node. `openCatalogGraph` opens one from the tree (a
 * PuppetNodeNode), the PQL results, the events table and report view (a CatalogGraphTarget), or
 * the palette (asks for the connection and the node); a node's open graph is brought forward and
 * loaded again. It answers the panel's state, for tests.
 */
export function catalogGraphPanels(
  services: Services,
): PanelDefinition<'graph', CatalogGraphPanel> {
  // the catalogs seen so far, which the graphs compare with
  const history = new CatalogHistory(services.context.workspaceState, () =>
    services.settings.keptCatalogLimits(),
  );
  // the layouts the pages made, for every graph page after (and after a window reload)
  const layouts = new KeptLayouts(services.context.workspaceState);
  // and the layouts made for the pages, in a thread that keeps ELK compiled from page to page
  const threadPath = vscode.Uri.joinPath(services.extensionUri, 'dist', 'graphLayoutThread.js');
  const hostLayouts = new HostLayouts(() => layoutThread(threadPath.fsPath), services.log);
  return {
    entry: 'graph',
    preview: true,
    key: ({ connectionId, certname }) => `${connectionId}\u0000${certname}`,
    title: ({ certname }) => vscode.l10n.t('Catalog: {0}', certname),
    create: (opening) => new CatalogGraphPanel(opening, history, layouts, hostLayouts),
    // a graph of a connection that is gone closes instead
    revives: ({ connectionId }) => services.store.get(connectionId) !== undefined,
    command: viewCommand(Commands.openCatalogGraph, {
      command: 'Open Catalog Graph',
      connection: 'ask',
      target: async ({ certname, fields: { focus } }, connectionId) => {
        const node = certname ?? (await pickCertname(services, connectionId));
        if (!node) return undefined;
        return { certname: node, focus: typeof focus === 'string' ? focus : undefined };
      },
      open: async (graphs, { connectionId, target: { certname, focus } }) => {
        const { panel } = graphs.show({ entry: 'graph', connectionId, certname });
        await panel.load(focus);
        return panel.state();
      },
    }),
  };
}

/** One node's catalog as a graph; one panel per connection and node. */
export class CatalogGraphPanel extends WebviewPanelHost<'graph'> {
  /** The last catalog message; re-sent (without its one-time focus) on every `ready`. */
  private last: HostToGraph | undefined;
  private catalog: CatalogGraphDto | undefined;
  private comparison: Comparison | undefined;
  private drawn: GraphPanelState['drawn'];
  /** Exports: written only to a file the user chose in the save dialog, once per choice. */
  private readonly exports = new ExportGate<vscode.Uri>();
  /** Set while the catalog shown is the one its webview kept across a window reload. */
  private keptOnly = false;
  readonly connectionId: string;
  private readonly certname: string;

  /**
   * A node's graph (its catalog is fetched by `load`), or one revived after a window reload with
   * the catalog it showed (or a note when it was not kept): nothing is fetched until the user
   * clicks "Load again".
   */
  constructor(
    opening: Opening<'graph'>,
    private readonly history: CatalogHistory,
    private readonly layouts: KeptLayouts,
    private readonly hostLayouts: HostLayouts,
  ) {
    super(opening);
    this.disposeWith(hostLayouts.open());
    ({ connectionId: this.connectionId, certname: this.certname } = opening.info);
    this.panel.title = vscode.l10n.t('Catalog: {0}', this.certname);
    this.panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'puppetdb.svg');
    if (!opening.revived) return;
    const kept = opening.revived.kept?.content;
    this.keptOnly = true;
    if (kept) {
      this.catalog = kept.catalog;
      this.comparison = kept.compareWith;
      this.last = { type: 'catalog', ...kept, restored: this.restored };
    } else {
      this.last = { type: 'restored', title: this.panel.title, note: this.restored! };
    }
  }

  state(): GraphPanelState {
    return {
      certname: this.certname,
      version: this.catalog?.version,
      resources: this.catalog?.resources.length ?? 0,
      edges: this.catalog?.edges.length ?? 0,
      comparedWith:
        this.comparison && `${this.comparison.catalog.certname}@${this.comparison.catalog.version}`,
      hasPrevious: this.previousVersion() !== undefined,
      drawn: this.drawn,
      error: this.failure?.message,
    };
  }

  /** Fetches the node's catalog and draws it (selecting and focusing `focus`, if given). */
  async load(focus?: string): Promise<void> {
    this.send({ type: 'loading', certname: this.certname });
    try {
      this.catalog = await this.fetch(this.certname);
      // its layout thread is started (ELK loaded) while the page is made, if ELK lays it out
      if (this.catalog.resources.length <= ELK_LIMIT) this.hostLayouts.prepare();
      this.keptOnly = false;
      this.restored = undefined;
      this.failure = undefined;
    } catch (error) {
      // the error is what the next snapshots show, as the last message
      this.last = this.fail(`Loading the catalog of ${this.certname}`, error);
      return;
    }
    // shown first: keeping it for comparisons (packed, written to the workspace state) can wait
    this.sendCatalog(focus);
    await this.history.remember(this.connectionId, this.catalog).catch((error: unknown) => {
      this.services.log.warn(
        `The catalog of ${this.certname} is shown but could not be kept to compare with later: ${String(error)}`,
      );
    });
  }

  protected reload(): Promise<void> {
    return this.load();
  }

  /**
   * Compares with another catalog: another node's latest (a certname), this node's previous one
   * (this node's certname, when the workspace saw an older catalog), or stops (undefined).
   */
  async compareTo(certname: string | undefined): Promise<void> {
    if (certname === undefined) {
      this.comparison = undefined;
    } else if (certname === this.certname) {
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
    this.persist();
    if (this.catalog) this.sendCatalog();
  }

  protected sendSnapshot(): void {
    this.persist();
    if (this.last) this.postInParts(this.last);
  }

  protected readonly handlers: ViewHandlers<'graph'> = {
    drawn: ({ type: _type, ...drawn }) => {
      this.drawn = drawn;
      this.hostLayouts.practice();
    },
    layout: async ({ type: _type, ...request }) => {
      this.post({ type: 'layoutAnswer', ...(await this.hostLayouts.answer(request)) });
    },
    laidOut: ({ key, corners }) => this.layouts.keep({ key, corners }),
    compare: () => this.pickComparison(),
    refresh: () => this.reload(),
    askExport: ({ format }) => this.askExport(format),
    export: ({ format, token, data }) => this.writeExport(format, token, data),
    openNode: ({ certname }) => openViews.node({ connectionId: this.connectionId, certname }),
    findNodesWithResource: ({ resource }) =>
      openViews.nodesWithResource({ connectionId: this.connectionId, resource }),
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
    const asked = await this.exports.ask(format, () => chooseExportFile(this.certname, format));
    if (asked.outcome === 'busy') {
      this.services.log.info(
        `Export as ${format.toUpperCase()} asked while the save dialog of an export is open: ignored`,
      );
    } else if (asked.outcome === 'granted') {
      this.post({ type: 'makeExport', format, token: asked.token });
    }
  }

  /** The page's picture: written to the file the user chose for it, if it is what was asked. */
  private async writeExport(format: ExportFormat, token: string, data: string): Promise<void> {
    const log = this.services.log;
    const taken = this.exports.take(token, format);
    if ('problem' in taken) {
      refuseExport(log, format, taken.problem);
      return;
    }
    await writeExport(log, taken.target, format, data);
  }

  private previous(): CatalogGraphDto | undefined {
    if (this.previousVersion() === undefined) return undefined;
    return this.history.previous(this.connectionId, this.certname);
  }

  /** The version of the older catalog of this node kept, if not the one shown (nothing unpacked). */
  private previousVersion(): string | undefined {
    const version = this.history.previousVersion(this.connectionId, this.certname);
    return version !== this.catalog?.version ? version : undefined;
  }

  private async pickComparison(): Promise<void> {
    type Item = vscode.QuickPickItem & { certname: string | undefined };
    const previousVersion = this.previousVersion();
    const items: Item[] = [];
    // certnames and versions are PuppetDB's: shown inert (a link or an icon stays text)
    const shown = inert(this.certname);
    if (previousVersion !== undefined) {
      items.push({
        label: `$(history) ${vscode.l10n.t('Previous catalog of {0}', shown)}`,
        description: vscode.l10n.t('version {0}', inert(previousVersion)),
        certname: this.certname,
      });
    }
    if (this.comparison) {
      items.push({ label: `$(close) ${vscode.l10n.t('Stop comparing')}`, certname: undefined });
    }
    const client = await this.services.store.client(this.connectionId);
    const rows = (await rowsAtMost(
      client.stream('pql', { query: 'nodes[certname] { order by certname }' }),
      MAX_LIST_ROWS,
      vscode.l10n.t('The node list'),
    )) as Array<{ certname: string }>;
    for (const { certname } of rows) {
      if (certname !== this.certname) {
        items.push({
          label: inert(certname),
          description: vscode.l10n.t('latest catalog'),
          certname,
        });
      }
    }
    const chosen = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Compare the catalog of {0} with…', shown),
      placeHolder:
        previousVersion !== undefined
          ? vscode.l10n.t('the previous catalog, or another node')
          : vscode.l10n.t('another node'),
      matchOnDescription: true,
    });
    if (chosen) await this.compareTo(chosen.certname);
  }

  private async fetch(certname: string): Promise<CatalogGraphDto> {
    const client = await this.services.store.client(this.connectionId);
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

  protected restoreInfo(): InfoOf<'graph'> {
    return {
      entry: 'graph',
      connectionId: this.connectionId,
      certname: this.certname,
      compareWith: this.comparison?.catalog.certname,
    };
  }

  private send(message: HostToGraph): void {
    this.last = message;
    this.postInParts(message);
  }

  /**
   * Posts a message; a catalog after the layouts kept, and a big one in parts, each copied into
   * the page on its own.
   */
  private postInParts(message: HostToGraph): void {
    if (message.type !== 'catalog') {
      this.post(message);
      return;
    }
    this.post({ type: 'layouts', layouts: this.layouts.all(), hostLaysOut: true });
    for (const part of splitCatalogMessage(message)) this.post(part);
  }
}
