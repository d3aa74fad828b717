/**
 * The fact explorer's questions to PuppetDB. The distribution is one aggregate PuppetDB computes
 * (`count()` grouped by value), so it costs one row per distinct value whatever the fleet's
 * size. A path PuppetDB's dotted syntax can name (`os.release.major`) is asked of the inventory
 * endpoint, which reads it from each node's facts: on a 10,000-node fleet that answers in a few
 * hundred ms where fact_contents (every leaf of every fact, matched by path) takes seconds. Other
 * paths (a fact named `os.family`, array indexes) go to fact_contents. Both list active nodes
 * only. Plain AST arrays; the PQL of each is what "Open as PQL" writes.
 */
import type { PuppetDB } from '../../client';
import {
  MAX_TABLE_ROWS,
  byNodes,
  isFactValue,
  type FactDistributionDto,
  type FactPath,
  type FactValue,
} from '../../shared/factExplorer';
import { columnOfFactPath } from '../../shared/inventoryTable';
import { MAX_LIST_ROWS, readAtMost } from '../boundedRows';

const COUNT = ['function', 'count'];

/** The endpoint and AST of the distribution, and the field holding the value in its rows. */
export interface DistributionQuery {
  endpoint: 'inventory' | 'fact-contents';
  query: unknown[];
  valueField: string;
}

/** The distribution's query (the bench sends the same one raw). */
export function distributionQuery(path: FactPath): DistributionQuery {
  const column = columnOfFactPath(path);
  if (column !== undefined) {
    return {
      endpoint: 'inventory',
      // nodes without the path have a null there: not a value of the fact
      query: ['extract', [COUNT, column], ['null?', column, false], ['group_by', column]],
      valueField: column,
    };
  }
  return {
    endpoint: 'fact-contents',
    query: ['extract', [COUNT, 'value'], ['=', 'path', path], ['group_by', 'value']],
    valueField: 'value',
  };
}

/** The active nodes holding `value` at `path` (a subquery: one request, no certname list). */
export function nodesWithValueQuery(path: FactPath, value: FactValue): unknown[] {
  const column = columnOfFactPath(path);
  const match = (field: string) => (value === null ? ['null?', field, true] : ['=', field, value]);
  const holders =
    column !== undefined
      ? ['select_inventory', match(column)]
      : ['select_fact_contents', ['and', ['=', 'path', path], match('value')]];
  return ['in', 'certname', ['extract', 'certname', holders]];
}

/** PQL literals: strings as JSON (PQL's double-quoted strings), numbers and booleans bare. */
function pqlPath(path: FactPath): string {
  return `[${path.map((segment) => JSON.stringify(segment)).join(', ')}]`;
}

/** The distribution as PQL, or the nodes holding one value of it. */
export function factPql(path: FactPath, value?: { value: FactValue }): string {
  const column = columnOfFactPath(path);
  if (value === undefined) {
    return column !== undefined
      ? `inventory[${column}, count()] { ${column} is not null group by ${column} }`
      : `fact_contents[value, count()] { path = ${pqlPath(path)} group by value }`;
  }
  const is = (field: string) =>
    value.value === null ? `${field} is null` : `${field} = ${JSON.stringify(value.value)}`;
  const holders =
    column !== undefined
      ? `inventory[certname] { ${is(column)} }`
      : `fact_contents[certname] { path = ${pqlPath(path)} and ${is('value')} }`;
  return `nodes[certname, catalog_environment, latest_report_status, report_timestamp] { certname in ${holders} order by certname }`;
}

/** Asks PuppetDB for the distribution of one path and orders it, most common value first. */
export async function fetchDistribution(
  client: PuppetDB,
  input: {
    connectionName: string;
    path: FactPath;
    now: Date;
    signal?: AbortSignal;
    /** The values stopped at `max` rows (MAX_LIST_ROWS): the distribution counts those. */
    onTruncated?: (max: number) => void;
  },
): Promise<FactDistributionDto> {
  const { endpoint, query, valueField } = distributionQuery(input.path);
  const started = performance.now();
  const { rows, truncatedAt } = (await readAtMost(
    client.stream(endpoint, { query, signal: input.signal }),
    MAX_LIST_ROWS,
  )) as { rows: Array<Record<string, unknown>>; truncatedAt: number | undefined };
  if (truncatedAt !== undefined) input.onTruncated?.(truncatedAt);
  const queryMs = performance.now() - started;
  const values = rows
    .filter((row) => isFactValue(row[valueField]))
    .map((row) => ({
      value: row[valueField] as FactValue,
      nodes: typeof row.count === 'number' ? row.count : 0,
    }))
    .sort(byNodes);
  return {
    connectionName: input.connectionName,
    path: input.path,
    fetchedAt: input.now.toISOString(),
    values: values.slice(0, MAX_TABLE_ROWS),
    distinct: values.length,
    nodes: values.reduce((sum, row) => sum + row.nodes, 0),
    queryMs,
  };
}
