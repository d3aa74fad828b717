import type { RecordEntity } from './records/entityRecords';

/** The entities whose PQL rows become typed records (those of records/entityRecords.ts). */
export type PqlEntity = RecordEntity;

/**
 * The reference matches `([a-z]*?)\s*(\[])?\s*{` at the start of the query, capitalises the
 * entity, drops one trailing "s" and looks for a record class of that name. This explicit map
 * gives the same outcomes: a projection other than `[]`, upper case, or an entity without a
 * record type (environments, factsets, fact_contents, producers…) yields undefined.
 */
const ENTITY_RECORDS: Readonly<Record<string, PqlEntity>> = {
  node: 'node',
  nodes: 'node',
  fact: 'fact',
  facts: 'fact',
  resource: 'resource',
  resources: 'resource',
  catalog: 'catalog',
  catalogs: 'catalog',
  edge: 'edge',
  edges: 'edge',
  event: 'event',
  events: 'event',
  report: 'report',
  reports: 'report',
  inventory: 'inventory',
};

const ENTITY_PATTERN = /^([a-z]*?)\s*(\[\])?\s*\{/;

export function detectPqlEntity(pql: string): PqlEntity | undefined {
  const match = ENTITY_PATTERN.exec(pql.trim());
  if (!match) return undefined;
  const name = match[1] ?? '';
  return Object.prototype.hasOwnProperty.call(ENTITY_RECORDS, name)
    ? ENTITY_RECORDS[name]
    : undefined;
}
