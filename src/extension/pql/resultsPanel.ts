import * as vscode from 'vscode';
import {
  RESULTS_ROWS_PER_MESSAGE,
  type ResultsError,
  type ResultsSnapshot,
  type ResultsTruncation,
} from '../../shared/protocol';
import type { Services } from '../services';
import type { ConnectionSettings } from '../settings';
import { withLoadProgress } from '../tree/loading';
import type { PanelDefinition } from '../webviews/definePanel';
import {
  WebviewPanelHost,
  type InfoOf,
  type Opening,
  type ViewHandlers,
} from '../webviews/webviewPanelHost';
import { exportRows } from '../export/exportRows';
import { copyCurl } from './copyCurl';
import { queryEntity, resultsFileStem } from './language/queryEntity';
import { exportWholeResult } from './wholeResultExport';
import { ResultBudget } from './resultBudget';
import { errorEcho, summarize } from './language/errorLocation';
import { pagingOf } from './language/paging';
import { openViews } from '../webviews/openViews';
import { pointsAtConnectionSettings } from '../errorText';
import { CONNECTION_COLUMN, MergedRun } from '../../shared/multiConnection/mergedRun';
import { runOnEachConnection } from '../multiConnection/eachConnectionRun';

export interface RunRequest {
  /** The connection the query runs on (looked up when the panel needs it). */
  connectionId: string;
  query: string;
  /**
   * Set to run the query on several connections at once (`connectionId` is the first): their
   * rows merged with a `connection` column, each one's total and error beside the others'.
   */
  connectionIds?: readonly string[];
  /** Called once per run with its outcome (history, diagnostics). */
  onOutcome?: (outcome: RunOutcome) => void;
}

export interface RunOutcome {
  state: 'done' | 'error' | 'cancelled';
  rows: number;
  elapsedMs: number;
  /** The server's text for a 4xx/5xx answer (for the squiggle). */
  serverText: string | undefined;
}

/** The results panel: one, reused by every run, beside the editor (which keeps the focus). */
export function resultsPanels(): PanelDefinition<'results', ResultsPanel> {
  return {
    entry: 'results',
    key: () => 'results',
    title: () => vscode.l10n.t('PQL Results'),
    beside: true,
    create: (opening) => new ResultsPanel(opening),
  };
}

/**
 * The PQL results panel: runs a query through the client, streams its rows into the webview as
 * the body arrives, pages on demand, and exports. One panel, reused by every run.
 */
export class ResultsPanel extends WebviewPanelHost<'results'> {
  private snapshot: ResultsSnapshot = emptySnapshot();
  /** The rows of the run (the snapshot's), streamed into the webview. */
  private readonly rows = this.streamRows<unknown>(
    RESULTS_ROWS_PER_MESSAGE,
    () => {
      this.post({ type: 'snapshot', snapshot: this.snapshot });
      this.rows.sent();
    },
    (rows, complete) => this.postRows(rows, complete),
  );
  private request: RunRequest | undefined;
  private controller: AbortController | undefined;
  private total: number | undefined;
  private runStarted = 0;
  /** When the page being fetched started, and the run's time before it (for `elapsedMs`). */
  private page = { started: 0, elapsedBefore: 0 };
  /** The tallies of a run on several connections (undefined: a run on one). */
  private merged: MergedRun | undefined;
  /** What the run may still hold (settings `pql.maxRows`, `pql.maxResultMB`). */
  private budget = new ResultBudget({ maxRows: Infinity, maxBytes: Infinity });

  /**
   * The panel of a run to come (`run` starts it), or one revived after a window reload, which
   * shows what it showed (or a note when that was not kept), sending nothing to PuppetDB: "Run
   * again" does, when the user asks.
   */
  constructor(opening: Opening<'results'>) {
    super(opening);
    const { panel, services } = opening;
    panel.iconPath = vscode.Uri.joinPath(services.extensionUri, 'media', 'puppetdb.svg');
    this.onDidDispose(() => this.controller?.abort());
    if (!opening.revived) return;
    const { connectionId, query, connectionIds } = opening.info;
    this.request = { connectionId, query, ...(connectionIds && { connectionIds }) };
    const kept = opening.revived.kept?.content;
    this.snapshot = kept
      ? {
          ...kept,
          state: kept.state === 'running' ? 'cancelled' : kept.state,
          // the next page starts where the kept rows end: "Run again" pages from the host's query
          hasMore: false,
          restored: this.restored,
        }
      : {
          ...emptySnapshot(),
          query,
          connectionName: this.connectionNames(this.request),
          entity: queryEntity(query),
          restored: this.restored,
        };
    panel.title = vscode.l10n.t('PQL: {0}', query.replace(/\s+/g, ' ').slice(0, 40));
    this.budget = new ResultBudget(
      this.services.settings.resultLimits(),
      this.snapshot.rows.length,
    );
    this.rows.reset(this.snapshot.rows, true);
  }

  /** The connection of the query shown. */
  get connectionId(): string | undefined {
    return this.request?.connectionId;
  }

  /** The panel's current state (integration tests read it). */
  results(): ResultsSnapshot {
    return this.snapshot;
  }

  /** Starts a run (aborting the one before) and resolves when its first page has ended. */
  async run(request: RunRequest): Promise<RunOutcome> {
    this.controller?.abort();
    this.request = request;
    this.total = undefined;
    this.budget = new ResultBudget(this.services.settings.resultLimits());
    this.merged = request.connectionIds && new MergedRun(this.connectionLabels(request));
    this.snapshot = {
      ...emptySnapshot(),
      runId: this.snapshot.runId + 1,
      query: request.query,
      connectionName: this.connectionNames(request),
      entity: queryEntity(request.query),
      state: 'running',
      ...(this.merged && { connections: this.merged.tallies }),
    };
    this.restored = undefined;
    this.failure = undefined;
    this.runStarted = performance.now();
    this.panel.title = vscode.l10n.t('PQL: {0}', request.query.replace(/\s+/g, ' ').slice(0, 40));
    this.persist();
    this.rows.reset(this.snapshot.rows);
    this.rows.flush();
    const outcome = await (this.merged ? this.fetchFromEach(this.merged) : this.fetchPage());
    request.onOutcome?.(outcome);
    return outcome;
  }

  /** The names of the run's connections, as its `connection` column shows them. */
  private connectionLabels(request: RunRequest): string[] {
    return (request.connectionIds ?? [request.connectionId]).map(
      (id) => this.services.store.get(id)?.name ?? id,
    );
  }

  /** What the panel's title says the query ran on: one connection's name, or all of them. */
  private connectionNames(request: RunRequest): string {
    return this.connectionLabels(request).join(', ');
  }

  protected restoreInfo(): InfoOf<'results'> | undefined {
    const { request } = this;
    return (
      request && {
        entry: 'results',
        connectionId: request.connectionId,
        query: request.query,
        ...(request.connectionIds && { connectionIds: [...request.connectionIds] }),
      }
    );
  }

  protected sendSnapshot(): void {
    this.persist();
    this.rows.unsent();
    this.rows.flush();
  }

  /** Runs the query again (its "Run again", the error banner's Retry). */
  protected async reload(): Promise<void> {
    if (!this.request) {
      throw new Error('The connection of this query no longer exists: run it from a .pql file.');
    }
    await this.run(this.request);
  }

  /** The connection of the query, while it exists (a query run on one connection). */
  private connection(): ConnectionSettings {
    if (this.request?.connectionIds) {
      throw new Error(
        vscode.l10n.t(
          'This query ran on several connections at once: run it on one connection to export its whole result or copy its curl command.',
        ),
      );
    }
    const connection = this.request && this.services.store.get(this.request.connectionId);
    if (!connection) {
      throw new Error('The connection of this query no longer exists: run it from a .pql file.');
    }
    return connection;
  }

  protected readonly handlers: ViewHandlers<'results'> = {
    rendered: ({ runId, rowCount }) => {
      this.noteRendered(runId, rowCount);
      if (runId === this.snapshot.runId) this.rows.paintedUpTo(rowCount);
    },
    cancel: ({ runId }) => {
      if (runId === this.snapshot.runId) this.controller?.abort();
    },
    loadMore: async ({ runId }) => {
      // a run on several connections has no next page (each connection's first page only)
      if (
        this.request &&
        !this.request.connectionIds &&
        !this.snapshot.restored &&
        runId === this.snapshot.runId &&
        this.snapshot.state !== 'running'
      ) {
        await this.fetchPage();
      }
    },
    rerun: () => this.reload(),
    export: ({ format }) =>
      exportRows(this.snapshot.rows, format, {
        fileStem: resultsFileStem(this.snapshot.query),
        hasMore: this.snapshot.hasMore,
      }),
    exportAll: async ({ format }) => {
      await exportWholeResult(this.services, this.connection(), this.request!.query, format);
    },
    copyCurl: async () => {
      if (this.request) await copyCurl(this.services, this.connection(), this.request.query);
    },
    openNode: async ({ certname, ...at }) => {
      const connectionId = this.connectionOfRow(at);
      if (connectionId) await openViews.node({ connectionId, certname });
    },
    openCatalog: async ({ certname, ...at }) => {
      const connectionId = this.connectionOfRow(at);
      if (connectionId) await openViews.catalogGraph({ connectionId, certname });
    },
    openEvents: async ({ reportHash, ...at }) => {
      const connectionId = this.connectionOfRow(at);
      if (connectionId) await openViews.events({ connectionId, reportHash });
    },
    // the file and line come from a row the host fetched, never from the webview: the rows of
    // a restored panel were kept by its webview, so the query must run again first
    openManifest: ({ runId, row }) => {
      if (this.snapshot.restored) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t(
            'These rows were kept across a window reload: run the query again ("Run again") to open their manifests.',
          ),
        );
        return undefined;
      }
      if (runId !== this.snapshot.runId) return undefined;
      const location = manifestColumns(this.snapshot.rows[row]);
      return location && openViews.manifest(location);
    },
  };

  /**
   * The connection a row's link opens on: the query's; on a run on several connections, the one
   * the row came from, read from the host's own rows (its `connection` column), never the page's.
   */
  private connectionOfRow({ runId, row }: { runId?: number; row?: number }): string | undefined {
    const ids = this.request?.connectionIds;
    if (!ids) return this.connectionId;
    if (this.snapshot.restored) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'These rows were kept across a window reload: run the query again ("Run again") to open what they name.',
        ),
      );
      return undefined;
    }
    if (runId !== this.snapshot.runId || row === undefined || !this.merged) return undefined;
    const label = (this.snapshot.rows[row] as Record<string, unknown> | undefined)?.[
      CONNECTION_COLUMN
    ];
    const index = this.merged.tallies.findIndex((tally) => tally.name === label);
    return index < 0 ? undefined : ids[index];
  }

  /** The run's time so far: its pages before this one, and this one up to now. */
  private elapsedMs(): number {
    return this.page.elapsedBefore + performance.now() - this.page.started;
  }

  /** Rows of the run for the page to append; with the run's last, how it ended. */
  private postRows(rows: unknown[], complete: boolean): void {
    const { runId } = this.snapshot;
    if (rows.length > 0) {
      if (this.snapshot.state === 'running') this.snapshot.elapsedMs = this.elapsedMs();
      this.post({
        type: 'rows',
        runId,
        rows,
        elapsedMs: this.snapshot.elapsedMs,
        firstRowsMs: this.snapshot.firstRowsMs ?? this.snapshot.elapsedMs,
      });
    }
    if (!complete) return;
    this.post({
      type: 'finished',
      runId,
      state: this.snapshot.state,
      elapsedMs: this.snapshot.elapsedMs,
      hasMore: this.snapshot.hasMore,
      total: this.snapshot.total,
      error: this.snapshot.error,
      truncated: this.snapshot.truncated,
    });
  }

  /** Fetches the next page (the first one on a new run) and streams it into the view. */
  private async fetchPage(): Promise<RunOutcome> {
    const request = this.request!;
    const runId = this.snapshot.runId;
    const controller = new AbortController();
    this.controller = controller;
    const pageSize = this.services.settings.resultsPageSize();
    const paging = pagingOf(request.query) && pageSize > 0;
    const offset = this.snapshot.rows.length;
    const started = performance.now();
    const elapsedBefore = this.snapshot.elapsedMs;
    this.page = { started, elapsedBefore };
    let received = 0;
    let truncated: ResultsTruncation | undefined;
    this.snapshot.state = 'running';
    this.rows.resume();
    let serverText: string | undefined;
    try {
      await withLoadProgress(
        vscode.l10n.t('Running PQL query…'),
        async (signal) => {
          const client = await this.services.store.client(request.connectionId);
          const stream = client.stream('pql', {
            query: request.query,
            ...(paging ? { limit: pageSize, offset, includeTotal: offset === 0 } : {}),
            signal,
          });
          for await (const batch of stream.batches()) {
            if (runId !== this.snapshot.runId) return;
            const taken = this.budget.take(batch);
            received += batch.length;
            if (taken.rows.length > 0) this.snapshot.firstRowsMs ??= this.elapsedMs();
            if (taken.truncated) {
              // leaving the loop ends the request (the body is discarded): nothing more is held
              this.rows.rows.push(...taken.rows);
              truncated = { ...taken.truncated, value: limitValue(this.services, taken.truncated) };
              break;
            }
            this.rows.add(taken.rows);
          }
          if (offset === 0) this.total = stream.total;
        },
        { location: vscode.ProgressLocation.Window, controller },
      );
      if (truncated && runId === this.snapshot.runId) this.snapshot.truncated = truncated;
      this.finish(
        runId,
        'done',
        !truncated &&
          paging &&
          received === pageSize &&
          (this.total === undefined || this.snapshot.rows.length < this.total),
      );
    } catch (error) {
      const aborted = controller.signal.aborted;
      serverText = aborted ? undefined : ((error as { body?: unknown }).body as string | undefined);
      this.finish(
        runId,
        aborted ? 'cancelled' : 'error',
        false,
        aborted ? undefined : describeRunError(error),
      );
      if (!aborted) {
        const name = this.services.store.get(request.connectionId)?.name ?? request.connectionId;
        this.services.errors.logged(`PQL query on ${name}`, error);
      }
    }
    return {
      state:
        this.snapshot.state === 'running' ? 'done' : (this.snapshot.state as RunOutcome['state']),
      rows: this.snapshot.rows.length,
      elapsedMs: this.snapshot.elapsedMs,
      serverText: typeof serverText === 'string' && serverText ? serverText : undefined,
    };
  }

  /**
   * Runs the query on each of the request's connections at once (the first page of each, as a run
   * on one connection pages), streaming their merged rows; a connection's end updates its tally.
   */
  private async fetchFromEach(merged: MergedRun): Promise<RunOutcome> {
    const request = this.request!;
    const runId = this.snapshot.runId;
    const controller = new AbortController();
    this.controller = controller;
    const pageSize = this.services.settings.resultsPageSize();
    this.page = { started: performance.now(), elapsedBefore: 0 };
    this.snapshot.state = 'running';
    this.rows.resume();
    const postTallies = () => {
      if (runId !== this.snapshot.runId) return;
      this.post({ type: 'connections', runId, connections: merged.tallies });
    };
    const truncated = await withLoadProgress(
      vscode.l10n.t('Running PQL query on {0} connections…', request.connectionIds!.length),
      (signal) =>
        runOnEachConnection({
          services: this.services,
          connectionIds: request.connectionIds!,
          query: request.query,
          pageSize: pagingOf(request.query) && pageSize > 0 ? pageSize : undefined,
          merged,
          budget: this.budget,
          signal,
          onRows: (rows) => {
            if (runId !== this.snapshot.runId || rows.length === 0) return;
            this.snapshot.firstRowsMs ??= this.elapsedMs();
            this.rows.add(rows);
          },
          onConnectionEnded: postTallies,
          describe: (error) => describeRunError(error).message,
          logFailure: (connectionId, error) =>
            this.services.errors.logged(
              `PQL query on ${this.services.store.get(connectionId)?.name ?? connectionId}`,
              error,
            ),
        }),
      { location: vscode.ProgressLocation.Window, controller },
    );
    if (runId === this.snapshot.runId) {
      if (truncated) {
        this.snapshot.truncated = { ...truncated, value: limitValue(this.services, truncated) };
      }
      this.total = merged.total;
      const state = merged.state;
      this.finish(
        runId,
        state,
        false,
        state === 'error'
          ? {
              message: vscode.l10n.t(
                "The query failed on every connection: each one's error is shown below.",
              ),
            }
          : undefined,
      );
    }
    return {
      state: merged.state === 'running' ? 'done' : merged.state,
      rows: merged.rows,
      elapsedMs: this.snapshot.elapsedMs,
      serverText: undefined,
    };
  }

  private noteRendered(runId: number, rowCount: number): void {
    if (runId !== this.snapshot.runId || rowCount === 0) return;
    const at = performance.now() - this.runStarted;
    this.snapshot.shownFirstMs ??= at;
    if (this.snapshot.state !== 'running' && rowCount >= this.snapshot.rows.length) {
      this.snapshot.shownAllMs ??= at;
    }
  }

  /** The page ended: its state, then the rest of its rows and `finished` (once painted). */
  private finish(
    runId: number,
    state: ResultsSnapshot['state'],
    hasMore: boolean,
    error?: ResultsSnapshot['error'],
  ): void {
    if (runId !== this.snapshot.runId) return;
    Object.assign(this.snapshot, { state, hasMore, error, elapsedMs: this.elapsedMs() });
    if (this.total !== undefined) this.snapshot.total = this.total;
    this.rows.finish();
  }
}

/** The limit's value as the user set it (rows, or MB), for "truncated at…". */
function limitValue(services: Services, truncated: { limit: 'rows' | 'bytes' }): number {
  const limits = services.settings.resultLimits();
  return truncated.limit === 'rows' ? limits.maxRows : Math.round(limits.maxBytes / 1_000_000);
}

/** A run's failure for the panel: PuppetDB's own words when it answered, with the echo apart. */
export function describeRunError(error: unknown): ResultsError {
  const { status, body, position } = error as {
    status?: number;
    body?: unknown;
    position?: { line: number; column: number };
  };
  if (
    typeof status === 'number' &&
    typeof body === 'string' &&
    body.trim() &&
    !/^\s*</.test(body)
  ) {
    return {
      message: vscode.l10n.t(
        'PuppetDB rejected the query (HTTP {0}): {1}',
        status,
        summarize(body),
      ),
      detail: errorEcho(body),
      ...(position ?? {}),
      editConnection: pointsAtConnectionSettings(error),
    };
  }
  return {
    message: error instanceof Error ? error.message : String(error),
    editConnection: pointsAtConnectionSettings(error),
  };
}

function emptySnapshot(): ResultsSnapshot {
  return {
    runId: 0,
    query: '',
    connectionName: '',
    entity: undefined,
    rows: [],
    state: 'done',
    elapsedMs: 0,
    firstRowsMs: undefined,
    shownFirstMs: undefined,
    shownAllMs: undefined,
    hasMore: false,
    total: undefined,
    error: undefined,
    restored: undefined,
  };
}

/** A row's `file` and `line` columns (resources, events), when it has a file. */
function manifestColumns(row: unknown): { file: string; line: number | undefined } | undefined {
  const { file, line } = (typeof row === 'object' && row !== null ? row : {}) as {
    file?: unknown;
    line?: unknown;
  };
  if (typeof file !== 'string' || !file) return undefined;
  return { file, line: typeof line === 'number' && Number.isSafeInteger(line) ? line : undefined };
}
