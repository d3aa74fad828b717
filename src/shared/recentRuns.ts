/**
 * "Show Recent Runs": the fleet's reports in a time window, as PuppetDB queries and as the rows
 * the table shows. Pure, so the host (what it asks), the webview (what it shows), the restore
 * path, the tests and the bench agree on what a window and a filter mean.
 */
import type { RunChange } from './history/runChange';
import { RUN_STATUSES, type RunStatusKey } from './overview';

export { RUN_STATUSES, type RunStatusKey };

/** The windows offered besides a custom one, each ending when PuppetDB is asked. */
export const RUN_WINDOWS = ['1h', '24h', '7d'] as const;
export type RunWindowKey = (typeof RUN_WINDOWS)[number];

const WINDOW_HOURS: Readonly<Record<RunWindowKey, number>> = { '1h': 1, '24h': 24, '7d': 24 * 7 };

/** The last hour, day or week (ending when asked), or a range typed in ISO-8601. */
export type RunsWindow = { last: RunWindowKey } | { since: string; until?: string };

/** What the table lists: the window, narrowed to one report status and one environment. */
export interface RunsFilter {
  window: RunsWindow;
  status?: RunStatusKey;
  environment?: string;
}

/** The most runs the table holds; past it the header says how many more the window has. */
export const MAX_RUNS = 100_000;

/** Rows per message while the runs stream in. */
export const RUNS_PER_MESSAGE = 5000;

/** What a row shows of a report (the summary: no logs, metrics or events). */
export interface RunRow {
  hash: string;
  certname: string;
  environment: string | null;
  status: string | null;
  noop: boolean;
  startTime: string | null;
  endTime: string;
  configurationVersion: string | null;
  puppetVersion: string | null;
  cachedCatalogStatus: string | null;
}

/** Runs of the window by report status (the header's counts), as PuppetDB counted them. */
export type RunStatusCounts = Record<RunStatusKey, number>;

/** The fields a row needs: the report's summary, never its logs, metrics or events. */
export const RUN_FIELDS = [
  'hash',
  'certname',
  'environment',
  'status',
  'noop',
  'start_time',
  'end_time',
  'configuration_version',
  'puppet_version',
  'cached_catalog_status',
] as const;

/** The window's bounds (ISO-8601, `until` exclusive) when asked at `now`. */
export function windowBounds(window: RunsWindow, now: Date): { since: string; until?: string } {
  if ('last' in window) {
    return {
      since: new Date(now.getTime() - WINDOW_HOURS[window.last] * 3600_000).toISOString(),
      until: now.toISOString(),
    };
  }
  return window.until === undefined ? { since: window.since } : { ...window };
}

/** The reports of the window (by end time) and the filter, without the status when asked so. */
function runsCondition(
  filter: RunsFilter,
  bounds: { since: string; until?: string },
  withStatus: boolean,
): unknown[] {
  const clauses: unknown[] = [['>=', 'end_time', bounds.since]];
  if (bounds.until !== undefined) clauses.push(['<', 'end_time', bounds.until]);
  if (withStatus && filter.status !== undefined) clauses.push(['=', 'status', filter.status]);
  if (filter.environment !== undefined) clauses.push(['=', 'environment', filter.environment]);
  return ['and', ...clauses];
}

/** The `/reports` request of the rows: summaries, newest first, at most `MAX_RUNS + 1`. */
export function recentRunsRequest(
  filter: RunsFilter,
  bounds: { since: string; until?: string },
): {
  query: unknown[];
  orderBy: Array<{ field: string; order: 'asc' | 'desc' }>;
  limit: number;
} {
  return {
    query: ['extract', [...RUN_FIELDS], runsCondition(filter, bounds, true)],
    orderBy: [
      { field: 'end_time', order: 'desc' },
      { field: 'certname', order: 'asc' },
    ],
    // one more than the table holds tells a full window from a cut one
    limit: MAX_RUNS + 1,
  };
}

/**
 * The `/reports` request of the rows' changes: the listed runs that changed something or failed
 * (an unchanged run changed nothing), with what runChange() reads; as many as the table holds.
 */
export function runChangesRequest(filter: RunsFilter, bounds: { since: string; until?: string }) {
  const { orderBy } = recentRunsRequest(filter, bounds);
  return {
    query: [
      'extract',
      ['hash', 'status', 'corrective_change', 'metrics'],
      ['and', runsCondition(filter, bounds, true), ['not', ['=', 'status', 'unchanged']]],
    ],
    orderBy,
    limit: MAX_RUNS,
  };
}

/**
 * A row's change: none for an unchanged run, else what the changes' answer said of it
 * (undefined while it is asked).
 */
export function rowChange(
  row: Pick<RunRow, 'hash' | 'status'>,
  changes: Readonly<Record<string, RunChange>> | undefined,
): RunChange | undefined {
  if (row.status === 'unchanged') return 'none';
  return changes && Object.hasOwn(changes, row.hash) ? changes[row.hash] : undefined;
}

/**
 * The `/reports` count of the window by status (the environment applies, the status filter
 * does not: the header shows every status of what could be listed).
 */
export function runCountsQuery(filter: RunsFilter, bounds: { since: string; until?: string }) {
  return [
    'extract',
    [['function', 'count'], 'status'],
    runsCondition(filter, bounds, false),
    ['group_by', 'status'],
  ];
}

/** PuppetDB's grouped counts as the header's, every status present. */
export function runStatusCounts(rows: ReadonlyArray<Record<string, unknown>>): RunStatusCounts {
  const counts = { failed: 0, changed: 0, unchanged: 0 } satisfies RunStatusCounts;
  for (const row of rows) {
    const status = row.status;
    if (typeof status === 'string' && (RUN_STATUSES as readonly string[]).includes(status)) {
      counts[status as RunStatusKey] += Number(row.count) || 0;
    }
  }
  return counts;
}

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' ? value : value === null || value === undefined ? null : String(value);

/** A row of the reports answer as the table's row. */
export function runRowFromWire(row: Record<string, unknown>): RunRow {
  return {
    hash: String(row.hash ?? ''),
    certname: String(row.certname ?? ''),
    environment: textOrNull(row.environment),
    status: textOrNull(row.status),
    noop: row.noop === true,
    startTime: textOrNull(row.start_time),
    endTime: String(row.end_time ?? ''),
    configurationVersion: textOrNull(row.configuration_version),
    puppetVersion: textOrNull(row.puppet_version),
    cachedCatalogStatus: textOrNull(row.cached_catalog_status),
  };
}

/** `2024-05-01T10:20:30.000Z` → `2024-05-01 10:20` (UTC, as PuppetDB stores it). */
function shortTime(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]}` : iso;
}

/** What the window is called: "last 24 hours", or its bounds. */
export function windowLabel(window: RunsWindow): string {
  if ('last' in window) {
    return { '1h': 'last hour', '24h': 'last 24 hours', '7d': 'last 7 days' }[window.last];
  }
  return `${shortTime(window.since)} – ${window.until === undefined ? 'now' : shortTime(window.until)}`;
}

/** The run's duration in seconds (end − start), when both are known. */
export function runSeconds(row: RunRow): number | undefined {
  if (!row.startTime) return undefined;
  const seconds = (Date.parse(row.endTime) - Date.parse(row.startTime)) / 1000;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}
