import * as vscode from 'vscode';
import {
  connectionsOverview,
  type ConnectionsOverviewDto,
  type ConnectionsOverviewRow,
} from '../../shared/multiConnection/connectionsOverview';
import type { RestoreInfo } from '../../shared/protocol';
import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import { describeErrorWithoutAddresses } from '../errorText';
import { Commands } from '../ids';
import { pickNothing } from '../pickers';
import { fetchFleetCounts } from '../overview/overviewQueries';
import type { PanelDefinition } from '../webviews/definePanel';
import { PaintedContent } from '../webviews/paintedContent';
import { reportDropped } from '../webviews/droppedMessages';
import { openViews } from '../webviews/openViews';
import {
  WebviewPanelHost,
  type InfoOf,
  type Opening,
  type ViewHandlers,
} from '../webviews/webviewPanelHost';

/** What the open command answers (host tests read it). */
export interface ConnectionsOverviewInfo {
  title: string;
  restore: RestoreInfo;
  overview: ConnectionsOverviewDto | undefined;
  error: string | undefined;
}

/**
 * The overview across connections: one panel. "PuppetDB: Open Connections Overview" opens
 * it (or brings it forward and asks again), and answers once every PuppetDB has answered or
 * failed; with `{ waitForPaint: true }` (tests), once the page has painted that.
 */
export function connectionsOverviewPanels(): PanelDefinition<
  'connectionsOverview',
  ConnectionsOverviewPanel
> {
  return {
    entry: 'connectionsOverview',
    key: () => 'connectionsOverview',
    title: () => vscode.l10n.t('Overview · All Connections'),
    create: (opening) => new ConnectionsOverviewPanel(opening),
    command: {
      // no one connection to resolve: it shows every connection of the user's settings
      register: (services, panels) =>
        registerGuardedCommand(
          services.errors,
          Commands.openConnectionsOverview,
          async (argument?: unknown) => {
            if (services.store.list().length === 0) {
              return pickNothing(vscode.l10n.t('No PuppetDB connection yet: add one first.'));
            }
            const { panel, isNew } = panels.show({
              entry: 'connectionsOverview',
              connectionId: '',
            });
            await (isNew ? panel.loaded : panel.refresh());
            const { waitForPaint } = (argument ?? {}) as { waitForPaint?: unknown };
            if (waitForPaint === true) await panel.painted();
            return panel.info();
          },
        ),
    },
  };
}

/**
 * Every PuppetDB of the user's at a glance: a row per connection with its node counts by status,
 * asked of all of them at once (five small aggregates each), each row shown as its PuppetDB
 * answers; one that fails shows its error in its row, beside the others. A row opens that
 * PuppetDB's own overview.
 */
export class ConnectionsOverviewPanel extends WebviewPanelHost<'connectionsOverview'> {
  /** No one connection is this panel's (Edit Connection has nothing to open). */
  readonly connectionId = undefined;
  private overview: ConnectionsOverviewDto | undefined;
  /** The connections of the overview shown, by row (what a row's click opens). */
  private connectionIds: string[] = [];
  private readonly paints = new PaintedContent();

  /** An overview to fetch, or after a window reload what was kept, fetching nothing until asked. */
  constructor(opening: Opening<'connectionsOverview'>) {
    super(opening);
    this.panel.iconPath = vscode.Uri.joinPath(this.services.extensionUri, 'media', 'puppetdb.svg');
    if (opening.revived) this.overview = opening.revived.kept?.content;
    else this.loaded = this.load();
  }

  info(): ConnectionsOverviewInfo {
    return { ...this.commonInfo(), overview: this.overview };
  }

  /** Resolves once the page has painted the overview shown now. */
  painted(): Promise<void> {
    return this.paints.wait(this.overview?.fetchedAt);
  }

  /** Asks every PuppetDB again (the command on an open panel, Refresh, Retry). */
  refresh(): Promise<void> {
    this.loaded = this.load();
    return this.loaded;
  }

  protected reload(): Promise<void> {
    return this.refresh();
  }

  protected restoreInfo(): InfoOf<'connectionsOverview'> {
    return { entry: 'connectionsOverview', connectionId: '' };
  }

  private async load(): Promise<void> {
    const signal = this.nextLoad();
    this.restored = undefined;
    this.failure = undefined;
    const connections = this.services.store.list();
    const fetchedAt = new Date();
    const unreportedHours = this.services.settings.unreportedHours();
    const rows: ConnectionsOverviewRow[] = connections.map((connection) => ({
      name: connection.name,
      state: 'loading',
    }));
    this.connectionIds = connections.map((connection) => connection.id);
    const show = () => {
      if (signal.aborted) return;
      this.overview = connectionsOverview(
        rows.map((row) => ({ ...row })),
        fetchedAt.toISOString(),
        unreportedHours,
      );
      this.sendSnapshot();
    };
    show();
    await Promise.all(
      connections.map(async (connection, index) => {
        try {
          const client = await this.services.store.client(connection.id);
          const counts = await fetchFleetCounts(client, {
            unreportedHours,
            range: 'hours',
            now: fetchedAt,
            signal,
          });
          rows[index] = { name: connection.name, state: 'loaded', counts };
        } catch (error) {
          if (signal.aborted) return;
          this.services.errors.logged(`Loading the overview of ${connection.name}`, error);
          rows[index] = {
            name: connection.name,
            state: 'error',
            error: describeErrorWithoutAddresses(error),
          };
        }
        show();
      }),
    );
  }

  protected sendSnapshot(): void {
    this.postOneLoaded(
      this.overview && {
        type: 'overview',
        overview: this.overview,
        ...(this.restored && { restored: this.restored }),
      },
    );
  }

  protected readonly handlers: ViewHandlers<'connectionsOverview'> = {
    refresh: () => this.refresh(),
    // the connection is the host's own, of the fetch the page shows: never one the page names
    openOverview: async ({ fetchedAt, row }) => {
      if (this.restored || fetchedAt !== this.overview?.fetchedAt) {
        await this.refresh();
        if (fetchedAt !== this.overview?.fetchedAt) {
          void vscode.window.showInformationMessage(
            vscode.l10n.t(
              'The overview was asked again: click the PuppetDB again to open its overview.',
            ),
          );
        }
        return;
      }
      const connectionId = this.connectionIds[row];
      if (!connectionId || !this.services.store.get(connectionId)) {
        reportDropped(this.services.log, 'connectionsOverview', 'a message', `no row ${row}`);
        return;
      }
      return openViews.overview({ connectionId });
    },
    painted: ({ fetchedAt }) => this.paints.paint(fetchedAt),
  };
}
