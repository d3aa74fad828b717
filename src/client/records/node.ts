import { EmptyResponseError } from '../errors';
import { dateOrFalse, formatDuration, optionalDate } from '../internal/time';
import type { RecordApi } from './api';
import { andQuery, type RecordQueryOptions, type RecordSource } from './recordQuery';
import type { Fact } from './fact';
import { optionalString, required, type JsonRow } from './json';
import type { Report } from './report';
import type { Resource } from './resource';

/**
 * The latest report's event counts: an `/event-counts` row with its wire keys (`successes`,
 * `failures`, `noops`, `skips`, `subject`), or in the cheap mode the reference's
 * `{successes, failures, noops}` with `"some"` for the kind of change the report had.
 */
export type EventCounts = Record<string, unknown>;

/** The `event-counts` rows of the latest reports, as a list or already keyed by certname. */
export type LatestEvents = ReadonlyMap<string, EventCounts> | readonly EventCounts[];

/** The arguments of the reference's `Node.create_from_dict` after the row. */
export interface NodeStatusInput {
  /** Compute statusReport, events and unreported. Default false, as `nodes()`. */
  withStatus?: boolean;
  /** Take the counts from `latestEvents`; false: only `"some"` markers (cheap mode). Default true. */
  withEventNumbers?: boolean;
  latestEvents?: LatestEvents;
  /** The clock the report age is measured against. Default: now. */
  now?: Date;
  /** Hours without a report before a node is unreported; null never marks by age. Default 2. */
  unreported?: number | null;
}

/** The reference's `Node(...)` keyword arguments, already converted. */
export interface NodeFields {
  deactivated?: Date | false;
  expired?: Date | false;
  reportTimestamp?: Date;
  catalogTimestamp?: Date;
  factsTimestamp?: Date;
  statusReport?: string;
  noop?: boolean;
  noopPending?: boolean;
  events?: EventCounts;
  unreported?: boolean;
  unreportedTime?: string;
  /** null (the default) when the node has no report, catalog or facts: PuppetDB's null. */
  reportEnvironment?: string | null;
  catalogEnvironment?: string | null;
  factsEnvironment?: string | null;
  latestReportHash?: string;
  cachedCatalogStatus?: string;
}

const RECORD = 'node';
const HOUR_MS = 3_600_000;
const DEFAULT_UNREPORTED_HOURS = 2;
/** Read with `row[key]` by the reference: a row without one is an error. */
const REQUIRED_KEYS = [
  'certname',
  'deactivated',
  'expired',
  'report_timestamp',
  'catalog_timestamp',
  'facts_timestamp',
  'report_environment',
  'catalog_environment',
  'facts_environment',
] as const;

/** A node (a `/nodes` row), with the reference's status computation and node-scoped helpers. */
export class Node {
  // Private (#) so that JSON.stringify and util.inspect never reach the connection's settings.
  readonly #api: RecordApi;
  readonly deactivated: Date | false;
  readonly expired: Date | false;
  readonly reportTimestamp: Date | undefined;
  readonly catalogTimestamp: Date | undefined;
  readonly factsTimestamp: Date | undefined;
  readonly statusReport: string | undefined;
  readonly noop: boolean;
  readonly noopPending: boolean;
  readonly events: EventCounts | undefined;
  readonly unreported: boolean;
  readonly unreportedTime: string | undefined;
  /** The environment of the latest report; null when the node has none. */
  readonly reportEnvironment: string | null;
  /** The environment of the latest catalog; null when the node has none. */
  readonly catalogEnvironment: string | null;
  /** The environment of the latest facts; null when PuppetDB sends none. */
  readonly factsEnvironment: string | null;
  readonly latestReportHash: string | undefined;
  readonly cachedCatalogStatus: string | undefined;
  /** "unreported" wins; then "noop" for a noop run with pending changes; else statusReport. */
  readonly status: string | undefined;

  constructor(
    api: RecordApi,
    readonly name: string,
    fields: NodeFields = {},
  ) {
    this.#api = api;
    this.deactivated = fields.deactivated ?? false;
    this.expired = fields.expired ?? false;
    this.reportTimestamp = fields.reportTimestamp;
    this.catalogTimestamp = fields.catalogTimestamp;
    this.factsTimestamp = fields.factsTimestamp;
    this.statusReport = fields.statusReport;
    this.noop = fields.noop ?? false;
    this.noopPending = fields.noopPending ?? false;
    this.events = fields.events;
    this.unreported = fields.unreported ?? false;
    this.unreportedTime = fields.unreportedTime;
    // The reference defaults these to "production"; a node that never sent a report has no
    // report environment, and saying "production" would be inventing it.
    this.reportEnvironment = fields.reportEnvironment ?? null;
    this.catalogEnvironment = fields.catalogEnvironment ?? null;
    this.factsEnvironment = fields.factsEnvironment ?? null;
    this.latestReportHash = fields.latestReportHash;
    this.cachedCatalogStatus = fields.cachedCatalogStatus;
    if (this.unreported) this.status = 'unreported';
    else if (this.noop && this.noopPending) this.status = 'noop';
    else this.status = this.statusReport;
  }

  /**
   * The reference's `Node.create_from_dict`. `latestEvents` may be the `event-counts` list: it
   * is indexed by certname once per list (the reference scans it for every node).
   */
  static fromJSON(api: RecordApi, row: JsonRow, options: NodeStatusInput = {}): Node {
    for (const key of REQUIRED_KEYS) required(row, key, RECORD);
    const reportTimestamp = optionalDate(row.report_timestamp);
    const fields: NodeFields = {
      deactivated: dateOrFalse(row.deactivated),
      expired: dateOrFalse(row.expired),
      reportTimestamp,
      catalogTimestamp: optionalDate(row.catalog_timestamp),
      factsTimestamp: optionalDate(row.facts_timestamp),
      noop: Boolean(row.latest_report_noop),
      noopPending: Boolean(row.latest_report_noop_pending),
      reportEnvironment: optionalString(row.report_environment),
      catalogEnvironment: optionalString(row.catalog_environment),
      factsEnvironment: optionalString(row.facts_environment),
      latestReportHash: optionalString(row.latest_report_hash),
      cachedCatalogStatus: optionalString(row.cached_catalog_status),
    };
    if (options.withStatus === true) {
      Object.assign(fields, statusOf(row, options));
      Object.assign(fields, reportAge(reportTimestamp, options));
    }
    return new Node(api, String(row.certname), fields);
  }

  /** This node's facts (`["=", "certname", name]`, and-ed with `options.query` if given). */
  facts(options: RecordQueryOptions = {}): RecordSource<Fact> {
    return this.#api.facts({ ...options, query: this.scoped(options.query) });
  }

  /** This node's fact `name`; EmptyResponseError when it has none (reference: StopIteration). */
  async fact(name: string, options: RecordQueryOptions = {}): Promise<Fact> {
    const fact = await this.facts({ ...options, name }).first();
    if (!fact) throw new EmptyResponseError(`${this.name} has no fact named ${name}.`);
    return fact;
  }

  /** This node's reports. */
  reports(options: RecordQueryOptions = {}): RecordSource<Report> {
    return this.#api.reports({ ...options, query: this.scoped(options.query) });
  }

  /** This node's resources, optionally of one `type` (and `title`). */
  resources(options: RecordQueryOptions = {}): RecordSource<Resource> {
    return this.#api.resources({ ...options, query: this.scoped(options.query) });
  }

  /** The resource `type[title]` of this node; EmptyResponseError when it has none. */
  async resource(type: string, title: string, options: RecordQueryOptions = {}): Promise<Resource> {
    const resource = await this.resources({ ...options, type, title }).first();
    if (!resource) throw new EmptyResponseError(`${this.name} has no resource ${type}[${title}].`);
    return resource;
  }

  /** Python `str()`: the certname. */
  toString(): string {
    return this.name;
  }

  /** Python `repr()`: `<Node: name>`. */
  repr(): string {
    return `<Node: ${this.name}>`;
  }

  private scoped(query: unknown): unknown[] {
    return andQuery(['=', 'certname', this.name], query);
  }
}

/** statusReport and events, as the reference derives them when asked for the status. */
function statusOf(
  row: JsonRow,
  options: NodeStatusInput,
): Pick<NodeFields, 'statusReport' | 'events'> {
  if (options.withEventNumbers === false) {
    // The cheap mode: no event-counts query, only which kind of change there was.
    const statusReport = optionalString(required(row, 'latest_report_status', RECORD));
    const events: EventCounts = { successes: 0, failures: 0, noops: 0 };
    if (statusReport === 'changed') events.successes = 'some';
    else if (statusReport === 'noop') events.noops = 'some';
    else if (statusReport === 'failed') events.failures = 'some';
    return { statusReport, events };
  }
  const events = latestEventsOf(options.latestEvents).get(String(row.certname));
  if ('latest_report_status' in row) {
    return { statusReport: optionalString(row.latest_report_status), events };
  }
  // PuppetDB before 3.2 had no latest_report_status: the counts decide, later checks winning.
  if (!events) return { statusReport: 'unchanged', events: undefined };
  let statusReport: string | undefined;
  if (Number(events.successes) > 0) statusReport = 'changed';
  if (Number(events.noops) > 0) statusReport = 'noop';
  if (Number(events.failures) > 0) statusReport = 'failed';
  return { statusReport, events };
}

/** unreported and unreportedTime: a node whose last report is too old, or that never reported. */
function reportAge(
  reportTimestamp: Date | undefined,
  options: NodeStatusInput,
): Pick<NodeFields, 'unreported' | 'unreportedTime'> {
  if (!reportTimestamp) return { unreported: true, unreportedTime: undefined };
  const hours = options.unreported === undefined ? DEFAULT_UNREPORTED_HOURS : options.unreported;
  // The reference fails on None here (timedelta(hours=None)); null means "never by age".
  if (hours === null) return {};
  const age = (options.now ?? new Date()).getTime() - reportTimestamp.getTime();
  if (age <= hours * HOUR_MS) return {};
  return { unreported: true, unreportedTime: formatDuration(age) };
}

const EMPTY_INDEX: ReadonlyMap<string, EventCounts> = new Map();
const indexes = new WeakMap<readonly EventCounts[], ReadonlyMap<string, EventCounts>>();

/** The counts keyed by certname; a list is indexed once and the index kept with it. */
function latestEventsOf(latest: LatestEvents | undefined): ReadonlyMap<string, EventCounts> {
  if (latest === undefined) return EMPTY_INDEX;
  if (!Array.isArray(latest)) return latest as ReadonlyMap<string, EventCounts>;
  let index = indexes.get(latest);
  if (!index) {
    index = indexEventCounts(latest);
    indexes.set(latest, index);
  }
  return index;
}

/** `event-counts` rows keyed by `subject.title`; the first row wins, as the reference's `[0]`. */
export function indexEventCounts(rows: readonly EventCounts[]): Map<string, EventCounts> {
  const byCertname = new Map<string, EventCounts>();
  for (const row of rows) {
    const title = (row.subject as { title?: unknown } | null | undefined)?.title;
    if (typeof title === 'string' && !byCertname.has(title)) byCertname.set(title, row);
  }
  return byCertname;
}
