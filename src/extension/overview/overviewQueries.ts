/**
 * The overview's questions to PuppetDB: every number is an aggregate PuppetDB computes (`count()`
 * with `group by`), so the overview costs a handful of small answers whatever the fleet's size;
 * no query here returns one row per node. Plain AST arrays, all sent at once.
 */
import type { PuppetDB } from '../../client';
import {
  FLAPPING_HOURS,
  FLAPPING_MIN_RUNS,
  FLAPPING_SHARE,
  RUN_STATUSES,
  TOP_ROWS,
  bucketFormat,
  bucketKeys,
  emptyCounts,
  rangeStart,
  type ClassCount,
  type CountKey,
  type HealthCounts,
  type Counts,
  type OverviewDto,
  type ResourceCount,
  type RunStatusKey,
  type RunsBucket,
  type RunsRange,
} from '../../shared/overview';
import { MAX_LIST_ROWS, readAtMost } from '../boundedRows';
import { latestFailedEventCounts } from '../latestFailedEvents';
import { SETTING_DEFAULTS } from '../settingDefaults';
import { fetchHealthCounts } from './healthCounts';

const COUNT = ['function', 'count'];
const CACHED_CATALOG = [
  'or',
  ...['explicitly_requested', 'on_failure'].map((value) => ['=', 'cached_catalog_status', value]),
];

/** The endpoint and AST of one aggregate (the bench sends the same ones raw). */
export interface AggregateQuery {
  endpoint: 'nodes' | 'reports' | 'events';
  query: unknown[];
}

export interface OverviewInput {
  unreportedHours: number;
  range: RunsRange;
  now: Date;
  /** Only the nodes, runs and events of this environment (an Environments leaf of the tree). */
  environment?: string;
}

/** Every query of one overview, by what it answers. */
export function overviewQueries(input: OverviewInput) {
  const queries = fleetQueries(input);
  const { environment } = input;
  if (environment === undefined) return queries;
  // nodes by their latest catalog's environment (as the tree's filter), runs and events by theirs
  const field = { nodes: 'catalog_environment', reports: 'environment', events: 'environment' };
  for (const query of Object.values(queries) as AggregateQuery[]) {
    const [extract, fields, filter, ...rest] = query.query;
    const clause = ['=', field[query.endpoint], environment];
    query.query = [extract, fields, ['and', filter, clause], ...rest];
  }
  return queries;
}

function fleetQueries({ unreportedHours, range, now }: OverviewInput) {
  const cutoff = new Date(now.getTime() - unreportedHours * 3_600_000).toISOString();
  const reported = ['>', 'report_timestamp', cutoff];
  const unreported = [
    'or',
    ['null?', 'report_timestamp', true],
    ['<=', 'report_timestamp', cutoff],
  ];
  // node_state "any" and the timestamp itself: PuppetDB 7 answers `node_state = "inactive"` with
  // no rows for a node deactivated after its last command (the sample fleet's are)
  const inactive = (field: 'deactivated' | 'expired') => [
    'and',
    ['=', 'node_state', 'any'],
    ['null?', field, false],
  ];
  // by the run's end, as "Show Recent Runs" windows them: a bar's count is the runs its click lists
  const bucket = ['function', 'to_string', 'end_time', bucketFormat(range)];
  const flappingSince = new Date(now.getTime() - FLAPPING_HOURS * 3_600_000).toISOString();
  const byEnvironment = (filter: unknown[]): AggregateQuery => ({
    endpoint: 'nodes',
    query: ['extract', [COUNT, 'catalog_environment'], filter, ['group_by', 'catalog_environment']],
  });
  const statusFields = [
    'latest_report_status',
    'latest_report_noop',
    'latest_report_noop_pending',
    'catalog_environment',
  ];
  return {
    statuses: {
      endpoint: 'nodes',
      query: ['extract', [COUNT, ...statusFields], reported, ['group_by', ...statusFields]],
    },
    unreported: byEnvironment(unreported),
    cached: byEnvironment(CACHED_CATALOG),
    deactivated: byEnvironment(inactive('deactivated')),
    expired: byEnvironment(inactive('expired')),
    runs: {
      endpoint: 'reports',
      query: [
        'extract',
        [COUNT, 'status', bucket],
        ['>=', 'end_time', rangeStart(range, now)],
        ['group_by', 'status', bucket],
      ],
    },
    failingResources: {
      endpoint: 'events',
      query: latestFailedEventCounts(['resource_type', 'resource_title']),
    },
    // a node may fail several resources of one class: grouped by node too, to count nodes
    failingClasses: {
      endpoint: 'events',
      query: latestFailedEventCounts(['containing_class', 'certname']),
    },
    // per node and resource: how often it changed, and per node: how many runs it had
    changesPerNode: {
      endpoint: 'events',
      query: [
        'extract',
        [COUNT, 'certname', 'resource_type', 'resource_title'],
        ['and', ['=', 'status', 'success'], ['>=', 'timestamp', flappingSince]],
        ['group_by', 'certname', 'resource_type', 'resource_title'],
      ],
    },
    runsPerNode: {
      endpoint: 'reports',
      query: [
        'extract',
        [COUNT, 'certname'],
        // by the run's end, as the runs chart counts them and near the events' own timestamps
        ['>=', 'end_time', flappingSince],
        ['group_by', 'certname'],
      ],
    },
  } satisfies Record<string, AggregateQuery>;
}

type Row = Record<string, unknown>;

/** What asking one aggregate takes: a request's signal, and who hears of a truncated answer. */
interface AskOptions {
  signal?: AbortSignal;
  /** An answer stopped at `max` rows (MAX_LIST_ROWS): the overview counts what came before. */
  onTruncated?: (max: number) => void;
}

/** The rows of one aggregate, at most MAX_LIST_ROWS of them. */
async function askAggregate(
  client: PuppetDB,
  { endpoint, query }: AggregateQuery,
  { signal, onTruncated }: AskOptions,
): Promise<Row[]> {
  const { rows, truncatedAt } = await readAtMost(
    client.stream(endpoint, { query, signal }),
    MAX_LIST_ROWS,
  );
  if (truncatedAt !== undefined) onTruncated?.(truncatedAt);
  return rows as Row[];
}

/** The aggregates the node counts are made of (the overview's tiles, and each environment's). */
const NODE_COUNT_QUERIES = ['statuses', 'unreported', 'cached', 'deactivated', 'expired'] as const;

/**
 * The node counts of the whole fleet alone, as the overview counts them (its tiles): what the
 * overview across connections shows of each PuppetDB, five small aggregates.
 */
export async function fetchFleetCounts(
  client: PuppetDB,
  input: OverviewInput & AskOptions,
): Promise<Counts> {
  const queries = overviewQueries(input);
  const answers = await Promise.all(
    NODE_COUNT_QUERIES.map((key) => askAggregate(client, queries[key], input)),
  );
  const rows = Object.fromEntries(NODE_COUNT_QUERIES.map((key, index) => [key, answers[index]!]));
  return countNodes(rows).fleet;
}

/**
 * Asks PuppetDB the questions of the overview. The counts, runs and failures are asked at once
 * and come back together (`overview`, whose `flapping` is undefined); the flapping resources,
 * whose answers are one row per node, are asked after those and follow apart (`flapping`), so
 * they never hold up the first paint.
 */
export function fetchOverview(
  client: PuppetDB,
  input: OverviewInput &
    AskOptions & {
      connectionName: string;
      /** The setting `history.noSuccessWithinHours` (its default when not given). */
      noSuccessWithinHours?: number;
    },
): {
  overview: Promise<OverviewDto>;
  flapping: Promise<Flapping>;
  health: Promise<HealthCounts>;
} {
  const queries = overviewQueries(input);
  const started = performance.now();
  const ask = (key: keyof typeof queries) => askAggregate(client, queries[key], input);
  const names = (Object.keys(queries) as Array<keyof typeof queries>).filter(
    (key) => key !== 'changesPerNode' && key !== 'runsPerNode',
  );
  const overview = (async (): Promise<OverviewDto> => {
    const answers = await Promise.all(names.map(ask));
    const rows = Object.fromEntries(names.map((key, index) => [key, answers[index]!])) as Record<
      keyof typeof queries,
      Row[]
    >;
    const { fleet, environments } = countNodes(rows);
    return {
      connectionName: input.connectionName,
      ...(input.environment !== undefined && { environment: input.environment }),
      fetchedAt: input.now.toISOString(),
      unreportedHours: input.unreportedHours,
      fleet,
      environments,
      runs: { range: input.range, buckets: runBuckets(input.range, input.now, rows.runs) },
      failingResources: top(rows.failingResources.map(resourceCount)),
      failingClasses: nodesPerClass(rows.failingClasses),
      flapping: undefined,
      queryMs: performance.now() - started,
    };
  })();
  // asked once the rest has answered: on a large fleet these two scan every recent event and
  // report, and asked alongside they slowed the others (and so the first paint) down
  const flappingRows = overview.then(() =>
    Promise.all([ask('changesPerNode'), ask('runsPerNode')]),
  );
  // after the flapping ones (answered or not): the range's changed runs are read with their
  // metrics, the dearest question here, and it too must not slow the others down
  const health = overview
    .then(() => flappingRows.catch(() => undefined))
    .then(() =>
      fetchHealthCounts(client, {
        ...input,
        noSuccessWithinHours:
          input.noSuccessWithinHours ?? SETTING_DEFAULTS['history.noSuccessWithinHours'],
      }),
    );
  health.catch(() => undefined); // the caller's to say
  return {
    overview,
    flapping: flappingRows.then(([changes, runs]) => flapping(changes, runs)),
    health,
  };
}

/** The counts of the fleet and of each environment, from the node aggregates. */
function countNodes(rows: Record<string, Row[]>): Pick<OverviewDto, 'fleet' | 'environments'> {
  const fleet = emptyCounts();
  const byName = new Map<string | null, Counts>();
  const add = (environment: unknown, key: CountKey, count: number) => {
    const name = typeof environment === 'string' ? environment : null;
    let counts = byName.get(name);
    if (!counts) byName.set(name, (counts = emptyCounts()));
    counts[key] += count;
    fleet[key] += count;
    if (key !== 'cached' && key !== 'deactivated' && key !== 'expired') {
      counts.active += count;
      fleet.active += count;
    }
  };
  for (const row of rows.statuses!) {
    const status =
      row.latest_report_noop === true && row.latest_report_noop_pending === true
        ? 'noop'
        : row.latest_report_status;
    // a reported node has a status; anything else PuppetDB might send is not counted as one
    if (
      status === 'noop' ||
      status === 'failed' ||
      status === 'changed' ||
      status === 'unchanged'
    ) {
      add(row.catalog_environment, status, number(row.count));
    }
  }
  for (const key of ['unreported', 'cached', 'deactivated', 'expired'] as const) {
    for (const row of rows[key]!) add(row.catalog_environment, key, number(row.count));
  }
  const environments = [...byName.entries()]
    .map(([name, counts]) => ({ name, counts }))
    .sort((a, b) => (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff'));
  return { fleet, environments };
}

/** Every bucket of the range (empty ones too), oldest first. */
function runBuckets(range: RunsRange, now: Date, rows: Row[]): RunsBucket[] {
  const buckets = new Map(
    bucketKeys(range, now).map((key): [string, RunsBucket] => [
      key,
      { key, counts: { failed: 0, changed: 0, unchanged: 0 } },
    ]),
  );
  for (const row of rows) {
    const bucket = buckets.get(String(row.to_string));
    const status = row.status as RunStatusKey;
    if (bucket && RUN_STATUSES.includes(status)) bucket.counts[status] += number(row.count);
  }
  return [...buckets.values()];
}

/** The flapping resources shown, and for each (by `flappingKey`) the nodes it flaps on. */
export interface Flapping {
  resources: ResourceCount[];
  nodes: Map<string, string[]>;
}

/** How the host finds a flapping resource's nodes again when its row is clicked. */
export function flappingKey(type: string, title: string): string {
  return JSON.stringify([type, title]);
}

/** Resources that changed in at least FLAPPING_SHARE of a node's runs, by how many nodes. */
function flapping(changes: Row[], runs: Row[]): Flapping {
  const runsOf = new Map(runs.map((row) => [String(row.certname), number(row.count)]));
  const nodesOf = new Map<string, { resource: ResourceCount; certnames: string[] }>();
  for (const row of changes) {
    const nodeRuns = runsOf.get(String(row.certname)) ?? 0;
    if (nodeRuns < FLAPPING_MIN_RUNS || number(row.count) / nodeRuns < FLAPPING_SHARE) continue;
    const resource = resourceCount({ ...row, count: 0 });
    const key = flappingKey(resource.type, resource.title);
    const entry = nodesOf.get(key) ?? { resource, certnames: [] };
    entry.resource.nodes += 1;
    entry.certnames.push(String(row.certname));
    nodesOf.set(key, entry);
  }
  const resources = top([...nodesOf.values()].map((entry) => entry.resource));
  const shown = resources.map((resource) => flappingKey(resource.type, resource.title));
  return { resources, nodes: new Map(shown.map((key) => [key, nodesOf.get(key)!.certnames])) };
}

/** The failing classes by how many nodes failed in each (one row per class and node). */
function nodesPerClass(rows: Row[]): ClassCount[] {
  const nodes = new Map<string, number>();
  for (const row of rows) {
    const name = String(row.containing_class ?? '');
    nodes.set(name, (nodes.get(name) ?? 0) + 1);
  }
  return top([...nodes].map(([name, count]) => ({ name, nodes: count })));
}

function resourceCount(row: Row): ResourceCount {
  return {
    type: String(row.resource_type ?? ''),
    title: String(row.resource_title ?? ''),
    nodes: number(row.count),
  };
}

function top<T extends { nodes: number }>(rows: T[]): T[] {
  return rows.sort((a, b) => b.nodes - a.nodes).slice(0, TOP_ROWS);
}

function number(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
