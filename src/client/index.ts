/**
 * PuppetDB client: a TypeScript port of pypuppetdb's interface, on undici, with streaming and
 * paging. A pure library: it never imports vscode.
 */
export { connect, PuppetDB, COMMAND_VERSIONS, escapeJolokiaName } from './puppetdb';
export type {
  AggregateEventCountsOptions,
  CommandOptions,
  EndpointQueryOptions,
  EventCountsOptions,
  FactsOptions,
  JsonObject,
  MetricOptions,
  NodeStatusOptions,
  NodesOptions,
  PqlOptions,
  PqlRecord,
  ResourcesOptions,
} from './puppetdb';
export type { ConnectOptions } from './options';
export type { RequestEvent, RequestObserver } from './requestEvent';
export type {
  OrderBy,
  OrderField,
  PayloadJson,
  PayloadValue,
  QueryPayload,
  QueryOptions,
  QueryParameters,
  RequestOptions,
  SignalOptions,
  SortOrder,
} from './queryStep';
export { OPERATION_OPTIONS, type Operation, type RequestMethod } from './optionChecks';
export { RecordStream } from './recordStream';
export { ENDPOINTS, type EndpointKey } from './endpoints';
export { detectPqlEntity, type PqlEntity } from './pqlEntity';
export * from './errors';
export * from './records';
export * from './queryBuilder';
export { readPemFile, MAX_PEM_BYTES, type PemKind } from './pemFile';
