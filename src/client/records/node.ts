import { EmptyResponseError } from '../errors';
import { dateOrFalse, formatElapsed, optionalDate } from '../internal/time';
import type { QueryLike } from '../queryBuilder';
import type { RecordApi, RecordSource, ScopedQueryOptions } from './api';
import type { Fact } from './fact';
import type { Report } from './report';
import type { Resource } from './resource';
import { optionalString, required, type JsonRow } from './json';

/** Counted events of the latest report, or the "some" markers of the cheap mode. */
export type EventCounts = Record<string, unknown>;

export interface NodeStatusInput {
  withStatus: boolean;
  withEventNumbers: boolean;
  /** event-counts rows of the latest reports, keyed by certname. */
  latestEvents: ReadonlyMap<string, EventCounts> | undefined;
  now: Date;
  /** Hours without a report before a node is unreported; null never marks it. */
  unreported: number | null;
}

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
  reportEnvironment?: string;
  catalogEnvironment?: string;
  factsEnvironment?: string;
  latestReportHash?: string;
  cachedCatalogStatus?: string;
}

const HOUR_MS = 3600_000;
const REQUIRED_KEYS = [
  'deactivated',
  'expired',
  'report_timestamp',
  'catalog_timestamp',
  'facts_timestamp',
  'report_environment',
  'catalog_environment',
  'facts_environment',
] as const;

/** A node (`/nodes` row), with the reference's status computation and node-scoped helpers. */
export class Node {
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
  readonly reportEnvironment: string;
  readonly catalogEnvironment: string;
  readonly factsEnvironment: string;
  readonly latestReportHash: string | undefined;
  readonly cachedCatalogStatus: string | undefined;
  /** "unreported" wins; then "noop" for a noop run with pending changes; else statusReport. */
  readonly status: string | undefined;

  constructor(
    private readonly api: RecordApi,
    readonly name: string,
    fields: NodeFields = {},
  ) {
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
    this.reportEnvironment = fields.reportEnvironment ?? 'production';
    this.catalogEnvironment = fields.catalogEnvironment ?? 'production';
    this.factsEnvironment = fields.factsEnvironment ?? 'production';
    this.latestReportHash = fields.latestReportHash;
    this.cachedCatalogStatus = fields.cachedCatalogStatus;
    if (this.unreported) this.status = 'unreported';
    else if (this.noop && this.noopPending) this.status = 'noop';
    else this.status = this.statusReport;
  }

  /** The reference's `Node.create_from_dict`, with the latest event counts looked up by certname. */
  static fromJSON(api: RecordApi, row: JsonRow, input: NodeStatusInput): Node {
    for (const key of REQUIRED_KEYS) required(row, key, 'node');
    const certname = String(required(row, 'certname', 'node'));
    const { statusReport, events } = input.withStatus
      ? statusOf(row, certname, input)
      : { statusReport: undefined, events: undefined };
    const reportTimestamp = optionalDate(row.report_timestamp);
    let unreported = false;
    let unreportedTime: string | undefined;
    // The reference judges the report's age whether or not the status was asked for.
    if (reportTimestamp && input.unreported !== null) {
      const age = input.now.getTime() - reportTimestamp.getTime();
      if (age > input.unreported * HOUR_MS) {
        unreported = true;
        unreportedTime = formatElapsed(age);
      }
    }
    if (!reportTimestamp) unreported = true;
    return new Node(api, certname, {
      deactivated: dateOrFalse(row.deactivated),
      expired: dateOrFalse(row.expired),
      reportTimestamp,
      catalogTimestamp: optionalDate(row.catalog_timestamp),
      factsTimestamp: optionalDate(row.facts_timestamp),
      statusReport,
      noop: Boolean(row.latest_report_noop),
      noopPending: Boolean(row.latest_report_noop_pending),
      events,
      unreported,
      unreportedTime,
      reportEnvironment: optionalString(row.report_environment),
      catalogEnvironment: optionalString(row.catalog_environment),
      factsEnvironment: optionalString(row.facts_environment),
      latestReportHash: optionalString(row.latest_report_hash),
      cachedCatalogStatus: optionalString(row.cached_catalog_status),
    });
  }

  /** This node's facts, and-ed with `query` when given. */
  facts(options: ScopedQueryOptions & { name?: string } = {}): RecordSource<Fact> {
    return this.api.facts({ ...options, query: this.scoped(options.query) });
  }

  /** One fact of this node; EmptyResponseError when it has none of that name. */
  async fact(name: string, options: ScopedQueryOptions = {}): Promise<Fact> {
    const fact = await this.facts({ ...options, name }).first();
    if (!fact) throw new EmptyResponseError(`${this.name} has no fact named ${name}.`);
    return fact;
  }

  reports(options: ScopedQueryOptions = {}): RecordSource<Report> {
    return this.api.reports({ ...options, query: this.scoped(options.query) });
  }

  resources(
    options: ScopedQueryOptions & { type?: string; title?: string } = {},
  ): RecordSource<Resource> {
    return this.api.resources({ ...options, query: this.scoped(options.query) });
  }

  async resource(type: string, title: string, options: ScopedQueryOptions = {}): Promise<Resource> {
    const resource = await this.resources({ ...options, type, title }).first();
    if (!resource) throw new EmptyResponseError(`${this.name} has no resource ${type}[${title}].`);
    return resource;
  }

  /** Plain data: the connection (and its credentials) stays out of JSON. */
  toJSON(): Record<string, unknown> {
    const { api: _api, ...fields } = this as unknown as Record<string, unknown>;
    return fields;
  }

  toString(): string {
    return this.name;
  }

  repr(): string {
    return `<Node: ${this.name}>`;
  }

  /** The reference's AndOperator of the certname clause and the caller's query, as an AST. */
  private scoped(query: QueryLike | undefined): QueryLike {
    const certname = ['=', 'certname', this.name];
    if (query === undefined || query === null) return certname;
    return ['and', certname, typeof query === 'string' ? JSON.parse(query) : query];
  }
}

function statusOf(
  row: JsonRow,
  certname: string,
  input: NodeStatusInput,
): { statusReport: string | undefined; events: EventCounts | undefined } {
  const latest = input.latestEvents?.get(certname);
  if (!input.withEventNumbers) {
    const statusReport = optionalString(row.latest_report_status);
    const events: EventCounts = { successes: 0, failures: 0, noops: 0 };
    if (statusReport === 'changed') events.successes = 'some';
    else if (statusReport === 'noop') events.noops = 'some';
    else if (statusReport === 'failed') events.failures = 'some';
    return { statusReport, events };
  }
  if ('latest_report_status' in row) {
    return { statusReport: optionalString(row.latest_report_status), events: latest };
  }
  // PuppetDB before 3.2 had no latest_report_status: the reference derives it from the counts.
  if (!latest) return { statusReport: 'unchanged', events: undefined };
  let statusReport: string | undefined;
  if (Number(latest.successes) > 0) statusReport = 'changed';
  if (Number(latest.noops) > 0) statusReport = 'noop';
  if (Number(latest.failures) > 0) statusReport = 'failed';
  return { statusReport, events: latest };
}
