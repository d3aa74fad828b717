import * as vscode from 'vscode';
import type { Node } from '../../client';
import {
  factValueText,
  formatFactPath,
  type FactDistributionDto,
  type FactPath,
  type FactValue,
} from '../../shared/factExplorer';
import type { RestoreInfo } from '../../shared/protocol';
import { Commands, PqlLanguageId } from '../ids';
import { inert } from '../inertText';
import type { Services } from '../services';
import { showNodeList } from '../fleet/nodeListPicker';
import { nodesMatching } from '../fleet/nodesMatching';
import { viewCommand, type PanelDefinition } from '../webviews/definePanel';
import { PaintedContent } from '../webviews/paintedContent';
import {
  WebviewPanelHost,
  type InfoOf,
  type Opening,
  type ViewHandlers,
} from '../webviews/webviewPanelHost';
import { factPql, fetchDistribution, nodesWithValueQuery } from './factQueries';
import { exploredPath, pickFactPath } from './pickFactPath';
import { noteTruncated } from '../truncationNotice';

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

/** The fact explorers' panels: one per connection. */
/**
 * "PuppetDB: Explore Fact…": from the palette (the active connection, or a pick, then a fact
 * name and, for a structured fact, one of its paths), a "Fact names" leaf of the tree, a fact
 * name's hover in a .pql file, or `{ connectionId?, fact? | path?, waitForPaint? }` (tests, the
 * bench: then it answers once the webview has painted). Exploring another fact shows it in the
 * connection's open panel.
 */
export function factExplorerPanels(
  services: Services,
): PanelDefinition<'factExplorer', FactExplorerPanel> {
  return {
    entry: 'factExplorer',
    title: ({ connectionId, path }) => explorerTitle(services, connectionId, path),
    create: (opening) => new FactExplorerPanel(opening),
    command: viewCommand(Commands.exploreFact, {
      command: 'Explore Fact',
      connection: 'active',
      target: ({ fields }, connectionId) => exploredPath(services, fields, connectionId),
      open: async (explorers, { connectionId, target: { path, waitForPaint } }) => {
        const { panel, isNew } = explorers.show({ entry: 'factExplorer', connectionId, path });
        await (isNew ? panel.loaded : panel.show(path));
        if (waitForPaint) await panel.painted();
        return panel.info();
      },
    }),
  };
}

/**
 * One fact path's value distribution on one connection: a chart and a table of value → active
 * nodes, counted by PuppetDB. A value opens the list of its nodes; another path is one pick away.
 */
export class FactExplorerPanel extends WebviewPanelHost<'factExplorer'> {
  private distribution: FactDistributionDto | undefined;
  /** What the page painted (by `fetchedAt`). */
  private readonly paints = new PaintedContent();
  private valueNodes: ValueNodes | undefined;
  readonly connectionId: string;
  private path: FactPath;

  /** A path to fetch, or after a window reload what was kept, fetching nothing until "Load again". */
  constructor(opening: Opening<'factExplorer'>) {
    super(opening);
    ({ connectionId: this.connectionId, path: this.path } = opening.info);
    this.panel.title = explorerTitle(this.services, this.connectionId, this.path);
    if (opening.revived) this.distribution = opening.revived.kept?.content;
    else this.loaded = this.load();
  }

  info(): FactExplorerInfo {
    return {
      ...this.commonInfo(),
      distribution: this.distribution,
      valueNodes: this.valueNodes,
    };
  }

  /** Resolves once the webview has painted the distribution shown now (or at once without one). */
  painted(): Promise<void> {
    return this.paints.wait(this.distribution?.fetchedAt);
  }

  /** Shows another path (or the same one again, asked anew). */
  show(path: FactPath): Promise<void> {
    this.path = path;
    this.panel.title = explorerTitle(this.services, this.connectionId, path);
    this.loaded = this.load();
    return this.loaded;
  }

  /** Asks PuppetDB again for the path shown ("Load again", Refresh, the error banner's Retry). */
  protected reload(): Promise<void> {
    return this.show(this.path);
  }

  protected restoreInfo(): InfoOf<'factExplorer'> {
    return { entry: 'factExplorer', connectionId: this.connectionId, path: this.path };
  }

  private async load(): Promise<void> {
    const signal = this.nextLoad();
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
      this.failure = undefined;
    } catch (error) {
      if (signal.aborted) return;
      // what was shown before (if anything) stays, under the error banner
      this.persist();
      this.fail(`Loading ${this.panel.title}`, error);
      return;
    }
    this.sendSnapshot();
  }

  protected sendSnapshot(): void {
    this.persist();
    if (this.postRestoredNote()) return;
    if (this.distribution) {
      this.post({
        type: 'distribution',
        distribution: this.distribution,
        ...(this.restored && { restored: this.restored }),
      });
    } else if (!this.failure) {
      this.post({ type: 'loading', title: this.panel.title, path: this.path });
    }
    if (this.failure) this.post(this.failure);
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
      load: (signal): Promise<Node[]> =>
        nodesMatching(this.services, this.connectionId, nodesWithValueQuery(path, value), signal),
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

  protected readonly handlers: ViewHandlers<'factExplorer'> = {
    openNodes: async ({ value }) => {
      this.valueNodes = await this.openNodes(value);
    },
    choosePath: async () => {
      const path = await pickFactPath(this.services, this.connectionId);
      if (path) await this.show(path);
    },
    openAsPql: () => this.openAsPql(),
    refresh: () => this.reload(),
    painted: ({ fetchedAt }) => this.paints.paint(fetchedAt),
  };
}

function explorerTitle(services: Services, connectionId: string, path: FactPath): string {
  const name = services.store.get(connectionId)?.name ?? connectionId;
  return vscode.l10n.t('Fact {0} · {1}', formatFactPath(path), name);
}
