export { Catalog } from './catalog';
export { Edge } from './edge';
export { Event, type EventItem } from './event';
export { Fact } from './fact';
export { Inventory } from './inventory';
export { Node, type EventCounts, type NodeFields, type NodeStatusInput } from './node';
export { Report } from './report';
export { Resource } from './resource';
export type { RecordApi, RecordSource, ScopedQueryOptions } from './api';
