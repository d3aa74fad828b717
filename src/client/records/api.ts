import type { QueryLike } from '../queryBuilder';
import type { Event } from './event';
import type { Fact } from './fact';
import type { Report } from './report';
import type { Resource } from './resource';

/** Something iterable that can also hand over its first record. */
export interface RecordSource<T> extends AsyncIterable<T> {
  first(): Promise<T | undefined>;
  toArray(): Promise<T[]>;
}

export interface ScopedQueryOptions {
  query?: QueryLike;
  signal?: AbortSignal;
  [option: string]: unknown;
}

/** What records ask of the connection for their helper methods (Node.facts(), Report.events(), …). */
export interface RecordApi {
  facts(options: ScopedQueryOptions & { name?: string }): RecordSource<Fact>;
  resources(
    options: ScopedQueryOptions & { type?: string; title?: string },
  ): RecordSource<Resource>;
  reports(options: ScopedQueryOptions): RecordSource<Report>;
  events(options: ScopedQueryOptions): RecordSource<Event>;
}
