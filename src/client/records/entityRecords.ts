/**
 * The one table from a PuppetDB entity to the record class its rows become. The endpoint methods
 * (`nodes()`, `facts()`, `catalog()`…) and `pql()` both build their records through it, so an
 * entity can never become one type by one path and another type by the other.
 */
import type { RecordApi } from './api';
import { Catalog } from './catalog';
import { Event } from './event';
import { Fact } from './fact';
import { Inventory } from './inventory';
import type { JsonRow } from './json';
import { Node, type NodeStatusInput } from './node';
import { Report } from './report';
import { Edge, Resource } from './resource';

/** The record type of each entity that has one (the rest stay plain objects). */
export interface EntityRecordTypes {
  node: Node;
  fact: Fact;
  resource: Resource;
  catalog: Catalog;
  edge: Edge;
  event: Event;
  report: Report;
  inventory: Inventory;
}

export type RecordEntity = keyof EntityRecordTypes;

/** What some records need beyond the row: the connection for their helpers, a node's status. */
export interface RecordContext {
  api: RecordApi;
  nodeStatus?: NodeStatusInput;
}

type RecordFactories = {
  readonly [E in RecordEntity]: (row: JsonRow, context: RecordContext) => EntityRecordTypes[E];
};

export const ENTITY_RECORDS: RecordFactories = {
  node: (row, { api, nodeStatus }) => Node.fromJSON(api, row, nodeStatus),
  fact: (row) => Fact.fromJSON(row),
  resource: (row) => Resource.fromJSON(row),
  catalog: (row) => Catalog.fromJSON(row),
  edge: (row) => Edge.fromJSON(row),
  event: (row) => Event.fromJSON(row),
  report: (row, { api }) => Report.fromJSON(api, row),
  inventory: (row) => Inventory.fromJSON(row),
};

/** Turns a page of rows of `entity` into its records. */
export function toRecords<E extends RecordEntity>(
  entity: E,
  context: RecordContext,
): (rows: unknown[]) => Array<EntityRecordTypes[E]> {
  const make = ENTITY_RECORDS[entity] as (
    row: JsonRow,
    context: RecordContext,
  ) => EntityRecordTypes[E];
  return (rows) => rows.map((row) => make(row as JsonRow, context));
}
