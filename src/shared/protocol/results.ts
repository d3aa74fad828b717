/** The PQL results view (src/webview/results): a query's rows, streamed as its body arrives. */
import type { ConnectionTally } from '../multiConnection/mergedRun';
import type { HostToEveryPage, PageToHost, RestoredNote } from './common';

export type { ConnectionTally } from '../multiConnection/mergedRun';

/**
 * The most rows one `rows` message carries: the host sends the next once the page painted the
 * last (the rows of a query are small: more to a message than the other tables' 5,000).
 */
export const RESULTS_ROWS_PER_MESSAGE = 20_000;

export interface ResultsSnapshot {
  runId: number;
  query: string;
  connectionName: string;
  /** The PQL entity of the query (`nodes`, `events`, …), when it could be read. */
  entity: string | undefined;
  rows: unknown[];
  state: 'running' | 'done' | 'error' | 'cancelled';
  elapsedMs: number;
  /** Time until the first rows arrived (ms), once they have. */
  firstRowsMs: number | undefined;
  /** Time until the webview had painted the first rows, and every row of the run (ms). */
  shownFirstMs: number | undefined;
  shownAllMs: number | undefined;
  /** Whether another page can be asked for (`loadMore`). */
  hasMore: boolean;
  /** How many rows the query matches in all (X-Records), when the server said. */
  total: number | undefined;
  error: ResultsError | undefined;
  /** Set when the panel stopped holding rows at one of its limits (settings `pql.maxRows`, `pql.maxResultMB`). */
  truncated?: ResultsTruncation;
  /** Set when the rows are those kept across a window reload, not a fresh run. */
  restored?: RestoredNote;
  /**
   * Set when the query ran on several connections at once: each one's part (rows, total, error),
   * its rows merged with a `connection` column (src/shared/multiConnection/mergedRun.ts).
   */
  connections?: ConnectionTally[];
}

export interface ResultsTruncation {
  /** Rows held when the limit was reached. */
  rows: number;
  /** Which limit: the row count or the bytes of the rows. */
  limit: 'rows' | 'bytes';
  /** The limit's value (rows, or megabytes). */
  value: number;
}

export interface ResultsError {
  /** One paragraph a person reads first. */
  message: string;
  /** Preformatted text (PuppetDB's echo of the query with a caret under the problem). */
  detail?: string;
  line?: number;
  column?: number;
  /** The connection's settings are the likely fix: the banner offers Edit Connection. */
  editConnection?: boolean;
}

export type HostToResults =
  | HostToEveryPage
  /** The whole state: on `ready` and when a new run starts. */
  | { type: 'snapshot'; snapshot: ResultsSnapshot }
  /** More rows of the run `runId`, to append (streamed as the body arrives). */
  | { type: 'rows'; runId: number; rows: unknown[]; elapsedMs: number; firstRowsMs: number }
  /** The run ended; the state fields replace those of the snapshot. */
  | {
      type: 'finished';
      runId: number;
      state: ResultsSnapshot['state'];
      elapsedMs: number;
      hasMore: boolean;
      total: number | undefined;
      error: ResultsSnapshot['error'];
      truncated?: ResultsTruncation;
    }
  /** A run on several connections: how each connection's part stands (sent as each one ends). */
  | { type: 'connections'; runId: number; connections: ConnectionTally[] };

export type ResultsToHost = PageToHost<
  /**
   * The webview painted `rowCount` rows of the run (sent after each paint that added rows): the
   * host sends the next rows once the page painted those it has (webviews/rowPoster.ts).
   */
  | { type: 'rendered'; runId: number; rowCount: number }
  | { type: 'cancel'; runId: number }
  | { type: 'loadMore'; runId: number }
  | { type: 'rerun' }
  | { type: 'export'; format: 'csv' | 'json' }
  /** Run the query again and stream every row to a file (the panel held only part of them). */
  | { type: 'exportAll'; format: 'csv' | 'json' }
  | { type: 'copyCurl' }
  /**
   * The links of a row: on a run on several connections, `runId` and `row` say which row, whose
   * `connection` column the host reads from its own rows to know where to open it.
   */
  | ({ type: 'openNode'; certname: string } & RowOfRun)
  | ({ type: 'openCatalog'; certname: string } & RowOfRun)
  | ({ type: 'openEvents'; reportHash: string } & RowOfRun)
  /** Open the manifest line of row `row` of run `runId` (its `file`/`line` columns, read by the host). */
  | { type: 'openManifest'; runId: number; row: number }
>;

/** The row a link was clicked in (a run on several connections). */
export interface RowOfRun {
  runId?: number;
  row?: number;
}

/**
 * What the host records of a results panel: the query and the connection it ran on; with
 * `connectionIds`, every connection it ran on at once (`connectionId` is the first of them).
 */
export interface ResultsRestoreInfo {
  entry: 'results';
  connectionId: string;
  query: string;
  connectionIds?: string[];
}

export interface ResultsProtocol {
  toWebview: HostToResults;
  toHost: ResultsToHost;
  restore: ResultsRestoreInfo;
  shown: ResultsSnapshot;
}
