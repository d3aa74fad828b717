/**
 * The fleet's health beyond each node's latest status, asked of PuppetDB without vscode: the nodes
 * with no successful run within N hours, the nodes whose latest run was "unchanged with errors",
 * and the nodes whose latest run put drift back (corrective changes). The overview's tiles count
 * them and the tree's node filters list them, through the same questions, so a tile's number is
 * the length of the list it opens.
 *
 * How PuppetDB is asked (the rules are src/shared/history's; measured on the 40-node fleet, each
 * a few ms; for 10,000 nodes each reads at most one report per node, never the history):
 * - no successful run within N hours is server-side: the nodes that are not among the certnames
 *   of `reports { status != "failed" and end_time >= cutoff }` (a subquery). The tile's count is
 *   one row (`count()`), the tree's page one page: nothing per node crosses the wire.
 * - the last success of every node (recent runs' column) is one aggregate, a row per node:
 *   `reports[certname, max(end_time)] { status != "failed" group by certname }`.
 * - "unchanged with errors": PQL cannot look into a report's logs, so the latest reports that did
 *   not fail (`latest_report? = true and status != "failed"`, one per node) are streamed with
 *   their logs and checked a batch at a time; only the certnames found are kept.
 * - corrective: the latest reports that changed something (status not "unchanged", one per node)
 *   are streamed with their `corrective_change` (Puppet Enterprise keeps it; PuppetDB FOSS keeps
 *   null) and their metrics (the agent's corrective count, which FOSS keeps), read by runChange().
 * Both streams stop at MAX_LIST_ROWS reports (a report per node: twice the largest fleet
 * measured) and say so. The certnames found narrow the tree's node query as `certname in [...]`,
 * sent as a POST (10,000 names do not fit in a URL).
 */
import type { PuppetDB } from '../client';
import {
  changeCounts,
  hadCorrective,
  isUnchangedWithErrors,
  runChange,
  type RunLog,
  type RunMetric,
} from '../shared/history';
import { MAX_LIST_ROWS } from './boundedRows';

/** The health signals a node list can be narrowed to. */
export const HEALTH_SIGNALS = ['noSuccessWithin', 'unchangedWithErrors', 'corrective'] as const;
export type HealthSignal = (typeof HEALTH_SIGNALS)[number];

const notFailed = ['not', ['=', 'status', 'failed']];

/** The nodes (a `/nodes` clause) whose every run in the last `hours` failed, or that had none. */
export function noSuccessWithinClause(hours: number, now: Date): unknown[] {
  const cutoff = new Date(now.getTime() - hours * 3_600_000).toISOString();
  const succeeded = ['and', notFailed, ['>=', 'end_time', cutoff]];
  return ['not', ['in', 'certname', ['extract', 'certname', ['select_reports', succeeded]]]];
}

/** The `/nodes` clause of a list of certnames. */
export function certnamesClause(certnames: Iterable<string>): unknown[] {
  return ['in', 'certname', ['array', [...certnames].sort()]];
}

/** Certnames found among the latest reports, and where the stream stopped if it did. */
export interface FoundNodes {
  certnames: Set<string>;
  truncatedAt: number | undefined;
}

interface LatestRunsAsk {
  /** Only the latest reports of this report environment (the overview narrowed to one). */
  environment?: string;
  signal?: AbortSignal;
}

type Row = Record<string, unknown>;

const listOf = (part: unknown): unknown[] => {
  const data = (part as { data?: unknown } | null | undefined)?.data;
  return Array.isArray(data) ? data : [];
};

/** The latest reports matching `filter`, `fields` projected, kept where `keep` says so. */
async function latestRunsWhere(
  client: PuppetDB,
  fields: string[],
  filter: unknown[],
  keep: (row: Row) => boolean,
  { environment, signal }: LatestRunsAsk,
): Promise<FoundNodes> {
  const clauses: unknown[] = [['=', 'latest_report?', true], filter];
  if (environment !== undefined) clauses.push(['=', 'environment', environment]);
  const stream = client.stream('reports', {
    query: ['extract', ['certname', ...fields], ['and', ...clauses]],
    signal,
  });
  const certnames = new Set<string>();
  let read = 0;
  for await (const batch of stream.batches()) {
    for (const row of batch as Row[]) {
      // leaving the loop ends the request: nothing past the cap is read
      if (++read > MAX_LIST_ROWS) return { certnames, truncatedAt: MAX_LIST_ROWS };
      if (typeof row.certname === 'string' && keep(row)) certnames.add(row.certname);
    }
  }
  return { certnames, truncatedAt: undefined };
}

/** The nodes whose latest run did not fail but logged at err level or above. */
export function nodesUnchangedWithErrors(
  client: PuppetDB,
  ask: LatestRunsAsk = {},
): Promise<FoundNodes> {
  return latestRunsWhere(
    client,
    ['status', 'logs'],
    notFailed,
    (row) =>
      isUnchangedWithErrors(
        { status: typeof row.status === 'string' ? row.status : null },
        listOf(row.logs) as Array<Pick<RunLog, 'level'>>,
      ),
    ask,
  );
}

/** The nodes whose latest run made corrective changes (only, or beside intentional ones). */
export function nodesWithCorrectiveLatestRun(
  client: PuppetDB,
  ask: LatestRunsAsk = {},
): Promise<FoundNodes> {
  return latestRunsWhere(
    client,
    ['status', 'corrective_change', 'metrics'],
    ['not', ['=', 'status', 'unchanged']],
    (row) => hadCorrective(runChangeOfRow(row).change),
    ask,
  );
}

/** A report row's change (`status`, `corrective_change`, `metrics` projected). */
export function runChangeOfRow(row: Row) {
  return runChange({
    status: typeof row.status === 'string' ? row.status : null,
    correctiveChange: typeof row.corrective_change === 'boolean' ? row.corrective_change : null,
    counts: changeCounts(listOf(row.metrics) as RunMetric[]),
  });
}

/** The newest end time of a run that did not fail, per certname: one aggregate. */
export async function lastSuccessByNode(
  client: PuppetDB,
  signal?: AbortSignal,
): Promise<{ lastSuccess: Map<string, string>; truncatedAt: number | undefined }> {
  const stream = client.stream('reports', {
    query: [
      'extract',
      ['certname', ['function', 'max', 'end_time']],
      notFailed,
      ['group_by', 'certname'],
    ],
    signal,
  });
  const lastSuccess = new Map<string, string>();
  for await (const batch of stream.batches()) {
    for (const row of batch as Row[]) {
      if (lastSuccess.size >= MAX_LIST_ROWS) return { lastSuccess, truncatedAt: MAX_LIST_ROWS };
      if (typeof row.certname === 'string' && typeof row.max === 'string') {
        lastSuccess.set(row.certname, row.max);
      }
    }
  }
  return { lastSuccess, truncatedAt: undefined };
}
