/**
 * The fleet overview's view model: counts PuppetDB computed (PQL aggregates), never rows of
 * nodes. Pure, so the host, the webview, the restore path and tests agree on what a count means.
 */
import type { RunChange } from './history/runChange';

/**
 * A node's status as the tree shows it (src/client/records/node.ts `Node.status`): exclusive,
 * "unreported" wins, then "noop" (a noop run with pending changes), else the latest run's status.
 */
export const NODE_STATUSES = ['failed', 'changed', 'unchanged', 'noop', 'unreported'] as const;
export type NodeStatusKey = (typeof NODE_STATUSES)[number];

/** Flags counted beside the statuses: a cached catalog (active nodes), deactivated or expired. */
export const NODE_FLAGS = ['cached', 'deactivated', 'expired'] as const;
export type NodeFlagKey = (typeof NODE_FLAGS)[number];

export type CountKey = NodeStatusKey | NodeFlagKey;
export const COUNT_KEYS: readonly CountKey[] = [...NODE_STATUSES, ...NODE_FLAGS];

/** What the overviews call each count (a tile, a column, the words of a count's button). */
export const COUNT_LABELS: Record<CountKey, string> = {
  failed: 'failed',
  changed: 'changed',
  unchanged: 'unchanged',
  noop: 'noop pending',
  unreported: 'unreported',
  cached: 'cached catalog',
  deactivated: 'deactivated',
  expired: 'expired',
};

/** Every count of one scope (the fleet, or one environment); `active` is the sum of statuses. */
export type Counts = Record<CountKey, number> & { active: number };

/** The statuses a report can have (the runs chart stacks them). */
export const RUN_STATUSES = ['failed', 'changed', 'unchanged'] as const;
export type RunStatusKey = (typeof RUN_STATUSES)[number];

/** Runs per hour over the last 24 hours, or per day over the last 8 days. */
export type RunsRange = 'hours' | 'days';

export interface RunsBucket {
  /** The bucket as PuppetDB names it (`to_string(end_time, …)`), UTC: `2026-11-24 13` or `2026-11-24`. */
  key: string;
  counts: Record<RunStatusKey, number>;
}

/** A resource of the latest runs, and on how many nodes it failed (or flapped). */
export interface ResourceCount {
  type: string;
  title: string;
  nodes: number;
}

export interface ClassCount {
  /** The containing class of the failed events (`Main` for top-level resources). */
  name: string;
  nodes: number;
}

export interface OverviewDto {
  connectionName: string;
  /** Set when the overview counts only this environment's nodes, runs and events. */
  environment?: string;
  /** When PuppetDB was asked (ISO-8601). */
  fetchedAt: string;
  unreportedHours: number;
  fleet: Counts;
  /** Per catalog environment, by name; `null`: nodes without a catalog. */
  environments: Array<{ name: string | null; counts: Counts }>;
  runs: { range: RunsRange; buckets: RunsBucket[] };
  failingResources: ResourceCount[];
  failingClasses: ClassCount[];
  /** Resources changed in at least FLAPPING_SHARE of a node's runs in the last FLAPPING_HOURS. */
  /** Undefined while PuppetDB is still asked (they follow the rest: one answer row per node). */
  flapping: ResourceCount[] | undefined;
  /** How long PuppetDB took to answer the counts, runs and failures (ms). */
  queryMs: number;
  /** Health beyond the latest status; undefined while PuppetDB is still asked (as `flapping`). */
  health?: HealthCounts;
}

/** The overview's health tiles and the runs of its range by what they changed. */
export interface HealthCounts {
  /** The setting `history.noSuccessWithinHours` the count was made with. */
  noSuccessWithinHours: number;
  /** Active nodes whose last run that did not fail ended longer ago than that (or never). */
  noSuccess: number;
  /** Active nodes whose latest run did not fail but logged at err level or above. */
  unchangedWithErrors: number;
  /** The runs of the chart's range that changed something or failed, by what they changed. */
  changes: Record<RunChange, number>;
}

/** The health tiles, each opening its nodes in the tree (a node filter of the same name). */
export const HEALTH_TILES = ['noSuccessWithin', 'unchangedWithErrors'] as const;
export type HealthTile = (typeof HEALTH_TILES)[number];

/** A resource flaps on a node when it changed in at least this share of the node's runs… */
export const FLAPPING_SHARE = 0.45;
/** …of at least this many runs… */
export const FLAPPING_MIN_RUNS = 2;
/** …in this window (hours). */
export const FLAPPING_HOURS = 24;
/** Rows of each "what is going wrong" list. */
export const TOP_ROWS = 10;

export function emptyCounts(): Counts {
  return {
    failed: 0,
    changed: 0,
    unchanged: 0,
    noop: 0,
    unreported: 0,
    cached: 0,
    deactivated: 0,
    expired: 0,
    active: 0,
  };
}

/**
 * The bucket keys of a range ending at `now`, oldest first, in PuppetDB's `to_string` format
 * (UTC): the 24 hours up to and including the current one, or the 8 days up to today.
 */
export function bucketKeys(range: RunsRange, now: Date): string[] {
  const hours = range === 'hours';
  const step = hours ? 3_600_000 : 86_400_000;
  const count = hours ? 24 : 8;
  const keys: string[] = [];
  for (let index = count - 1; index >= 0; index--) {
    const iso = new Date(now.getTime() - index * step).toISOString();
    keys.push(hours ? `${iso.slice(0, 10)} ${iso.slice(11, 13)}` : iso.slice(0, 10));
  }
  return keys;
}

/** The start of the oldest bucket of a range (ISO-8601), for the reports query. */
export function rangeStart(range: RunsRange, now: Date): string {
  const first = bucketKeys(range, now)[0]!;
  return range === 'hours' ? `${first.replace(' ', 'T')}:00:00.000Z` : `${first}T00:00:00.000Z`;
}

/**
 * The window `[since, until)` (ISO-8601, UTC) of one bucket of a range, by its key: the hour or
 * the day the chart counted, as the recent runs view asks for it. Undefined for a key that does
 * not name a bucket of that range.
 */
export function bucketBounds(
  range: RunsRange,
  key: string,
): { since: string; until: string } | undefined {
  const hours = range === 'hours';
  const match = (hours ? /^(\d{4}-\d{2}-\d{2}) (\d{2})$/ : /^(\d{4}-\d{2}-\d{2})$/).exec(key);
  if (!match) return undefined;
  const start = Date.parse(`${match[1]}T${hours ? match[2] : '00'}:00:00.000Z`);
  if (Number.isNaN(start)) return undefined;
  const since = new Date(start).toISOString();
  // a key such as `2026-02-30` parses to another day: it names no bucket
  if ((hours ? `${since.slice(0, 10)} ${since.slice(11, 13)}` : since.slice(0, 10)) !== key) {
    return undefined;
  }
  const until = new Date(start + (hours ? 3_600_000 : 86_400_000)).toISOString();
  return { since, until };
}

/** PostgreSQL `to_char` format of a range's buckets. */
export function bucketFormat(range: RunsRange): string {
  return range === 'hours' ? 'YYYY-MM-DD HH24' : 'YYYY-MM-DD';
}

/** The short label of a bucket on the chart's axis: the hour (`13h`) or the day (`11-24`). */
export function bucketLabel(range: RunsRange, key: string): string {
  return range === 'hours' ? `${key.slice(11, 13)}h` : key.slice(5, 10);
}
