import type { Event } from './event';
import type { Fact } from './fact';
import type { RecordQueryOptions, RecordSource } from './recordQuery';
import type { Report } from './report';
import type { Resource } from './resource';

/** What records ask of the connection for their helper methods (Node.facts(), Report.events(), …). */
export interface RecordApi {
  facts(options: RecordQueryOptions): RecordSource<Fact>;
  resources(options: RecordQueryOptions): RecordSource<Resource>;
  reports(options: RecordQueryOptions): RecordSource<Report>;
  events(options: RecordQueryOptions): RecordSource<Event>;
}
