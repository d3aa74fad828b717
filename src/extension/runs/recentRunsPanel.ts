import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import {
  MAX_RUNS,
  RUNS_PER_MESSAGE,
  recentRunsRequest,
  rowChange,
  runChangesRequest,
  runCountsQuery,
  runRowFromWire,
  runStatusCounts,
  windowBounds,
  windowLabel,
  type RunRow,
  type RunsFilter,
  type RunStatusCounts,
} from '../../shared/recentRuns';
import type { RunChange } from '../../shared/history';
import type { RunsHealth } from '../../shared/protocol';
import { runsFilter } from '../../shared/protocol/runsSchema';
import { lastSuccessByNode, runChangeOfRow } from '../fleetHealth';
import type { RecentRunsTarget } from '../commandTargets';
import { Commands } from '../ids';
import { viewCommand, type PanelDefinition } from '../webviews/definePanel';
import { openViews } from '../webviews/openViews';
import {
  WebviewPanelHost,
  type InfoOf,
  type Opening,
  type ViewHandlers,
} from '../webviews/webviewPanelHost';
import { askCustomWindow } from './pickRunsWindow';
import { MAX_LIST_ROWS } from '../boundedRows';
import { noteTruncated, rowsAtMost } from '../truncationNotice';

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
  /**
   * The runs loaded, newest first (hash and certname, for tests), with what each changed as its
   * Change column says (undefined until PuppetDB answered).
   */
  runs: Array<
    Pick<RunRow, 'hash' | 'certname' | 'status' | 'environment' | 'endTime'> & {
      change: RunChange | undefined;
    }
  >;
  /** Each node's last successful run, as the Last success column shows it. */
  health: RunsHealth | undefined;
  counts: RunStatusCounts | undefined;
  environments: string[];
  truncatedAt: number | undefined;
  /** Rows the webview last said it painted, and of how many loaded. */
  shown: { rows: number; loaded: number } | undefined;
  state: 'loading' | 'done' | 'error';
  error: string | undefined;
}

const DEFAULT_FILTER: RunsFilter = { window: { last: '24h' } };

/**
 * The runs tables' panels: one per connection. "Show Recent Runs" opens one (a RecentRunsTarget);
 * opening it again with a filter lists that filter's runs.
 */
export function recentRunsPanels(): PanelDefinition<'runs', RecentRunsPanel> {
  return {
    entry: 'runs',
    title: () => vscode.l10n.t('Runs'),
    create: (opening) => new RecentRunsPanel(opening),
    command: viewCommand(Commands.showRecentRuns, {
      command: 'Show Recent Runs',
      connection: 'active',
      target: ({ from, fields }): Omit<RecentRunsTarget, 'connectionId'> => {
        if (from !== 'object') return {};
        const { filter, firstRows } = fields as Partial<RecentRunsTarget>;
        // a command can be run with anything: the filter must be one the webview could send
        const problem = filter === undefined ? undefined : runsFilter(filter);
        if (problem) throw new Error(`Show Recent Runs: the filter does not fit (${problem}).`);
        return { filter, firstRows: firstRows === true };
      },
      open: async (tables, { connectionId, target: { filter, firstRows } }) => {
        const listed = { entry: 'runs' as const, connectionId, filter: filter ?? DEFAULT_FILTER };
        const { panel, isNew } = tables.show(listed);
        if (!isNew && filter) await panel.setFilter(filter);
        await (firstRows ? panel.firstRowsShown() : panel.loaded);
        return panel.info();
      },
    }),
  };
}

/**
 * The fleet's runs in a window: report summaries (no logs, metrics or events) streamed newest
 * first into a virtual table, the window's counts by status beside them (PuppetDB counts them);
 * a row opens the report view. The window, status and environment are asked of PuppetDB, so a
 * week of a large fleet is never pulled to be filtered here.
 */
export class RecentRunsPanel extends WebviewPanelHost<'runs'> {
  private readonly rows = this.streamRows<RunRow>(
    RUNS_PER_MESSAGE,
    () => this.postAll(),
    (rows, complete, truncatedAt) => this.post({ type: 'moreRuns', rows, complete, truncatedAt }),
  );
  private counts: RunStatusCounts | undefined;
  private changes: Record<string, RunChange> | undefined;
  private health: RunsHealth | undefined;
  private environments: string[] = [];
  private bounds: { since: string; until?: string };
  readonly connectionId: string;
  private filter: RunsFilter;

  /** The runs of a filter to load, or after a window reload what it showed (or a note), nothing fetched until "Load again". */
  constructor(opening: Opening<'runs'>) {
    super(opening);
    ({ connectionId: this.connectionId, filter: this.filter } = opening.info);
    this.bounds = windowBounds(this.filter.window, new Date());
    this.updateTitle();
    if (!opening.revived) {
      this.loaded = this.load();
      return;
    }
    const kept = opening.revived.kept?.content;
    this.rows.reset(kept?.rows ?? [], true);
    if (!kept) return;
    ({ counts: this.counts, environments: this.environments, bounds: this.bounds } = kept);
    ({ changes: this.changes, health: this.health } = kept);
  }

  info(): RecentRunsPanelInfo {
    return {
      connectionId: this.connectionId,
      title: this.panel.title,
      filter: this.filter,
      bounds: this.bounds,
      runs: this.rows.rows.map(({ hash, certname, status, environment, endTime }) => ({
        hash,
        certname,
        status,
        environment,
        endTime,
        change: rowChange({ hash, status }, this.changes),
      })),
      health: this.health,
      counts: this.counts,
      environments: [...this.environments],
      truncatedAt: this.rows.truncatedAt,
      shown: this.rows.shown,
      state: this.rows.state,
      error: this.failure?.message,
    };
  }

  /** Resolves once the webview has painted rows of the current load (or all of none). */
  firstRowsShown(): Promise<void> {
    return this.firstRowsPainted(this.rows);
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

  protected restoreInfo(): InfoOf<'runs'> {
    return { entry: 'runs', connectionId: this.connectionId, filter: this.filter };
  }

  protected reload(): Promise<void> {
    this.loaded = this.load();
    return this.loaded;
  }

  private load(): Promise<void> {
    this.bounds = windowBounds(this.filter.window, new Date());
    this.updateTitle();
    this.restored = undefined;
    this.rows.reset();
    this.counts = undefined;
    this.changes = undefined;
    this.health = undefined;
    this.failure = undefined;
    this.persist();
    this.postLoading();
    return this.streamLoad(this.rows, async (signal) => {
      const client = await this.services.store.client(this.connectionId);
      // the counts and the environments are asked once the first rows are in: the first rows
      // wait for neither, nor share PuppetDB's threads with them
      let firstRowsIn = () => {};
      const side = new Promise<void>((resolve) => (firstRowsIn = resolve)).then(() =>
        Promise.all([
          this.loadCounts(client, signal),
          this.loadEnvironments(client, signal),
          this.loadChanges(client, signal),
          this.loadHealth(client, signal),
        ]),
      );
      side.catch(() => undefined); // awaited below, once the rows are in
      await this.loadRows(client, signal, firstRowsIn);
      firstRowsIn();
      await side;
    });
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
      const rows = (batch as Array<Record<string, unknown>>).map(runRowFromWire);
      // leaving the loop ends the request (its body is discarded): nothing more is read
      if (!this.rows.addAtMost(rows, MAX_RUNS)) break;
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

  /**
   * What the listed runs changed: the runs that changed or failed, with their metrics (PuppetDB
   * cannot filter on them, so the Change filter is the page's), a batch at a time; no more of
   * them than the table lists (an endless answer is left there).
   */
  private async loadChanges(client: PuppetDB, signal: AbortSignal): Promise<void> {
    const changes: Record<string, RunChange> = {};
    const stream = client.stream('reports', {
      ...runChangesRequest(this.filter, this.bounds),
      signal,
    });
    let read = 0;
    for await (const batch of stream.batches()) {
      if (signal.aborted) return;
      for (const row of batch as Array<Record<string, unknown>>) {
        if (typeof row.hash === 'string') changes[row.hash] = runChangeOfRow(row).change;
      }
      read += batch.length;
      // leaving the loop ends the request: the runs past the table's last are never shown
      if (read >= MAX_RUNS) break;
    }
    if (signal.aborted) return;
    this.changes = changes;
    if (this.isListening) this.post({ type: 'changes', changes });
  }

  /** Each node's last successful run: one aggregate over the fleet (fleetHealth.ts). */
  private async loadHealth(client: PuppetDB, signal: AbortSignal): Promise<void> {
    const { lastSuccess, truncatedAt } = await lastSuccessByNode(client, signal);
    if (signal.aborted) return;
    if (truncatedAt !== undefined) {
      noteTruncated(vscode.l10n.t('The last successful runs'), truncatedAt);
    }
    this.health = {
      lastSuccess: Object.fromEntries(lastSuccess),
      noSuccessWithinHours: this.services.settings.noSuccessWithinHours(),
    };
    if (this.isListening) this.post({ type: 'health', health: this.health });
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

  /** A load starts: the page holds none of its rows (they follow as a snapshot). */
  private postLoading(): void {
    this.rows.unsent();
    this.post({
      type: 'loading',
      title: this.panel.title,
      filter: this.filter,
      bounds: this.bounds,
      environments: this.environments,
    });
  }

  /** The first rows (SNAPSHOT_ROWS at most) with the rest of the view; `shown` flushes the others. */
  private postAll(): void {
    const rows = this.rows.rows.slice(0, SNAPSHOT_ROWS);
    const complete = this.rows.state !== 'loading' && rows.length === this.rows.rows.length;
    this.post({
      type: 'runs',
      title: this.panel.title,
      filter: this.filter,
      bounds: this.bounds,
      rows,
      counts: this.counts,
      environments: this.environments,
      changes: this.changes,
      health: this.health,
      complete,
      truncatedAt: complete ? this.rows.truncatedAt : undefined,
      restored: this.restored,
    });
    this.rows.sent(rows.length);
  }

  protected sendSnapshot(): void {
    this.persist();
    if (this.rows.state === 'error') {
      this.post(
        this.failure ?? { type: 'error', message: vscode.l10n.t('The runs could not be loaded.') },
      );
    } else if (this.rows.state === 'loading' && this.rows.rows.length === 0) {
      this.postLoading();
    } else {
      this.postAll();
    }
  }

  protected readonly handlers: ViewHandlers<'runs'> = {
    setFilter: ({ filter }) => this.setFilter(filter),
    pickWindow: async () => {
      const window = await askCustomWindow();
      if (window) await this.setFilter({ ...this.filter, window });
      // cancelled: the webview's window picker goes back to what is listed
      else this.sendSnapshot();
    },
    openReport: ({ reportHash }) =>
      openViews.report({ connectionId: this.connectionId, reportHash }),
    // a node of a run the list shows (the page may name no other)
    whyFailing: ({ certname }) => {
      if (!this.rows.rows.some((run) => run.certname === certname)) return;
      return openViews.whyFailing({ connectionId: this.connectionId, certname });
    },
    reload: () => this.reload(),
    shown: (shown) => this.rows.pagePainted(shown),
  };
}
