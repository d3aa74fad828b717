/**
 * Two runs side by side (one node's two reports, or one run on two nodes): the resources changed,
 * failed, skipped or out of sync in one and not the other, the time metrics of both, and the log
 * lines only one logged. Linear in the runs' sizes (sets keyed by resource and by normalised
 * message), so two runs of thousands of resources compare in a few milliseconds.
 */
import { normaliseMessage } from './normaliseMessage';
import { resourceKey, type RunDetail, type RunEvent, type RunLog } from './runEntries';

export const RESOURCE_STATES = ['changed', 'failed', 'skipped', 'outOfSync'] as const;
export type ResourceState = (typeof RESOURCE_STATES)[number];

/**
 * Which states an event puts its resource in: a successful change is changed and out of sync; a
 * failed one failed and out of sync; a noop event out of sync only (Puppet's own counting).
 */
const STATES_OF: Readonly<Record<string, readonly ResourceState[]>> = {
  success: ['changed', 'outOfSync'],
  failure: ['failed', 'outOfSync'],
  noop: ['outOfSync'],
  skipped: ['skipped'],
};

export type ResourceStates = Record<ResourceState, Set<string>>;

/** Each state's resources (`Type[title]`) in one run. */
export function resourceStates(events: readonly RunEvent[]): ResourceStates {
  const states: ResourceStates = {
    changed: new Set(),
    failed: new Set(),
    skipped: new Set(),
    outOfSync: new Set(),
  };
  for (const event of events) {
    const of = STATES_OF[event.status];
    if (!of) continue;
    const key = resourceKey(event);
    for (const state of of) states[state].add(key);
  }
  return states;
}

export interface OneSided<T> {
  onlyInA: T[];
  onlyInB: T[];
}

export interface MetricRow {
  name: string;
  a: number | null;
  b: number | null;
}

export interface RunComparison {
  /** Per state, the resources in that state in one run and not in the other, sorted. */
  resources: Record<ResourceState, OneSided<string>>;
  /** Seconds per time metric (per resource type, and the phases), `total` last. */
  time: MetricRow[];
  /** Log lines whose level and normalised message the other run did not log, each once. */
  logs: OneSided<RunLog>;
}

export function compareRuns(a: RunDetail, b: RunDetail): RunComparison {
  const statesA = resourceStates(a.events);
  const statesB = resourceStates(b.events);
  const resources = {} as Record<ResourceState, OneSided<string>>;
  for (const state of RESOURCE_STATES) {
    resources[state] = {
      onlyInA: minus(statesA[state], statesB[state]),
      onlyInB: minus(statesB[state], statesA[state]),
    };
  }
  return {
    resources,
    time: timeRows(a.metrics, b.metrics),
    logs: { onlyInA: logsMissingFrom(a.logs, b.logs), onlyInB: logsMissingFrom(b.logs, a.logs) },
  };
}

function minus(from: ReadonlySet<string>, other: ReadonlySet<string>): string[] {
  const left: string[] = [];
  for (const key of from) if (!other.has(key)) left.push(key);
  return left.sort();
}

function timeRows(a: RunDetail['metrics'], b: RunDetail['metrics']): MetricRow[] {
  const rows = new Map<string, MetricRow>();
  const row = (name: string) => {
    let found = rows.get(name);
    if (!found) rows.set(name, (found = { name, a: null, b: null }));
    return found;
  };
  for (const metric of a) if (metric.category === 'time') row(metric.name).a = metric.value;
  for (const metric of b) if (metric.category === 'time') row(metric.name).b = metric.value;
  const total = rows.get('total');
  rows.delete('total');
  const sorted = [...rows.values()].sort((x, y) =>
    x.name < y.name ? -1 : x.name > y.name ? 1 : 0,
  );
  return total ? [...sorted, total] : sorted;
}

const logKey = (log: RunLog) => `${log.level}\u0000${normaliseMessage(log.message)}`;

function logsMissingFrom(logs: readonly RunLog[], other: readonly RunLog[]): RunLog[] {
  const present = new Set(other.map(logKey));
  const seen = new Set<string>();
  const left: RunLog[] = [];
  for (const log of logs) {
    const key = logKey(log);
    if (present.has(key) || seen.has(key)) continue;
    seen.add(key);
    left.push(log);
  }
  return left;
}
