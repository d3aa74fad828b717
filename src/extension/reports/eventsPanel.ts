import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import type { EventRowDto } from '../../shared/reportDto';
import { eventRowFromWire } from '../../shared/reportDto';
import {
  eventsMethod,
  eventsQuery,
  eventsTitle,
  isDeclaredAtSource,
  isFleetSource,
  isReportSource,
  sourceKey,
  type EventsSource,
} from '../../shared/eventTableSource';
import { EVENTS_PER_MESSAGE, type RestoreInfo } from '../../shared/protocol';
import { Commands } from '../ids';
import type { Services } from '../services';
import { viewCommand, type PanelDefinition } from '../webviews/definePanel';
import {
  WebviewPanelHost,
  type InfoOf,
  type Opening,
  type ViewHandlers,
} from '../webviews/webviewPanelHost';
import { openViews } from '../webviews/openViews';
import { openHeldManifest } from '../webviews/openHeldManifest';
import { exportStreamed } from '../export/streamedExport';
import { eventsSource } from './pickTargets';

/** The table's order, and its export's. */
const EVENT_ORDER = [{ field: 'timestamp', order: 'asc' }] as const;

/** What the open command answers (integration tests read it). */
export interface EventsPanelInfo {
  title: string;
  restore: RestoreInfo;
  eventCount: number;
  /** Set when the load stopped at the limit (setting `events.maxEvents`). */
  truncatedAt: number | undefined;
  state: 'loading' | 'done' | 'error';
  error: string | undefined;
}

/** The events tables' panels: one per source (a report, a node's range, a fleet filter…). */
export function eventsPanels(services: Services): PanelDefinition<'events', EventsPanel> {
  return {
    entry: 'events',
    preview: true,
    key: ({ connectionId, source }) => sourceKey(connectionId, source),
    title: ({ source }) => eventsTitle(source),
    create: (opening) => new EventsPanel(opening),
    // answers, once loaded, what the table holds
    command: viewCommand(Commands.openEvents, {
      command: 'Open Events',
      connection: 'ask',
      target: async (named, connectionId) => {
        const source = await eventsSource(services, named, connectionId);
        return source && { source, firstRows: named.fields.firstRows === true };
      },
      open: async (tables, { connectionId, target: { source, firstRows } }) => {
        const { panel } = tables.show({ entry: 'events', connectionId, source });
        await (firstRows ? panel.firstRowsShown() : panel.loaded);
        return panel.info();
      },
    }),
  };
}

/**
 * One events table panel: streams the events of its source from PuppetDB into the webview, the
 * first rows as soon as they arrive and the rest in batches, and answers the table's requests.
 */
export class EventsPanel extends WebviewPanelHost<'events'> {
  private readonly rows = this.streamRows<EventRowDto>(
    EVENTS_PER_MESSAGE,
    () => this.postAll(),
    (events, complete, truncatedAt) =>
      this.post({ type: 'moreEvents', events, complete, truncatedAt }),
  );
  private certname: string | undefined;
  readonly connectionId: string;
  private readonly source: EventsSource;

  /**
   * The events of a source to load, or a panel revived after a window reload with the events it
   * showed (or a note when they were not kept): nothing is fetched until "Load again".
   */
  constructor(opening: Opening<'events'>) {
    super(opening);
    ({ connectionId: this.connectionId, source: this.source } = opening.info);
    this.panel.title = eventsTitle(this.source);
    if (!opening.revived) {
      this.loaded = this.load();
      return;
    }
    const kept = opening.revived.kept?.content;
    this.rows.reset(kept?.events ?? [], true);
    this.certname = kept?.certname;
    if (kept) this.panel.title = kept.title;
  }

  /** Settles once the table has painted its first events (or all, if none), or the load failed. */
  firstRowsShown(): Promise<void> {
    return this.firstRowsPainted(this.rows);
  }

  info(): EventsPanelInfo {
    return {
      ...this.commonInfo(),
      eventCount: this.rows.rows.length,
      truncatedAt: this.rows.truncatedAt,
      state: this.rows.state,
    };
  }

  protected restoreInfo(): InfoOf<'events'> {
    return { entry: 'events', connectionId: this.connectionId, source: this.source };
  }

  private load(): Promise<void> {
    this.restored = undefined;
    this.rows.reset();
    this.failure = undefined;
    return this.streamLoad(this.rows, async (signal) => {
      const client = await this.services.store.client(this.connectionId);
      if (isReportSource(this.source)) {
        this.certname = await reportCertname(client, this.source.reportHash, signal);
      } else {
        // the fleet's events come from many nodes: no one certname
        this.certname =
          isFleetSource(this.source) || isDeclaredAtSource(this.source)
            ? undefined
            : this.source.certname;
      }
      this.panel.title = eventsTitle(this.source, this.certname);
      const stream = client.stream('events', {
        query: eventsQuery(this.source),
        orderBy: [...EVENT_ORDER],
        method: eventsMethod(this.source),
        signal,
      });
      const maxEvents = this.services.settings.maxEvents();
      for await (const batch of stream.batches()) {
        const events = (batch as Array<Record<string, unknown>>).map((row) =>
          eventRowFromWire(row),
        );
        // leaving the loop ends the request (its body is discarded): nothing more is held
        if (!this.rows.addAtMost(events, maxEvents)) break;
      }
    });
  }

  /** Every event loaded so far, with the rest of the view (replaces what the table held). */
  private postAll(): void {
    this.post({
      type: 'events',
      title: this.panel.title,
      certname: this.certname,
      events: this.rows.rows.slice(),
      complete: this.rows.state === 'done',
      truncatedAt: this.rows.truncatedAt,
      restored: this.restored,
    });
    this.rows.sent();
  }

  protected sendSnapshot(): void {
    this.persist();
    if (this.postRestoredNote()) return;
    if (this.rows.state === 'error') {
      this.post(
        this.failure ?? {
          type: 'error',
          message: vscode.l10n.t('The events could not be loaded.'),
        },
      );
    } else if (this.rows.state === 'loading' && this.rows.rows.length === 0) {
      this.sendLoading();
    } else {
      this.postAll();
    }
  }

  protected readonly handlers: ViewHandlers<'events'> = {
    openInGraph: (message) => openViews.resourceInGraph(this.connectionId, message),
    // the file and line must be among the events the host fetched: a restored table's rows were
    // kept by its webview, so they are fetched again first
    openManifest: async (location) => {
      if (this.restored) await this.reload();
      return openHeldManifest(this.rows.rows, location);
    },
    openReport: ({ reportHash }) =>
      openViews.report({ connectionId: this.connectionId, reportHash }),
    reload: () => this.reload(),
    exportAll: ({ format }) => this.exportAll(format),
    shown: (shown) => this.rows.pagePainted(shown),
  };

  /** Loads the events again ("Load again"), unless a load is under way. */
  protected async reload(): Promise<void> {
    if (this.rows.state === 'loading') return this.loaded;
    this.sendLoading();
    this.loaded = this.load();
    await this.loaded;
  }

  /**
   * "Export all events": asks PuppetDB for every event of the table again and streams them to
   * the file the user picks (the table stopped at `events.maxEvents`).
   */
  private async exportAll(format: 'csv' | 'json'): Promise<vscode.Uri | undefined> {
    const connection = this.services.store.get(this.connectionId);
    if (!connection) {
      throw new Error(
        vscode.l10n.t('The connection of these events no longer exists: open them again.'),
      );
    }
    return exportStreamed(this.services, {
      connection,
      rows: (client, signal) =>
        client.stream('events', {
          query: eventsQuery(this.source),
          orderBy: [...EVENT_ORDER],
          method: eventsMethod(this.source),
          signal,
        }),
      format,
      title: vscode.l10n.t(
        'Export every event of "{0}" as {1} (streamed from {2})',
        this.panel.title,
        format.toUpperCase(),
        connection.name,
      ),
      fileStem: 'events',
    });
  }

  /** A load starts: the page holds none of its rows (they follow as a snapshot). */
  private sendLoading(): void {
    this.post({ type: 'loading', title: this.panel.title });
    this.rows.unsent();
  }
}

/** The node a report belongs to; also tells a missing report from one without events. */
async function reportCertname(
  client: PuppetDB,
  reportHash: string,
  signal: AbortSignal,
): Promise<string> {
  const row = (await client
    .stream('reports', { query: ['extract', ['certname'], ['=', 'hash', reportHash]], signal })
    .first()) as { certname?: string } | undefined;
  const certname = row?.certname;
  if (!certname) throw new Error(vscode.l10n.t('PuppetDB has no report {0}.', reportHash));
  return certname;
}
