import * as vscode from 'vscode';
import type { CatalogGraphDto } from '../../shared/catalogGraph';
import type { GraphToHost, HostToGraph } from '../../shared/protocol';
import type { CatalogGraphTarget, RevealNodeTarget } from '../commandTargets';
import { Commands, WebviewPanels } from '../ids';
import type { Services } from '../services';
import { withLoadProgress } from '../tree/loading';
import { webviewOptions } from '../webviews/webviewHtml';
import { WebviewPanelHost } from '../webviews/webviewPanelHost';
import { catalogToDto } from './catalogToDto';

/** What tests read of a graph panel. */
export interface GraphPanelState {
  certname: string;
  resources: number;
  edges: number;
  comparedWith: string | undefined;
  drawn: { nodes: number; edges: number; layoutMs: number } | undefined;
}

/**
 * One node's catalog as a graph. PuppetDB keeps only the latest catalog of a node, so the
 * catalogs this session has seen are remembered to offer "the previous catalog" for comparison.
 */
export class CatalogGraphPanel extends WebviewPanelHost<'graph'> {
  private static readonly open = new Map<string, CatalogGraphPanel>();
  private static readonly seen = new Map<string, CatalogGraphDto[]>();
  private last: HostToGraph | undefined;
  private catalog: CatalogGraphDto | undefined;
  private compareWith: CatalogGraphDto | undefined;
  private drawn: GraphPanelState['drawn'];

  static async show(
    services: Services,
    target: CatalogGraphTarget,
    panel?: vscode.WebviewPanel,
  ): Promise<CatalogGraphPanel> {
    const key = `${target.connectionId}\u0000${target.certname}`;
    const existing = CatalogGraphPanel.open.get(key);
    if (existing && !panel) {
      existing.panel.reveal();
      if (target.focus) await existing.load(target.focus);
      return existing;
    }
    const graph = new CatalogGraphPanel(
      services,
      target,
      panel ??
        vscode.window.createWebviewPanel(
          WebviewPanels.graph,
          `Catalog: ${target.certname}`,
          vscode.ViewColumn.Active,
          webviewOptions(services.extensionUri),
        ),
    );
    CatalogGraphPanel.open.set(key, graph);
    graph.onDidDispose(() => CatalogGraphPanel.open.delete(key));
    await graph.load(target.focus);
    return graph;
  }

  /** The panels open now (integration tests read them). */
  static states(): GraphPanelState[] {
    return [...CatalogGraphPanel.open.values()].map((graph) => graph.state());
  }

  private constructor(
    private readonly services: Services,
    private readonly target: CatalogGraphTarget,
    panel: vscode.WebviewPanel,
  ) {
    super(panel, services.extensionUri, 'graph');
    panel.title = `Catalog: ${target.certname}`;
    panel.iconPath = vscode.Uri.joinPath(services.extensionUri, 'media', 'puppetdb.svg');
  }

  state(): GraphPanelState {
    return {
      certname: this.target.certname,
      resources: this.catalog?.resources.length ?? 0,
      edges: this.catalog?.edges.length ?? 0,
      comparedWith: this.compareWith && `${this.compareWith.certname}@${this.compareWith.version}`,
      drawn: this.drawn,
    };
  }

  /** Fetches the node's catalog and draws it. */
  async load(focus?: string): Promise<void> {
    this.send({ type: 'loading', certname: this.target.certname });
    try {
      this.catalog = await this.fetch(this.target.certname);
      this.remember(this.catalog);
      this.send({ type: 'catalog', catalog: this.catalog, compareWith: this.compareWith, focus });
    } catch (error) {
      this.send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }

  protected sendSnapshot(): void {
    this.post({
      type: 'persist',
      restore: {
        entry: 'graph',
        connectionId: this.target.connectionId,
        certname: this.target.certname,
        compareWith: this.compareWith?.certname,
      },
    });
    if (this.last) this.post(this.last);
  }

  protected async onMessage(message: Exclude<GraphToHost, { type: 'ready' }>): Promise<void> {
    switch (message.type) {
      case 'drawn':
        this.drawn = { nodes: message.nodes, edges: message.edges, layoutMs: message.layoutMs };
        return;
      case 'compare':
        await this.pickComparison();
        return;
      case 'export':
        await this.saveExport(message.format, message.data);
        return;
      case 'openNode': {
        const target: RevealNodeTarget = {
          connectionId: this.target.connectionId,
          certname: message.certname,
        };
        await vscode.commands.executeCommand(Commands.revealNode, target);
        return;
      }
      default: {
        const unexpected: never = message;
        throw new Error(`Unexpected message ${JSON.stringify(unexpected)}`);
      }
    }
  }

  /** Compares with another catalog: this node's previous one (if seen), or another node's. */
  async compareTo(other: CatalogGraphDto | string): Promise<void> {
    if (!this.catalog) return;
    this.compareWith = typeof other === 'string' ? await this.fetch(other) : other;
    this.send({ type: 'catalog', catalog: this.catalog, compareWith: this.compareWith });
  }

  private async pickComparison(): Promise<void> {
    const previous = (CatalogGraphPanel.seen.get(this.seenKey(this.target.certname)) ?? []).filter(
      (catalog) => catalog.version !== this.catalog?.version,
    );
    const client = await this.services.store.client(this.target.connectionId);
    const certnames = (
      (await client
        .stream('pql', { query: 'nodes[certname] { order by certname }' })
        .toArray()) as Array<{
        certname: string;
      }>
    )
      .map((row) => row.certname)
      .filter((certname) => certname !== this.target.certname);
    type Item = vscode.QuickPickItem & { pick: CatalogGraphDto | string | undefined };
    const items: Item[] = [
      ...previous.map((catalog) => ({
        label: `$(history) Previous catalog of ${catalog.certname}`,
        description: `version ${catalog.version}`,
        pick: catalog,
      })),
      ...(this.compareWith ? [{ label: '$(close) Stop comparing', pick: undefined }] : []),
      ...certnames.map((certname) => ({
        label: certname,
        description: 'latest catalog',
        pick: certname,
      })),
    ];
    const chosen = await vscode.window.showQuickPick(items, {
      title: `Compare the catalog of ${this.target.certname} with…`,
      matchOnDescription: true,
    });
    if (!chosen) return;
    if (chosen.pick === undefined) {
      this.compareWith = undefined;
      if (this.catalog) this.send({ type: 'catalog', catalog: this.catalog });
      return;
    }
    await this.compareTo(chosen.pick);
  }

  private async fetch(certname: string): Promise<CatalogGraphDto> {
    const client = await this.services.store.client(this.target.connectionId);
    const catalog = await withLoadProgress(
      `Loading the catalog of ${certname}…`,
      (signal) => client.catalog(certname, { signal }),
      { location: vscode.ProgressLocation.Window },
    );
    return catalogToDto(catalog);
  }

  private remember(catalog: CatalogGraphDto): void {
    const key = this.seenKey(catalog.certname);
    const list = CatalogGraphPanel.seen.get(key) ?? [];
    if (!list.some((item) => item.version === catalog.version)) {
      CatalogGraphPanel.seen.set(key, [catalog, ...list].slice(0, 3));
    }
  }

  private seenKey(certname: string): string {
    return `${this.target.connectionId}\u0000${certname}`;
  }

  private async saveExport(format: 'png' | 'svg', data: string): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = `catalog-${this.target.certname}.${format}`;
    const uri = await vscode.window.showSaveDialog({
      title: `Export the graph as ${format.toUpperCase()}`,
      defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined,
      filters: format === 'png' ? { PNG: ['png'] } : { SVG: ['svg'] },
    });
    if (!uri) return;
    const bytes =
      format === 'png'
        ? Buffer.from(data.replace(/^data:image\/png;base64,/, ''), 'base64')
        : Buffer.from(data, 'utf8');
    await vscode.workspace.fs.writeFile(uri, bytes);
    void vscode.window.showInformationMessage(`Saved ${uri.fsPath}.`);
  }

  private send(message: HostToGraph): void {
    this.last = message;
    this.post(message);
  }
}
