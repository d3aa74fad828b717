/**
 * One query sent to several connections at once: every connection's request runs in parallel,
 * its rows tagged with its name as they arrive (src/shared/multiConnection/mergedRun.ts), the
 * panel's limits (`pql.maxRows`, `pql.maxResultMB`) shared by all of them. A connection that
 * fails ends alone, with its error in its tally; the others go on.
 */
import type { MergedRun } from '../../shared/multiConnection/mergedRun';
import type { Services } from '../services';
import type { ResultBudget, Truncation } from '../pql/resultBudget';

export interface EachConnectionRun {
  services: Services;
  connectionIds: readonly string[];
  query: string;
  /** Each connection's first page (`limit`, with its total), or undefined: the whole answer. */
  pageSize: number | undefined;
  merged: MergedRun;
  budget: ResultBudget;
  /** The run's: aborted by Cancel, a new run or the panel's closing. */
  signal: AbortSignal;
  /** Tagged rows to show, in the order they arrived. */
  onRows(rows: Record<string, unknown>[]): void;
  /** A connection's tally changed for good (it ended, whichever way). */
  onConnectionEnded(): void;
  /** The words a failure is shown with (PuppetDB's own when it answered). */
  describe(error: unknown): string;
  /** Logs a connection's failure (with its causes). */
  logFailure(connectionId: string, error: unknown): void;
}

/**
 * Runs the query on every connection and resolves once each has ended; the truncation when the
 * panel's limit stopped it (every connection still reading stops there).
 */
export async function runOnEachConnection(run: EachConnectionRun): Promise<Truncation | undefined> {
  const { merged, budget, signal } = run;
  let truncated: Truncation | undefined;
  // each connection's own, so that reaching the limit ends the others' requests at once
  const requests = run.connectionIds.map(() => new AbortController());
  const stopAll = () => requests.forEach((request) => request.abort());
  signal.addEventListener('abort', stopAll, { once: true });
  try {
    await Promise.all(
      run.connectionIds.map(async (connectionId, index) => {
        const request = requests[index]!;
        try {
          const client = await run.services.store.client(connectionId);
          const stream = client.stream('pql', {
            query: run.query,
            ...(run.pageSize !== undefined
              ? { limit: run.pageSize, offset: 0, includeTotal: true }
              : {}),
            signal: request.signal,
          });
          for await (const batch of stream.batches()) {
            if (truncated) break;
            const taken = budget.take(batch);
            run.onRows(merged.add(index, taken.rows));
            if (taken.truncated) {
              truncated = taken.truncated;
              merged.end(index, { state: 'done', total: stream.total, truncated: true });
              // leaving the loop ends this request; the others end theirs now
              merged.truncateRunning();
              stopAll();
              break;
            }
          }
          merged.end(index, { state: 'done', total: stream.total });
        } catch (error) {
          if (signal.aborted || request.signal.aborted) {
            merged.end(index, { state: 'cancelled' });
          } else {
            merged.end(index, { state: 'error', error: run.describe(error) });
            run.logFailure(connectionId, error);
          }
        }
        run.onConnectionEnded();
      }),
    );
  } finally {
    signal.removeEventListener('abort', stopAll);
  }
  return truncated;
}
