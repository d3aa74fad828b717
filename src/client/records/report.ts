import type { Event } from './event';
import { embeddedData, optionalString, requiredFields, type JsonRow } from './json';
import { andQuery, type RecordQueryOptions, type RecordSource } from './recordQuery';

/**
 * What a report asks of the connection: its events (the connection's RecordApi gives it). Named
 * here rather than taken from RecordApi, which names Report in turn.
 */
export interface ReportApi {
  events(options: RecordQueryOptions): RecordSource<Event>;
}

/** The reference's keyword arguments of `Report(...)`. */
export interface ReportOptions {
  status?: string;
  metrics?: JsonRow[];
  logs?: JsonRow[];
  environment?: string;
  noop?: boolean;
  noopPending?: boolean;
  codeId?: string;
  catalogUuid?: string;
  cachedCatalogStatus?: string;
  producer?: string;
}

const RECORD = 'report';

/** A Puppet run report (a `/reports` row). */
export class Report {
  // Private (#) so that JSON.stringify and util.inspect never reach the connection's settings.
  readonly #api: ReportApi;
  /** `"noop"` for a noop run with pending changes, else the status PuppetDB stored. */
  readonly status: string | undefined;
  /** Run duration, end − start, in milliseconds. */
  readonly runTime: number;
  readonly metrics: JsonRow[];
  readonly logs: JsonRow[];
  readonly environment: string | undefined;
  readonly noop: boolean;
  readonly noopPending: boolean;
  readonly codeId: string | undefined;
  readonly catalogUuid: string | undefined;
  readonly cachedCatalogStatus: string | undefined;
  readonly producer: string | undefined;

  constructor(
    api: ReportApi,
    readonly node: string,
    readonly hash: string,
    readonly start: Date,
    readonly end: Date,
    readonly received: Date,
    readonly version: string,
    readonly format: number,
    readonly agentVersion: string,
    readonly transaction: string,
    options: ReportOptions = {},
  ) {
    this.#api = api;
    this.noop = options.noop ?? false;
    this.noopPending = options.noopPending ?? false;
    this.status = this.noop && this.noopPending ? 'noop' : options.status;
    this.runTime = end.getTime() - start.getTime();
    this.metrics = options.metrics ?? [];
    this.logs = options.logs ?? [];
    this.environment = options.environment;
    this.codeId = options.codeId;
    this.catalogUuid = options.catalogUuid;
    this.cachedCatalogStatus = options.cachedCatalogStatus;
    this.producer = options.producer;
  }

  /**
   * The reference's `Report.create_from_dict`, plus `producer` (the reference drops it) and
   * unexpanded `metrics`/`logs` (`{href}` only) read as empty. Embedded `resource_events` are
   * ignored, as in the reference: `events()` fetches them.
   */
  static fromJSON(api: ReportApi, row: JsonRow): Report {
    const field = requiredFields(row, RECORD);
    return new Report(
      api,
      field.text('certname'),
      field.text('hash'),
      field.date('start_time'),
      field.date('end_time'),
      field.date('receive_time'),
      field.text('configuration_version'),
      field.number('report_format'),
      field.text('puppet_version'),
      field.text('transaction_uuid'),
      {
        status: optionalString(row.status),
        metrics: embeddedData(row.metrics),
        logs: embeddedData(row.logs),
        environment: optionalString(row.environment),
        noop: Boolean(row.noop),
        noopPending: Boolean(row.noop_pending),
        codeId: optionalString(row.code_id),
        catalogUuid: optionalString(row.catalog_uuid),
        cachedCatalogStatus: optionalString(row.cached_catalog_status),
        producer: optionalString(row.producer),
      },
    );
  }

  /** The events of this report: `["=", "report", hash]`, and-ed with `options.query` if given. */
  events(options: RecordQueryOptions = {}): RecordSource<Event> {
    return this.#api.events({
      ...options,
      query: andQuery(['=', 'report', this.hash], options.query),
    });
  }

  /** Python `str()`: the hash. */
  toString(): string {
    return this.hash;
  }

  /** Python `repr()`: `Report: hash`. */
  repr(): string {
    return `Report: ${this.hash}`;
  }
}
