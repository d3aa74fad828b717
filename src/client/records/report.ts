import { jsonToDate } from '../internal/time';
import type { RecordApi, RecordSource, ScopedQueryOptions } from './api';
import type { Event } from './event';
import { optionalString, required, type JsonRow } from './json';

/** A Puppet run report (`/reports` row). */
export class Report {
  /** `"noop"` when the run was noop with pending changes, else the stored status. */
  readonly status: string | undefined;
  /** Run duration (end − start) in milliseconds. */
  readonly runTime: number;

  constructor(
    private readonly api: RecordApi,
    readonly node: string,
    readonly hash: string,
    readonly start: Date,
    readonly end: Date,
    readonly received: Date,
    readonly version: string,
    readonly format: number,
    readonly agentVersion: string,
    readonly transaction: string,
    status: string | undefined,
    readonly metrics: Array<Record<string, unknown>> = [],
    readonly logs: Array<Record<string, unknown>> = [],
    readonly environment?: string,
    readonly noop = false,
    readonly noopPending = false,
    readonly codeId?: string,
    readonly catalogUuid?: string,
    readonly cachedCatalogStatus?: string,
    readonly producer?: string,
  ) {
    this.status = noop && noopPending ? 'noop' : status;
    this.runTime = end.getTime() - start.getTime();
  }

  static fromJSON(api: RecordApi, row: JsonRow): Report {
    const field = (key: string) => required(row, key, 'report');
    return new Report(
      api,
      String(field('certname')),
      String(field('hash')),
      jsonToDate(String(field('start_time'))),
      jsonToDate(String(field('end_time'))),
      jsonToDate(String(field('receive_time'))),
      String(field('configuration_version')),
      Number(field('report_format')),
      String(field('puppet_version')),
      String(field('transaction_uuid')),
      optionalString(row.status),
      embeddedData(row.metrics),
      embeddedData(row.logs),
      optionalString(row.environment),
      Boolean(row.noop),
      Boolean(row.noop_pending),
      optionalString(row.code_id),
      optionalString(row.catalog_uuid),
      optionalString(row.cached_catalog_status),
      optionalString(row.producer),
    );
  }

  /** The events of this report. */
  events(options: ScopedQueryOptions = {}): RecordSource<Event> {
    return this.api.events({ ...options, query: ['=', 'report', this.hash] });
  }

  /** Plain data: the connection (and its credentials) stays out of JSON. */
  toJSON(): Record<string, unknown> {
    const { api: _api, ...fields } = this as unknown as Record<string, unknown>;
    return fields;
  }

  toString(): string {
    return this.hash;
  }

  repr(): string {
    return `Report: ${this.hash}`;
  }
}

/** PuppetDB expands `{data, href}`; with only `href` (not expanded) there is nothing to show. */
function embeddedData(value: unknown): Array<Record<string, unknown>> {
  const data = (value as { data?: unknown } | null | undefined)?.data;
  return Array.isArray(data) ? (data as Array<Record<string, unknown>>) : [];
}
