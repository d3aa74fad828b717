/**
 * A PQL cell run on several connections (its `# @connection east, west` line): the query goes to
 * each at once (runOnEachConnection, as Run Query on Several Connections does), the rows merged
 * with a `connection` column as they arrive, each connection's rows or error kept in the output
 * beside the others' (one failing connection never hides the others' rows), and the results
 * panel's limits held for all of them together.
 */
import * as vscode from 'vscode';
import { MergedRun } from '../../shared/multiConnection/mergedRun';
import type { CellConnectionTally, PqlBookOutput } from '../../shared/notebook/pqlBook';
import { runOnEachConnection } from '../multiConnection/eachConnectionRun';
import { ResultBudget } from '../pql/resultBudget';
import { describeRunError } from '../pql/resultsPanel';
import type { Services } from '../services';
import type { ConnectionSettings } from '../settings';
import { cellOutput } from './notebookOutput';
import { StreamPainter } from './streamPainter';

export async function runOnSeveralConnections(
  services: Services,
  execution: vscode.NotebookCellExecution,
  connections: readonly ConnectionSettings[],
  query: string,
): Promise<PqlBookOutput> {
  const abort = new AbortController();
  const cancelled = execution.token.onCancellationRequested(() => abort.abort());
  const merged = new MergedRun(connections.map((connection) => connection.name));
  const base: PqlBookOutput = {
    connection: merged.tallies.map((tally) => tally.name).join(', '),
    ranAt: new Date().toISOString(),
  };
  const rows: Record<string, unknown>[] = [];
  const painter = new StreamPainter(execution, base);
  const started = performance.now();
  try {
    await execution.clearOutput();
    const truncated = await runOnEachConnection({
      services,
      connectionIds: connections.map((connection) => connection.id),
      query,
      pageSize: undefined,
      merged,
      budget: new ResultBudget(services.settings.resultLimits()),
      signal: abort.signal,
      onRows: (tagged) => {
        rows.push(...tagged);
        painter.offer(rows, { connections: talliesOf(merged) });
      },
      onConnectionEnded: () => undefined,
      describe: (error) => describeRunError(error).message,
      logFailure: (connectionId, error) =>
        services.errors.logged(
          `PQL notebook cell on ${services.store.get(connectionId)?.name ?? connectionId}`,
          error,
        ),
    });
    await painter.settled();
    const output: PqlBookOutput = {
      ...base,
      rows,
      connections: talliesOf(merged),
      elapsedMs: Math.round(performance.now() - started),
    };
    if (truncated) output.truncated = truncated.limit;
    if (abort.signal.aborted) {
      output.error = vscode.l10n.t('Stopped: {0} rows had arrived.', rows.length);
    } else if (merged.state === 'error') {
      output.error = vscode.l10n.t('Every connection failed: each one says why below.');
    }
    await execution.replaceOutput(cellOutput(output));
    execution.end(abort.signal.aborted ? undefined : merged.state !== 'error', Date.now());
    return output;
  } catch (error) {
    // not a connection's failure (each of those is in its tally): the cell's own
    services.errors.logged('PQL notebook cell on several connections', error);
    await painter.settled();
    const output: PqlBookOutput = { ...base, rows, error: describeRunError(error).message };
    await execution.replaceOutput(cellOutput(output));
    execution.end(false, Date.now());
    return output;
  } finally {
    cancelled.dispose();
  }
}

/** Each connection's rows, and its error where it failed. */
function talliesOf(merged: MergedRun): CellConnectionTally[] {
  return merged.tallies.map(({ name, rows, error }) =>
    error === undefined ? { name, rows } : { name, rows, error },
  );
}
