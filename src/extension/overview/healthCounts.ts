/**
 * The overview's health beyond the latest status (fleetHealth.ts asks the questions): how many
 * nodes had no successful run within the setting's hours, how many latest runs were "unchanged
 * with errors", and the runs of the chart's range by what they changed (corrective, intentional,
 * mixed or unknown: runChange()). Both node counts are counted by `/nodes` with the clause the
 * tree's filter sends, so a tile's number is the length of the list it opens (active nodes, the
 * overview's environment as the tree's: of the latest catalog).
 *
 * The changes read the range's runs that changed something or failed (an unchanged run changed
 * nothing) with their metrics, a batch at a time, keeping four numbers: on a large fleet this is
 * the dearest question of the overview (about 2 KB a run), so it is asked after the rest has
 * painted and stops at MAX_LIST_ROWS runs, counting what came before (and saying so).
 */
import type { PuppetDB } from '../../client';
import { RUN_CHANGES, type RunChange } from '../../shared/history';
import { rangeStart, type HealthCounts, type RunsRange } from '../../shared/overview';
import { MAX_LIST_ROWS } from '../boundedRows';
import {
  certnamesClause,
  noSuccessWithinClause,
  nodesUnchangedWithErrors,
  runChangeOfRow,
} from '../fleetHealth';

export interface HealthCountsInput {
  noSuccessWithinHours: number;
  range: RunsRange;
  now: Date;
  environment?: string;
  signal?: AbortSignal;
  onTruncated?: (max: number) => void;
}

type Row = Record<string, unknown>;

/** How many active nodes (of the environment's latest catalog) match a `/nodes` clause. */
async function countNodes(
  client: PuppetDB,
  clause: unknown[],
  { environment, signal }: HealthCountsInput,
): Promise<number> {
  const filter =
    environment === undefined ? clause : ['and', clause, ['=', 'catalog_environment', environment]];
  // a list of certnames may not fit in a URL; the answer is one row, and nothing after it is
  // read (a server answering without end once held the host's heap growing until it stopped)
  const row = (await client
    .stream('nodes', {
      query: ['extract', [['function', 'count']], filter],
      method: 'POST',
      signal,
    })
    .first()) as Row | undefined;
  return typeof row?.count === 'number' ? row.count : 0;
}

/** The range's runs (of the environment's reports) by what they changed. */
async function runChanges(client: PuppetDB, input: HealthCountsInput) {
  const clauses: unknown[] = [
    ['>=', 'end_time', rangeStart(input.range, input.now)],
    ['not', ['=', 'status', 'unchanged']],
  ];
  if (input.environment !== undefined) clauses.push(['=', 'environment', input.environment]);
  const stream = client.stream('reports', {
    query: ['extract', ['status', 'corrective_change', 'metrics'], ['and', ...clauses]],
    signal: input.signal,
  });
  const changes = Object.fromEntries(RUN_CHANGES.map((change) => [change, 0])) as Record<
    RunChange,
    number
  >;
  let read = 0;
  for await (const batch of stream.batches()) {
    for (const row of batch as Row[]) {
      // leaving the loop ends the request: nothing past the cap is read
      if (++read > MAX_LIST_ROWS) {
        input.onTruncated?.(MAX_LIST_ROWS);
        return changes;
      }
      changes[runChangeOfRow(row).change] += 1;
    }
  }
  return changes;
}

export async function fetchHealthCounts(
  client: PuppetDB,
  input: HealthCountsInput,
): Promise<HealthCounts> {
  const withErrors = nodesUnchangedWithErrors(client, { signal: input.signal }).then(
    ({ certnames, truncatedAt }) => {
      if (truncatedAt !== undefined) input.onTruncated?.(truncatedAt);
      return countNodes(client, certnamesClause(certnames), input);
    },
  );
  const [noSuccess, unchangedWithErrors, changes] = await Promise.all([
    countNodes(client, noSuccessWithinClause(input.noSuccessWithinHours, input.now), input),
    withErrors,
    runChanges(client, input),
  ]);
  return {
    noSuccessWithinHours: input.noSuccessWithinHours,
    noSuccess,
    unchangedWithErrors,
    changes,
  };
}
