/**
 * Every setting the extension reads, with the default it falls back to, and the bounds of the
 * numbers. package.json declares the same keys, defaults, minimums and maximums
 * (test/unit/manifest.test.ts checks both ways); pure, so that test can load it.
 */
import { DEFAULT_INVENTORY_COLUMNS } from '../shared/inventoryTable';

export const SETTING_DEFAULTS = {
  connections: [] as unknown[],
  pageSize: 500,
  reportsPageSize: 10,
  unreportedHours: 2,
  healthCheckSeconds: 60,
  utcTimes: false,
  'pql.pageSize': 5000,
  'pql.validateOnType': true,
  'pql.maxRows': 200_000,
  'pql.maxResultMB': 100,
  'events.maxEvents': 200_000,
  'overview.autoRefreshSeconds': 0,
  'graph.keptCatalogsMB': 20,
  'graph.keptCatalogsNodes': 50,
  'inventory.columns': [...DEFAULT_INVENTORY_COLUMNS] as string[],
  'code.pathMappings': {} as Record<string, string>,
  'code.lenses': true,
  'code.failureDiagnostics': false,
  'history.commitPattern': '',
  'history.noSuccessWithinHours': 24,
  'peers.rolePattern': '^Role::',
};

export type SettingKey = keyof typeof SETTING_DEFAULTS;

export type NumberSettingKey = {
  [K in SettingKey]: (typeof SETTING_DEFAULTS)[K] extends number ? K : never;
}[SettingKey];

/**
 * The range of each number setting. VS Code only underlines a value past the schema's maximum in
 * a hand-edited settings.json and still hands it over, so the extension clamps what it reads to
 * these too: no value makes it hold, page or repeat without end. Why each maximum is what it is:
 */
export const SETTING_BOUNDS: Record<NumberSettingKey, { minimum: number; maximum: number }> = {
  // a tree page: VS Code's tree slows long before 10,000 items
  pageSize: { minimum: 1, maximum: 10_000 },
  // whole reports, as summaries, per page
  reportsPageSize: { minimum: 1, maximum: 1_000 },
  // a year: no run interval is longer
  unreportedHours: { minimum: 0, maximum: 8_760 },
  // a day
  healthCheckSeconds: { minimum: 0, maximum: 86_400 },
  // one request's rows; what is held stays bounded by pql.maxRows and pql.maxResultMB
  'pql.pageSize': { minimum: 0, maximum: 1_000_000 },
  // ten times the default; past it, "Export the whole result" streams to a file
  'pql.maxRows': { minimum: 1, maximum: 2_000_000 },
  // the host holds a copy and so does its view: 1 GB of JSON is several GB of objects, and an
  // extension host's V8 heap stops at 4 GB (every extension of the window dies with it)
  'pql.maxResultMB': { minimum: 1, maximum: 1_024 },
  // as pql.maxRows: an events table past it says "truncated", its export streams
  'events.maxEvents': { minimum: 1, maximum: 2_000_000 },
  // a day
  'overview.autoRefreshSeconds': { minimum: 0, maximum: 86_400 },
  // kept in the host's memory, the latest six also in workspace state (loaded with the window)
  'graph.keptCatalogsMB': { minimum: 1, maximum: 512 },
  // the MB bound holds them; this bounds the count of small ones
  'graph.keptCatalogsNodes': { minimum: 1, maximum: 10_000 },
  // a year, as unreportedHours; under an hour every node between two runs would show
  'history.noSuccessWithinHours': { minimum: 1, maximum: 8_760 },
};

/**
 * A number setting as the extension uses it: `value` within its bounds, or the default when
 * `value` is not a number at all (a hand-edited "500" or null).
 */
export function boundedSetting(key: NumberSettingKey, value: unknown): number {
  const { minimum, maximum } = SETTING_BOUNDS[key];
  const number = typeof value === 'number' && !Number.isNaN(value) ? value : SETTING_DEFAULTS[key];
  return Math.min(maximum, Math.max(minimum, number));
}

/** The seconds a connection waits for an answer at most (its `timeout`): an hour. */
export const MAX_TIMEOUT_SECONDS = 3_600;
