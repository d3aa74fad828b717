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
  type EventsSource,
} from '../../shared/eventTableSource';
import {
  EVENTS_PER_MESSAGE,
  type EventsToHost,
  type KeptContent,
  type RestoredNote,
  type RestoreInfo,
} from '../../shared/protocol';
import { restoredNote } from '../../shared/protocolSchema';
import { WebviewPanels } from '../ids';
import type { Services } from '../services';
import { createPanel } from '../webviews/webviewHtml';
import { WebviewPanelHost, type MessageHandlers } from '../webviews/webviewPanelHost';
import { openViews } from '../webviews/openViews';
import { openHeldManifest } from '../webviews/openHeldManifest';
import { bannerError, errorBannerHandlers } from '../webviews/errorBanner';
import { exportStreamed } from '../export/streamedExport';

/** The longest a batch waits for more rows before it is posted anyway. */
const FLUSH_INTERVAL_MS = 100;
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

/**
 * One events table panel: streams the events of its source from PuppetDB into the webview, the
 * first rows as soon as they arrive and the rest in batches, and answers the table's requests.
 */
export class EventsPanel extends WebviewPanelHost<'events'> {
  private readonly rows: EventRowDto[] = [];
  /** How many of `rows` the webview has been sent since its last snapshot. */
  private posted = 0;
  private state: EventsPanelInfo['state'] = 'loading';
  private error: string | undefined;
  /** The connection's settings are the likely fix of `error` (the banner offers Edit Connection). */
  private errorInSettings = false;
  private certname: string | undefined;
  private truncatedAt: number | undefined;
  private readonly controller = new AbortController();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set while the panel shows what it showed before a window reload (nothing fetched). */
  private restored: RestoredNote | undefined;
  /** Settles when the load has ended, whichever way. */
  loaded: Promise<void> = Promise.resolve();

  static create(services: Services, connectionId: string, source: EventsSource): EventsPanel {
    const panel = createPanel(services.extensionUri, WebviewPanels.events, eventsTitle(source));
    const events = new EventsPanel(services, panel, connectionId, source);
    events.loaded = events.load();
    return events;
  }

  /**
   * Brings back a panel after a window reload with the events it showed (or a note when they
   * were not kept): nothing is fetched until the user clicks "Load again".
   */
  static restore(
    services: Services,
    panel: vscode.WebviewPanel,
    restore: Extract<RestoreInfo, { entry: 'events' }>,
    kept: KeptContent<'events'> | undefined,
  ): EventsPanel {
    const events = new EventsPanel(services, panel, restore.connectionId, restore.source);
    events.restored = restoredNote(kept);
    events.state = 'done';
    if (kept?.content) {
      events.rows.push(...kept.content.events);
      events.certname = kept.content.certname;
      panel.title = kept.content.title;
    }
    return events;
  }

  private constructor(
    private readonly services: Services,
    panel: vscode.WebviewPanel,
    private readonly connectionId: string,
    private readonly source: EventsSource,
  ) {
    super(panel, services, 'events');
    panel.title = eventsTitle(source);
    this.onDidDispose(() => {
      this.controller.abort();
      clearTimeout(this.flushTimer);
    });
  }

  info(): EventsPanelInfo {
    return {
      title: this.panel.title,
      restore: this.restoreInfo(),
      eventCount: this.rows.length,
      truncatedAt: this.truncatedAt,
      state: this.state,
      error: this.error,
    };
  }

  private restoreInfo(): Extract<RestoreInfo, { entry: 'events' }> {
    return { entry: 'events', connectionId: this.connectionId, source: this.source };
  }

  private async load(): Promise<void> {
    const { signal } = this.controller;
    this.restored = undefined;
    this.truncatedAt = undefined;
    this.rows.length = 0;
    this.posted = 0;
    this.state = 'loading';
    this.error = undefined;
    try {
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
        const room = maxEvents - this.rows.length;
        for (const row of batch.slice(0, room)) {
          this.rows.push(eventRowFromWire(row as Record<string, unknown>));
        }
        if (batch.length > room) {
          // leaving the loop ends the request (its body is discarded): nothing more is held
          this.truncatedAt = maxEvents;
          break;
        }
        this.scheduleFlush();
      }
      this.state = 'done';
      this.flush();
    } catch (error) {
      if (signal.aborted) return;
      this.state = 'error';
      const shown = bannerError(this.services.errors, `Loading ${this.panel.title}`, error);
      this.error = shown.message;
      this.errorInSettings = shown.editConnection;
      this.post({ type: 'error', ...shown });
    }
  }

  /** The first rows go out at once; later ones wait for a full batch or the interval. */
  private scheduleFlush(): void {
    const pending = this.rows.length - this.posted;
    if (this.posted === 0 || pending >= EVENTS_PER_MESSAGE) {
      this.flush();
    } else if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
    }
  }

  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    // while the webview is not listening it gets everything in the snapshot of its next `ready`
    if (!this.isListening) return;
    const complete = this.state === 'done';
    if (this.posted === 0) {
      this.postAll();
      return;
    }
    for (
      let start = this.posted;
      start < this.rows.length || complete;
      start += EVENTS_PER_MESSAGE
    ) {
      const events = this.rows.slice(start, start + EVENTS_PER_MESSAGE);
      const last = start + EVENTS_PER_MESSAGE >= this.rows.length;
      this.post({
        type: 'moreEvents',
        events,
        complete: complete && last,
        truncatedAt: complete && last ? this.truncatedAt : undefined,
      });
      if (last) break;
    }
    this.posted = this.rows.length;
  }

  private postAll(): void {
    this.post({
      type: 'events',
      title: this.panel.title,
      certname: this.certname,
      events: this.rows.slice(),
      complete: this.state === 'done',
      truncatedAt: this.truncatedAt,
      restored: this.restored,
    });
    this.posted = this.rows.length;
  }

  protected sendSnapshot(): void {
    this.persist(this.restoreInfo());
    if (this.restored?.omitted !== undefined) {
      this.post({ type: 'restored', title: this.panel.title, note: this.restored });
    } else if (this.state === 'error') {
      this.post({
        type: 'error',
        message: this.error ?? vscode.l10n.t('The events could not be loaded.'),
        editConnection: this.errorInSettings,
      });
    } else if (this.state === 'loading' && this.rows.length === 0) {
      this.post({ type: 'loading', title: this.panel.title });
      this.posted = 0;
    } else {
      this.postAll();
    }
  }

  protected readonly handlers: MessageHandlers<EventsToHost> = {
    openInGraph: (message) => openViews.resourceInGraph(this.connectionId, message),
    // the file and line must be among the events the host fetched: a restored table's rows were
    // kept by its webview, so they are fetched again first
    openManifest: async (location) => {
      if (this.restored) await this.reload();
      return openHeldManifest(this.rows, location);
    },
    openReport: ({ reportHash }) =>
      openViews.report({ connectionId: this.connectionId, reportHash }),
    reload: () => this.reload(),
    exportAll: ({ format }) => this.exportAll(format),
    ...errorBannerHandlers(() => this.connectionId),
  };

  /** Loads the events again ("Load again"), unless a load is under way. */
  private async reload(): Promise<void> {
    if (this.state === 'loading') return this.loaded;
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

  private sendLoading(): void {
    this.post({ type: 'loading', title: this.panel.title });
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
