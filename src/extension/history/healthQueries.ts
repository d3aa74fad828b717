/**
 * The two health signals beside a node's latest status, from PuppetDB, without vscode: its last
 * successful run (one request: the newest summary whose status is not failed) and its runs
 * "unchanged with errors" (runs that did not fail but logged at err level: PuppetDB cannot filter
 * on a log's level, so the logs of the runs asked for are read and checked here).
 */
import type { PuppetDB } from '../../client';
import {
  isUnchangedWithErrors,
  RUN_SUMMARY_FIELDS,
  runSummaryOf,
  type RunSummary,
} from '../../shared/history';
import { readAtMost } from '../boundedRows';
import { runDetailOf, SUMMARY_ORDER } from './historyQueries';

const notFailed = ['not', ['=', 'status', 'failed']];

/** The newest run of `certname` that did not fail, or undefined when PuppetDB keeps none. */
export async function lastSuccessfulRun(
  client: PuppetDB,
  certname: string,
  signal?: AbortSignal,
): Promise<RunSummary | undefined> {
  const row = (await client
    .stream('reports', {
      query: ['extract', [...RUN_SUMMARY_FIELDS], ['and', ['=', 'certname', certname], notFailed]],
      orderBy: SUMMARY_ORDER.map((field) => ({ ...field })),
      limit: 1,
      signal,
    })
    .first()) as Record<string, unknown> | undefined;
  return row ? runSummaryOf(row) : undefined;
}

/**
 * The runs among the newest `limit` of `certname` that did not fail yet logged an error, newest
 * first: one request (their summaries and logs).
 */
export async function runsUnchangedWithErrors(
  client: PuppetDB,
  certname: string,
  limit: number,
  signal?: AbortSignal,
): Promise<RunSummary[]> {
  const stream = client.stream('reports', {
    query: [
      'extract',
      [...RUN_SUMMARY_FIELDS, 'logs'],
      ['and', ['=', 'certname', certname], notFailed],
    ],
    orderBy: SUMMARY_ORDER.map((field) => ({ ...field })),
    limit,
    signal,
  });
  // the newest `limit` runs are the question: a server that sends more is read no further
  const { rows } = (await readAtMost(stream, limit)) as { rows: Array<Record<string, unknown>> };
  const found: RunSummary[] = [];
  for (const row of rows) {
    const run = runSummaryOf(row);
    if (run && isUnchangedWithErrors(run, runDetailOf(row).logs)) found.push(run);
  }
  return found;
}
