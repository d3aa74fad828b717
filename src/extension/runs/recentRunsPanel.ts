import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import {
  MAX_RUNS,
  RUNS_PER_MESSAGE,
  recentRunsRequest,
  runCountsQuery,
  runRowFromWire,
  runStatusCounts,
  windowBounds,
  windowLabel,
  type RunRow,
  type RunsFilter,
  type RunStatusCounts,
} from '../../shared/recentRuns';
import type { KeptContent, RestoredNote, RestoreInfo, RunsToHost } from '../../shared/protocol';
import { restoredNote } from '../../shared/protocolSchema';
import { WebviewPanels } from '../ids';
import type { Services } from '../services';
import { bannerError, errorBannerHandlers } from '../webviews/errorBanner';
import { openViews } from '../webviews/openViews';
import { createPanel } from '../webviews/webviewHtml';
import { WebviewPanelHost, type MessageHandlers } from '../webviews/webviewPanelHost';
import { askCustomWindow } from './pickRunsWindow';
import { MAX_LIST_ROWS } from '../boundedRows';
import { rowsAtMost } from '../truncationNotice';

/** The longest a batch waits for more rows before it is posted anyway. */
const FLUSH_INTERVAL_MS = 100;

/**
 * The most rows a snapshot carries (two screens); the rest follows once they are painted. Rows
 * that arrived before the webview was ready (a fast PuppetDB, a busy window) went out all in the
 * snapshot: the window's 10,000 runs held up the first paint by a second on the bench fleet.
 */
const SNAPSHOT_ROWS = 100;

/** What the command answers (host tests and the bench read it). */
export interface RecentRunsPanelInfo {
  connectionId: string;
  title: string;
  filter: RunsFilter;
  /** The bounds PuppetDB was asked with (ISO-8601, `until` exclusive). */
  bounds: { since: string; until?: string };
  /** The runs loaded, newest first (hash and certname, for tests). */
  runs: Array<Pick<RunRow, 'hash' | 'certname' | 'status' | 'environment' | 'endTime'>>;
  counts: RunStatusCounts | undefined;
  environments: string[];
  truncatedAt: number | undefined;
  /** Rows the webview last said it painted, and of how many loaded. */
  shown: { rows: number; loaded: number } | undefined;
  state: 'loading' | 'done' | 'error';
  error: string | undefined;
}

/**
 * The fleet's runs in a window: report summaries (no logs, metrics or events) streamed newest
 * first into a virtual table, the window's counts by status beside them (PuppetDB counts them);
 * a row opens the report view. The window, status and environment are asked of PuppetDB, so a
 * week of a large fleet is never pulled to be filtered here.
 */
export class RecentRunsPanel extends WebviewPanelHost<'runs'> {
  private rows: RunRow[] = [];
  private posted = 0;
  /** The webview was sent the last rows of the load (its `complete`). */
  private sentComplete = false;
  private counts: RunStatusCounts | undefined;
  private environments: string[] = [];
  private bounds: { since: string; until?: string };
  private truncatedAt: number | undefined;
  private state: RecentRunsPanelInfo['state'] = 'loading';
  private error: string | undefined;
  private errorInSettings = false;
  private shown: RecentRunsPanelInfo['shown'];
  private controller = new AbortController();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private restored: RestoredNote | undefined;
  private readonly shownChanged = new vscode.EventEmitter<void>();
  /** Settles when the current load has ended, whichever way. */
  loaded: Promise<void> = Promise.resolve();

  static create(services: Services, connectionId: string, filter: RunsFilter): RecentRunsPanel {
    const panel = createPanel(services.extensionUri, WebviewPanels.runs, vscode.l10n.t('Runs'));
    const runs = new RecentRunsPanel(services, panel, connectionId, filter);
    runs.loaded = runs.load();
    return runs;
  }

  /** After a window reload: what it showed (or a note), nothing fetched until "Load again". */
  static restore(
    services: Services,
    panel: vscode.WebviewPanel,
    restore: Extract<RestoreInfo, { entry: 'runs' }>,
    kept: KeptContent<'runs'> | undefined,
  ): RecentRunsPanel {
    const runs = new RecentRunsPanel(services, panel, restore.connectionId, restore.filter);
    runs.restored = restoredNote(kept);
    runs.state = 'done';
    if (kept?.content) {
      runs.rows = kept.content.rows;
      runs.counts = kept.content.counts;
      runs.environments = kept.content.environments;
      runs.bounds = kept.content.bounds;
    }
    return runs;
  }

  private constructor(
    private readonly services: Services,
    panel: vscode.WebviewPanel,
    readonly connectionId: string,
    private filter: RunsFilter,
  ) {
    super(panel, services, 'runs');
    this.bounds = windowBounds(filter.window, new Date());
    this.updateTitle();
    this.onDidDispose(() => {
      this.controller.abort();
      clearTimeout(this.flushTimer);
      this.shownChanged.dispose();
    });
  }

  info(): RecentRunsPanelInfo {
    return {
      connectionId: this.connectionId,
      title: this.panel.title,
      filter: this.filter,
      bounds: this.bounds,
      runs: this.rows.map(({ hash, certname, status, environment, endTime }) => ({
        hash,
        certname,
        status,
        environment,
        endTime,
      })),
      counts: this.counts,
      environments: [...this.environments],
      truncatedAt: this.truncatedAt,
      shown: this.shown,
      state: this.state,
      error: this.error,
    };
  }

  /** Resolves once the webview has painted rows of the current load (or all of none). */
  firstRowsShown(): Promise<void> {
    // rows painted; or, once the load ended without any, the empty table painted
    return this.once(
      this.shownChanged.event,
      () =>
        this.shown !== undefined &&
        (this.shown.rows > 0 || (this.state !== 'loading' && this.rows.length === 0)),
    );
  }

  /** Lists the runs of another window, status or environment. */
  setFilter(filter: RunsFilter): Promise<void> {
    this.filter = filter;
    return this.reload();
  }

  private updateTitle(): void {
    const name = this.services.store.get(this.connectionId)?.name ?? this.connectionId;
    this.panel.title = vscode.l10n.t('Runs · {0} · {1}', name, windowLabel(this.filter.window));
  }

  private restoreInfo(): Extract<RestoreInfo, { entry: 'runs' }> {
    return { entry: 'runs', connectionId: this.connectionId, filter: this.filter };
  }

  private reload(): Promise<void> {
    this.loaded = this.load();
    return this.loaded;
  }

  private async load(): Promise<void> {
    this.controller.abort();
    this.controller = new AbortController();
    const { signal } = this.controller;
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.bounds = windowBounds(this.filter.window, new Date());
    this.updateTitle();
    this.restored = undefined;
    this.rows = [];
    this.posted = 0;
    this.sentComplete = false;
    this.counts = undefined;
    this.truncatedAt = undefined;
    this.shown = undefined;
    this.state = 'loading';
    this.error = undefined;
    this.persist(this.restoreInfo());
    this.postLoading();
    try {
      const client = await this.services.store.client(this.connectionId);
      // the counts and the environments are asked once the first rows are in: the first rows
      // wait for neither, nor share PuppetDB's threads with them
      let firstRowsIn = () => {};
      const side = new Promise<void>((resolve) => (firstRowsIn = resolve)).then(() =>
        Promise.all([this.loadCounts(client, signal), this.loadEnvironments(client, signal)]),
      );
      side.catch(() => undefined); // awaited below, once the rows are in
      await this.loadRows(client, signal, firstRowsIn);
      firstRowsIn();
      await side;
      if (signal.aborted) return;
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

  private async loadRows(
    client: PuppetDB,
    signal: AbortSignal,
    firstRowsIn: () => void,
  ): Promise<void> {
    const request = recentRunsRequest(this.filter, this.bounds);
    const stream = client.stream('reports', { ...request, signal });
    for await (const batch of stream.batches()) {
      if (signal.aborted) return;
      const room = MAX_RUNS - this.rows.length;
      for (const row of (batch as Array<Record<string, unknown>>).slice(0, room)) {
        this.rows.push(runRowFromWire(row));
      }
      if (batch.length > room) {
        // leaving the loop ends the request (its body is discarded): nothing more is read
        this.truncatedAt = MAX_RUNS;
        break;
      }
      this.scheduleFlush();
      firstRowsIn();
    }
  }

  private async loadCounts(client: PuppetDB, signal: AbortSignal): Promise<void> {
    const rows = (await rowsAtMost(
      client.stream('reports', { query: runCountsQuery(this.filter, this.bounds), signal }),
      MAX_LIST_ROWS,
      vscode.l10n.t('The counts of the runs'),
    )) as Array<Record<string, unknown>>;
    if (signal.aborted) return;
    this.counts = runStatusCounts(rows);
    if (this.isListening) this.post({ type: 'counts', counts: this.counts });
  }

  private async loadEnvironments(client: PuppetDB, signal: AbortSignal): Promise<void> {
    const rows = (await rowsAtMost(
      client.stream('environments', { signal }),
      MAX_LIST_ROWS,
      vscode.l10n.t('The environments'),
    )) as Array<{ name?: unknown }>;
    if (signal.aborted) return;
    this.environments = rows
      .map((row) => row.name)
      .filter((name): name is string => typeof name === 'string')
      .sort();
    if (this.isListening) {
      this.post({ type: 'environments', environments: this.environments });
    }
  }

  private postLoading(): void {
    this.post({
      type: 'loading',
      title: this.panel.title,
      filter: this.filter,
      bounds: this.bounds,
      environments: this.environments,
    });
  }

  /** The first rows go out at once; later ones wait for a full batch or the interval. */
  private scheduleFlush(): void {
    const pending = this.rows.length - this.posted;
    if (this.posted === 0 || pending >= RUNS_PER_MESSAGE) this.flush();
    else if (!this.flushTimer) this.flushTimer = setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
  }

  /**
   * Posts what the webview has not been sent yet, one message at a time: the next goes once the
   * webview said it painted the last (`shown`). Without that, a week of runs queued behind the
   * first rows (each message a few megabytes to copy) held back their paint by a second.
   */
  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    // while the webview is not listening it gets the first rows in the snapshot of its next
    // `ready`, and the others from here once it has painted them
    if (!this.isListening || this.sentComplete) return;
    if (this.posted === 0) {
      this.postAll();
      return;
    }
    if ((this.shown?.loaded ?? 0) < this.posted) return; // `shown` flushes again
    const complete = this.state === 'done';
    if (this.rows.length === this.posted && !complete) return;
    const rows = this.rows.slice(this.posted, this.posted + RUNS_PER_MESSAGE);
    const last = this.posted + rows.length >= this.rows.length;
    this.post({
      type: 'moreRuns',
      rows,
      complete: complete && last,
      truncatedAt: complete && last ? this.truncatedAt : undefined,
    });
    this.posted += rows.length;
    this.sentComplete = complete && last;
  }

  /** The first rows (SNAPSHOT_ROWS at most) with the rest of the view; `shown` flushes the others. */
  private postAll(): void {
    const rows = this.rows.slice(0, SNAPSHOT_ROWS);
    const complete = this.state !== 'loading' && rows.length === this.rows.length;
    this.post({
      type: 'runs',
      title: this.panel.title,
      filter: this.filter,
      bounds: this.bounds,
      rows,
      counts: this.counts,
      environments: this.environments,
      complete,
      truncatedAt: complete ? this.truncatedAt : undefined,
      restored: this.restored,
    });
    this.posted = rows.length;
    this.sentComplete = complete;
  }

  protected sendSnapshot(): void {
    this.persist(this.restoreInfo());
    if (this.state === 'error') {
      this.post({
        type: 'error',
        message: this.error ?? vscode.l10n.t('The runs could not be loaded.'),
        editConnection: this.errorInSettings,
      });
    } else if (this.state === 'loading' && this.rows.length === 0) {
      this.postLoading();
      this.posted = 0;
    } else {
      this.postAll();
    }
  }

  protected readonly handlers: MessageHandlers<RunsToHost> = {
    setFilter: ({ filter }) => this.setFilter(filter),
    pickWindow: async () => {
      const window = await askCustomWindow();
      if (window) await this.setFilter({ ...this.filter, window });
      // cancelled: the webview's window picker goes back to what is listed
      else this.sendSnapshot();
    },
    openReport: ({ reportHash }) =>
      openViews.report({ connectionId: this.connectionId, reportHash }),
    reload: () => this.reload(),
    shown: ({ rows, loaded }) => {
      this.shown = { rows, loaded };
      this.shownChanged.fire();
      this.flush();
    },
    ...errorBannerHandlers(() => this.connectionId),
  };
}
