export { type RecordApi, type RecordQueryOptions, type RecordSource } from './api';
export { Catalog, type CatalogOptions } from './catalog';
export { Edge } from './edge';
export { Event, type EventItem } from './event';
export { Fact } from './fact';
export { Inventory } from './inventory';
export {
  indexEventCounts,
  Node,
  type EventCounts,
  type LatestEvents,
  type NodeFields,
  type NodeStatusInput,
} from './node';
export { Report, type ReportOptions } from './report';
export { Resource } from './resource';
