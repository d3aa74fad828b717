export { type RecordApi } from './api';
export { Catalog, type CatalogOptions } from './catalog';
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
export { type RecordQueryOptions, type RecordSource } from './recordQuery';
export { Report, type ReportApi, type ReportOptions } from './report';
export { Edge, Resource } from './resource';
