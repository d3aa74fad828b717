/**
 * The run-time schema of every message a webview may post to the host, and of the state VS Code
 * hands back when it restores a panel. Declared beside the protocol's types and checked against
 * them: a message type missing here, or a field of the wrong kind, does not compile.
 */
import {
  anyRecord,
  anyValue,
  arrayOf,
  checkMessage,
  count,
  duration,
  object,
  oneOf,
  optional,
  text,
  type Check,
  type MessageSchema,
} from './messageSchema';
import type { CatalogGraphDto } from './catalogGraph';
import {
  isFactPath,
  isFactValue,
  type FactDistributionDto,
  type FactPath,
  type FactValue,
} from './factExplorer';
import { COUNT_KEYS, type OverviewDto } from './overview';
import {
  MAX_FLAPPING_CERTNAMES,
  MESSAGE_TEXT_MAX_CHARS,
  type DeclaredAtFilter,
  type FleetEventsFilter,
  type KeptContent,
  type OverviewEventsFilter,
  type Protocols,
  type ResultsError,
  type ResultsSnapshot,
  type RestoreInfo,
  type RestoredNote,
  type ShownContents,
  type WebviewEntry,
} from './protocol';
import type { InventorySort } from './inventoryTable';
import {
  RUN_STATUSES,
  RUN_WINDOWS,
  type RunsFilter,
  type RunsWindow,
  type RunWindowKey,
} from './recentRuns';
import type { EventRowDto, ReportDto } from './reportDto';

/** Certnames, report hashes, resource ids: short text. */
const name = text(4096);
/** A whole query, a message, an exported picture. */
const longText = text(MESSAGE_TEXT_MAX_CHARS);

const openInGraph = { certname: name, resource: name };
const openManifestAt = { file: name, line: optional(count) };
/** Every view's error banner: Show Log, Edit Connection. */
const errorBannerActions = { showLog: {}, editConnection: {} };

const overviewEventsFields = {
  status: optional(oneOf('failure', 'success')),
  resourceType: optional(name),
  resourceTitle: optional(name),
  containingClass: optional(name),
  since: optional(name),
  until: optional(name),
};
/** The events table's fleet source (a command's argument, a restored panel's). */
export const fleetEventsFilter: Check<FleetEventsFilter> = object<FleetEventsFilter>({
  ...overviewEventsFields,
  environment: optional(name),
  certnames: optional(arrayOf(name, MAX_FLAPPING_CERTNAMES)),
});
/** A row of the overview's "what is going wrong" as its webview asks: no environment. */
const overviewEventsFilter = object<OverviewEventsFilter>(overviewEventsFields);
/** A bucket of the overview's runs chart: `2026-11-24 13` (an hour) or `2026-11-24` (a day). */
const runsBucketKey: Check<string> = (value) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}( \d{2})?$/.test(value)
    ? undefined
    : 'expected a bucket of the runs chart (YYYY-MM-DD or YYYY-MM-DD HH)';

/** An ISO-8601 date or date-time (what a custom window may hold). */
const isoTime: Check<string> = (value) =>
  typeof value === 'string' && value.length <= 64 && !Number.isNaN(Date.parse(value))
    ? undefined
    : 'expected an ISO-8601 time';
const runsWindow: Check<RunsWindow> = (value) =>
  object<{ last: RunWindowKey }>({ last: oneOf(...RUN_WINDOWS) })(value) &&
  object<{ since: string; until?: string }>({ since: isoTime, until: optional(isoTime) })(value)
    ? 'expected { last: 1h | 24h | 7d } or { since, until? }'
    : undefined;
/** The runs table's filter (what its webview asks for, what a restored panel lists again). */
export const runsFilter: Check<RunsFilter> = object<RunsFilter>({
  window: runsWindow,
  status: optional(oneOf(...RUN_STATUSES)),
  environment: optional(name),
});
const runsRange = oneOf('hours', 'days');
/** A leaf value of a fact, as the fact explorer showed it (asked about again by the host). */
const factValue: Check<FactValue> = (value) =>
  isFactValue(value) && (typeof value !== 'string' || value.length <= 65_536)
    ? undefined
    : 'expected a fact value (text, a number, true, false or null)';
const factPath: Check<FactPath> = (value) =>
  isFactPath(value) ? undefined : 'expected a fact path (names and array indexes)';

/** "Show Events for This Line": PuppetDB's paths of one file, and the line. */
export const declaredAtFilter: Check<DeclaredAtFilter> = (value) =>
  object<DeclaredAtFilter>({ files: arrayOf(name, 1000), line: count })(value) ??
  ((value as DeclaredAtFilter).files.length === 0 ? 'expected at least one file' : undefined);

export const toHostSchemas = {
  results: {
    ready: {},
    rendered: { runId: count, rowCount: count },
    cancel: { runId: count },
    loadMore: { runId: count },
    rerun: {},
    export: { format: oneOf('csv', 'json') },
    exportAll: { format: oneOf('csv', 'json') },
    copyCurl: {},
    openNode: { certname: name },
    openCatalog: { certname: name },
    openEvents: { reportHash: name },
    openManifest: { runId: count, row: count },
    ...errorBannerActions,
  },
  graph: {
    ready: {},
    compare: {},
    refresh: {},
    askExport: { format: oneOf('png', 'svg') },
    export: { format: oneOf('png', 'svg'), token: name, data: longText },
    openNode: { certname: name },
    findNodesWithResource: { resource: name },
    openManifest: { resource: name },
    drawn: {
      nodes: count,
      edges: count,
      layoutMs: duration,
      paintMs: duration,
      firstPaintMs: duration,
    },
    ...errorBannerActions,
  },
  events: {
    ready: {},
    openInGraph,
    openManifest: openManifestAt,
    openReport: { reportHash: name },
    reload: {},
    exportAll: { format: oneOf('csv', 'json') },
    ...errorBannerActions,
  },
  report: {
    ready: {},
    openInGraph,
    openManifest: openManifestAt,
    openNode: { certname: name },
    reload: {},
    ...errorBannerActions,
  },
  inventory: {
    ready: {},
    addColumn: {},
    removeColumn: { column: name },
    export: {
      format: oneOf('csv', 'json'),
      filter: text(4096),
      sort: ((value: unknown) =>
        value === null
          ? undefined
          : object<InventorySort>({
              column: count,
              descending: (flag) =>
                typeof flag === 'boolean' ? undefined : 'expected true or false',
            })(value)) as Check<InventorySort | null>,
    },
    openNode: { certname: name },
    reload: {},
    shown: { rows: count, loaded: count },
  },
  overview: {
    ready: {},
    refresh: { range: runsRange },
    openNodes: { count: oneOf(...COUNT_KEYS), environment: optional(name) },
    openEvents: { filter: overviewEventsFilter },
    openFlapping: { resourceType: name, resourceTitle: name },
    openRuns: { bucket: optional(runsBucketKey), status: optional(oneOf(...RUN_STATUSES)) },
    painted: { fetchedAt: name },
    showAllEnvironments: {},
  },
  factExplorer: {
    ready: {},
    openNodes: { value: factValue },
    choosePath: {},
    openAsPql: {},
    refresh: {},
    painted: { fetchedAt: name },
  },
  runs: {
    ready: {},
    setFilter: { filter: runsFilter },
    pickWindow: {},
    openReport: { reportHash: name },
    reload: {},
    shown: { rows: count, loaded: count },
    ...errorBannerActions,
  },
} satisfies { [E in WebviewEntry]: MessageSchema<Protocols[E]['toHost']> };

/** Why a message from the `entry` webview must be dropped, or undefined when it is fine. */
export function checkToHost(entry: WebviewEntry, message: unknown): string | undefined {
  return checkMessage(
    // the entries' schemas differ (one `openManifest` each): a union TypeScript cannot narrow
    toHostSchemas[entry] as unknown as MessageSchema<Protocols[WebviewEntry]['toHost']>,
    message,
  );
}

// --- what a restored panel is rebuilt from -------------------------------------------------------

const restoreInfoSchemas: { [E in WebviewEntry]: Check<Extract<RestoreInfo, { entry: E }>> } = {
  results: object({ entry: oneOf('results'), connectionId: name, query: longText }),
  graph: object({
    entry: oneOf('graph'),
    connectionId: name,
    certname: name,
    compareWith: optional(name),
  }),
  events: object({
    entry: oneOf('events'),
    connectionId: name,
    source: ((value: unknown) =>
      object<{ reportHash: string }>({ reportHash: name })(value) &&
      object<{ certname: string; since?: string; until?: string }>({
        certname: name,
        since: optional(name),
        until: optional(name),
      })(value) &&
      object<{ fleet: FleetEventsFilter }>({ fleet: fleetEventsFilter })(value) &&
      object<{ declaredAt: DeclaredAtFilter }>({ declaredAt: declaredAtFilter })(value)
        ? 'expected { reportHash }, { certname, since?, until? }, { fleet } or { declaredAt }'
        : undefined) as Check<Extract<RestoreInfo, { entry: 'events' }>['source']>,
  }),
  report: object({ entry: oneOf('report'), connectionId: name, reportHash: name }),
  inventory: object({ entry: oneOf('inventory'), connectionId: name, columns: arrayOf(name) }),
  overview: object({
    entry: oneOf('overview'),
    connectionId: name,
    range: runsRange,
    environment: optional(name),
  }),
  runs: object({ entry: oneOf('runs'), connectionId: name, filter: runsFilter }),
  factExplorer: object({ entry: oneOf('factExplorer'), connectionId: name, path: factPath }),
};

/**
 * Why a record of the host's PanelRecords cannot rebuild a panel of `entry` (one written by an
 * older version, say), or undefined when it can.
 */
export function checkRestoreInfo(entry: WebviewEntry, info: unknown): string | undefined {
  return restoreInfoSchemas[entry](info);
}

/** A panel's id as the host gives it out (a random UUID): looked up, never trusted further. */
export function isPanelId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value)
  );
}

// --- what VS Code gives back on restore ---------------------------------------------------------

/**
 * Loose checks of kept content: the fields the host reads are checked; the rest is data the
 * webview shows as text, whatever it holds.
 */
function shaped<T>(fields: { [K in keyof T]?: Check<T[K]> }): Check<T> {
  return (value) => {
    const problem = anyRecord(value);
    if (problem) return problem;
    for (const [key, check] of Object.entries(fields) as Array<[string, Check<unknown>]>) {
      const fieldProblem = check((value as Record<string, unknown>)[key]);
      if (fieldProblem) return `field "${key}": ${fieldProblem}`;
    }
    return undefined;
  };
}

/** An object the webview only shows (an event row, a log line): any fields. */
const dataRecord = <T>() => anyRecord as unknown as Check<T>;

const resultsError: Check<ResultsError | undefined> = optional(
  shaped<ResultsError>({ message: longText, detail: optional(longText) }),
);
const catalog: Check<CatalogGraphDto> = shaped<CatalogGraphDto>({
  certname: name,
  version: name,
  resources: arrayOf(shaped<CatalogGraphDto['resources'][number]>({ id: name, type: name })),
  edges: arrayOf(shaped<CatalogGraphDto['edges'][number]>({ source: name, target: name })),
});
const events: Check<EventRowDto[]> = arrayOf(dataRecord<EventRowDto>());

const shownSchemas: { [E in WebviewEntry]: Check<ShownContents[E]> } = {
  results: shaped<ResultsSnapshot>({
    runId: count,
    query: longText,
    connectionName: name,
    rows: arrayOf(anyValue),
    state: oneOf('running', 'done', 'error', 'cancelled'),
    hasMore: (value) => (typeof value === 'boolean' ? undefined : 'expected true or false'),
    error: resultsError,
  }),
  graph: shaped<ShownContents['graph']>({
    catalog,
    compareWith: optional(shaped({ catalog, label: name })),
  }),
  events: shaped<ShownContents['events']>({
    title: longText,
    certname: optional(name),
    events,
  }),
  report: shaped<ReportDto>({
    certname: name,
    hash: name,
    events,
    logs: arrayOf(dataRecord<ReportDto['logs'][number]>()),
    metrics: arrayOf(dataRecord<ReportDto['metrics'][number]>()),
  }),
  inventory: shaped<ShownContents['inventory']>({
    title: longText,
    columns: arrayOf(name),
    rows: arrayOf(arrayOf(anyValue)),
  }),
  overview: shaped<OverviewDto>({
    connectionName: name,
    fetchedAt: name,
    fleet: anyRecord as unknown as Check<OverviewDto['fleet']>,
    environments: arrayOf(dataRecord<OverviewDto['environments'][number]>()),
    runs: shaped<OverviewDto['runs']>({
      range: runsRange,
      buckets: arrayOf(dataRecord<OverviewDto['runs']['buckets'][number]>()),
    }),
    failingResources: arrayOf(dataRecord<OverviewDto['failingResources'][number]>()),
    failingClasses: arrayOf(dataRecord<OverviewDto['failingClasses'][number]>()),
    flapping: optional(arrayOf(dataRecord<NonNullable<OverviewDto['flapping']>[number]>())),
  }),
  runs: shaped<ShownContents['runs']>({
    title: longText,
    filter: runsFilter,
    bounds: object<ShownContents['runs']['bounds']>({ since: name, until: optional(name) }),
    rows: arrayOf(dataRecord<ShownContents['runs']['rows'][number]>()),
    environments: arrayOf(name),
  }),
  factExplorer: shaped<FactDistributionDto>({
    connectionName: name,
    fetchedAt: name,
    path: factPath,
    values: arrayOf(dataRecord<FactDistributionDto['values'][number]>()),
    distinct: count,
    nodes: count,
  }),
};

/**
 * What a restored panel of `entry` may use of its webview's saved state; the rest is dropped. The
 * id only names the host's own record of the panel (which says what it may fetch); the kept
 * content is only shown again.
 */
export interface RestoredState<E extends WebviewEntry> {
  panelId: string | undefined;
  kept: KeptContent<E> | undefined;
  /** Why (part of) the state was not used, for the log. */
  problem: string | undefined;
}

export function checkRestoredState<E extends WebviewEntry>(
  entry: E,
  state: unknown,
): RestoredState<E> {
  const saved = (typeof state === 'object' && state !== null ? state : {}) as {
    panelId?: unknown;
    kept?: unknown;
  };
  if (saved.panelId === undefined) {
    return { panelId: undefined, kept: undefined, problem: undefined };
  }
  if (!isPanelId(saved.panelId)) {
    return { panelId: undefined, kept: undefined, problem: 'expected a panel id' };
  }
  const id = saved.panelId;
  if (saved.kept === undefined) return { panelId: id, kept: undefined, problem: undefined };
  const keptProblem = object<KeptContent<E>>({
    savedAt: name,
    content: optional(shownSchemas[entry] as Check<ShownContents[E]>),
    omitted: optional(name),
  })(saved.kept);
  return keptProblem
    ? { panelId: id, kept: undefined, problem: `kept content: ${keptProblem}` }
    : { panelId: id, kept: saved.kept as KeptContent<E>, problem: undefined };
}

/** The note a restored panel shows, from what its webview kept. */
export function restoredNote(kept: KeptContent<WebviewEntry> | undefined): RestoredNote {
  return {
    savedAt: kept?.savedAt,
    omitted:
      kept?.content !== undefined
        ? undefined
        : (kept?.omitted ?? 'Nothing of it was kept when the window reloaded.'),
  };
}
