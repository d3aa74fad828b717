import * as vscode from 'vscode';
import type {
  KeptContent,
  ResultsError,
  ResultsSnapshot,
  ResultsToHost,
  ResultsTruncation,
} from '../../shared/protocol';
import { restoredNote } from '../../shared/protocolSchema';
import { WebviewPanels } from '../ids';
import type { Services } from '../services';
import type { ConnectionSettings } from '../settings';
import { withLoadProgress } from '../tree/loading';
import { createPanel } from '../webviews/webviewHtml';
import { WebviewPanelHost, type MessageHandlers } from '../webviews/webviewPanelHost';
import { exportRows } from '../export/exportRows';
import { copyCurl } from './copyCurl';
import { exportWholeResult } from './wholeResultExport';
import { ResultBudget } from './resultBudget';
import { errorEcho, summarize } from './language/errorLocation';
import { pagingOf } from './language/paging';
import { queryEntity, resultsFileStem } from './language/queryEntity';
import { openViews } from '../webviews/openViews';
import { errorBannerHandlers } from '../webviews/errorBanner';
import { pointsAtConnectionSettings } from '../errorText';

export interface RunRequest {
  connection: ConnectionSettings;
  query: string;
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

/** Rows are posted in slices so the first ones paint before the rest has arrived. */
const FLUSH_INTERVAL_MS = 60;

/**
 * The PQL results panel: runs a query through the client, streams its rows into the webview as
 * the body arrives, pages on demand, and exports. One panel, reused by every run.
 */
export class ResultsPanel extends WebviewPanelHost<'results'> {
  private static current: ResultsPanel | undefined;
  private snapshot: ResultsSnapshot = emptySnapshot();
  private request: RunRequest | undefined;
  private controller: AbortController | undefined;
  private total: number | undefined;
  private runStarted = 0;
  /** What the run may still hold (settings `pql.maxRows`, `pql.maxResultMB`). */
  private budget = new ResultBudget({ maxRows: Infinity, maxBytes: Infinity });

  static show(services: Services): ResultsPanel {
    if (ResultsPanel.current) {
      ResultsPanel.current.panel.reveal(undefined, true);
      return ResultsPanel.current;
    }
    const panel = createPanel(
      services.extensionUri,
      WebviewPanels.results,
      vscode.l10n.t('PQL Results'),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
    );
    return ResultsPanel.adopt(services, panel);
  }

  static adopt(services: Services, panel: vscode.WebviewPanel): ResultsPanel {
    ResultsPanel.current?.dispose();
    const results = new ResultsPanel(services, panel);
    ResultsPanel.current = results;
    results.onDidDispose(() => {
      if (ResultsPanel.current === results) ResultsPanel.current = undefined;
    });
    return results;
  }

  /** The panel's current state (integration tests read it). */
  static state(): ResultsSnapshot | undefined {
    return ResultsPanel.current?.snapshot;
  }

  private constructor(
    private readonly services: Services,
    panel: vscode.WebviewPanel,
  ) {
    super(panel, services, 'results');
    panel.iconPath = vscode.Uri.joinPath(services.extensionUri, 'media', 'puppetdb.svg');
  }

  /** Starts a run (aborting the one before) and resolves when its first page has ended. */
  async run(request: RunRequest): Promise<RunOutcome> {
    this.controller?.abort();
    this.request = request;
    this.total = undefined;
    this.budget = new ResultBudget(this.services.settings.resultLimits());
    this.snapshot = {
      ...emptySnapshot(),
      runId: this.snapshot.runId + 1,
      query: request.query,
      connectionName: request.connection.name,
      entity: queryEntity(request.query),
      state: 'running',
    };
    this.runStarted = performance.now();
    this.panel.title = vscode.l10n.t('PQL: {0}', request.query.replace(/\s+/g, ' ').slice(0, 40));
    this.persist({ entry: 'results', connectionId: request.connection.id, query: request.query });
    this.post({ type: 'snapshot', snapshot: this.snapshot });
    const outcome = await this.fetchPage();
    request.onOutcome?.(outcome);
    return outcome;
  }

  /**
   * Shows what the panel showed before a window reload (or a note when that was not kept),
   * sending nothing to PuppetDB: "Run again" does, when the user asks.
   */
  restore(
    request: Omit<RunRequest, 'connection'> & { connection: ConnectionSettings | undefined },
    kept: KeptContent<'results'> | undefined,
  ): void {
    const { connection, query } = request;
    this.request = connection && { connection, query };
    const restored = restoredNote(kept);
    this.snapshot = kept?.content
      ? {
          ...kept.content,
          state: kept.content.state === 'running' ? 'cancelled' : kept.content.state,
          // the next page starts where the kept rows end: "Run again" pages from the host's query
          hasMore: false,
          restored,
        }
      : {
          ...emptySnapshot(),
          query,
          connectionName: connection?.name ?? '',
          entity: queryEntity(query),
          restored,
        };
    this.panel.title = vscode.l10n.t('PQL: {0}', query.replace(/\s+/g, ' ').slice(0, 40));
    this.budget = new ResultBudget(
      this.services.settings.resultLimits(),
      this.snapshot.rows.length,
    );
    this.sendSnapshot();
  }

  protected sendSnapshot(): void {
    if (this.request) {
      this.persist({
        entry: 'results',
        connectionId: this.request.connection.id,
        query: this.request.query,
      });
    }
    this.post({ type: 'snapshot', snapshot: this.snapshot });
  }

  protected readonly handlers: MessageHandlers<ResultsToHost> = {
    rendered: ({ runId, rowCount }) => this.noteRendered(runId, rowCount),
    cancel: ({ runId }) => {
      if (runId === this.snapshot.runId) this.controller?.abort();
    },
    loadMore: async ({ runId }) => {
      if (
        this.request &&
        !this.snapshot.restored &&
        runId === this.snapshot.runId &&
        this.snapshot.state !== 'running'
      ) {
        await this.fetchPage();
      }
    },
    rerun: async () => {
      if (!this.request) {
        throw new Error('The connection of this query no longer exists: run it from a .pql file.');
      }
      await this.run(this.request);
    },
    export: ({ format }) =>
      exportRows(this.snapshot.rows, format, {
        fileStem: resultsFileStem(this.snapshot.query),
        hasMore: this.snapshot.hasMore,
      }),
    exportAll: async ({ format }) => {
      if (!this.request) {
        throw new Error('The connection of this query no longer exists: run it from a .pql file.');
      }
      await exportWholeResult(this.services, this.request.connection, this.request.query, format);
    },
    copyCurl: async () => {
      if (this.request) {
        await copyCurl(this.services, this.request.connection, this.request.query);
      }
    },
    openNode: async ({ certname }) => {
      const connectionId = this.request?.connection.id;
      if (connectionId) await openViews.node({ connectionId, certname });
    },
    openCatalog: async ({ certname }) => {
      const connectionId = this.request?.connection.id;
      if (connectionId) await openViews.catalogGraph({ connectionId, certname });
    },
    openEvents: async ({ reportHash }) => {
      const connectionId = this.request?.connection.id;
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
    ...errorBannerHandlers(() => this.request?.connection.id),
  };

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
    let buffer: unknown[] = [];
    let received = 0;
    let lastFlush = 0;
    let truncated: ResultsTruncation | undefined;
    const flush = () => {
      if (buffer.length === 0 || runId !== this.snapshot.runId) return;
      const elapsedMs = elapsedBefore + performance.now() - started;
      this.snapshot.firstRowsMs ??= elapsedMs;
      this.snapshot.rows.push(...buffer);
      this.snapshot.elapsedMs = elapsedMs;
      this.post({
        type: 'rows',
        runId,
        rows: buffer,
        elapsedMs,
        firstRowsMs: this.snapshot.firstRowsMs,
      });
      buffer = [];
      lastFlush = performance.now();
    };
    this.snapshot.state = 'running';
    let serverText: string | undefined;
    try {
      await withLoadProgress(
        vscode.l10n.t('Running PQL query…'),
        async (signal) => {
          const client = await this.services.store.client(request.connection.id);
          const stream = client.stream('pql', {
            query: request.query,
            ...(paging ? { limit: pageSize, offset, includeTotal: offset === 0 } : {}),
            signal,
          });
          for await (const batch of stream.batches()) {
            if (runId !== this.snapshot.runId) return;
            const taken = this.budget.take(batch);
            buffer.push(...taken.rows);
            received += batch.length;
            if (taken.truncated) {
              // leaving the loop ends the request (the body is discarded): nothing more is held
              truncated = { ...taken.truncated, value: limitValue(this.services, taken.truncated) };
              break;
            }
            if (lastFlush === 0 || performance.now() - lastFlush >= FLUSH_INTERVAL_MS) flush();
          }
          if (offset === 0) this.total = stream.total;
        },
        { location: vscode.ProgressLocation.Window, controller },
      );
      flush();
      if (truncated && runId === this.snapshot.runId) this.snapshot.truncated = truncated;
      this.finish(
        runId,
        'done',
        started,
        elapsedBefore,
        !truncated &&
          paging &&
          received === pageSize &&
          (this.total === undefined || this.snapshot.rows.length < this.total),
      );
    } catch (error) {
      flush();
      const aborted = controller.signal.aborted;
      serverText = aborted ? undefined : ((error as { body?: unknown }).body as string | undefined);
      this.finish(
        runId,
        aborted ? 'cancelled' : 'error',
        started,
        elapsedBefore,
        false,
        aborted ? undefined : describeRunError(error),
      );
      if (!aborted) this.services.errors.logged(`PQL query on ${request.connection.name}`, error);
    }
    return {
      state:
        this.snapshot.state === 'running' ? 'done' : (this.snapshot.state as RunOutcome['state']),
      rows: this.snapshot.rows.length,
      elapsedMs: this.snapshot.elapsedMs,
      serverText: typeof serverText === 'string' && serverText ? serverText : undefined,
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

  private finish(
    runId: number,
    state: ResultsSnapshot['state'],
    started: number,
    elapsedBefore: number,
    hasMore: boolean,
    error?: ResultsSnapshot['error'],
  ): void {
    if (runId !== this.snapshot.runId) return;
    Object.assign(this.snapshot, {
      state,
      hasMore,
      error,
      elapsedMs: elapsedBefore + performance.now() - started,
    });
    if (this.total !== undefined) this.snapshot.total = this.total;
    this.post({
      type: 'finished',
      runId,
      state,
      elapsedMs: this.snapshot.elapsedMs,
      hasMore,
      total: this.snapshot.total,
      error,
      truncated: this.snapshot.truncated,
    });
  }

  override dispose(): void {
    this.controller?.abort();
    super.dispose();
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
