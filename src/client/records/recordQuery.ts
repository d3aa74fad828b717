import { APIError } from '../errors';
import type { QueryLike } from '../queryBuilder';

/** Options a record helper hands to the connection (and accepts from its caller). */
export interface RecordQueryOptions {
  /** A query string, an AST array or a query-builder object. */
  query?: QueryLike;
  name?: string;
  type?: string;
  title?: string;
  signal?: AbortSignal;
  [option: string]: unknown;
}

/** A lazy sequence of records that can also hand over its first record, or all of them. */
export interface RecordSource<T> extends AsyncIterable<T> {
  first(): Promise<T | undefined>;
  toArray(): Promise<T[]>;
}

/**
 * The reference scopes a helper's query with `AndOperator` (the scope clause, then the caller's
 * query). Built here as the AST itself, so records do not depend on the query builder: a string
 * is JSON-parsed, a builder gives its AST (`jsonData()`, which keeps the `4.0` float markers of
 * the wire text, else `toJSON()`), an array of queries is spread, an AST array is kept whole.
 */
export function andQuery(scope: readonly unknown[], query: unknown): unknown[] {
  if (query === undefined || query === null) return [...scope];
  return ['and', scope, ...queryParts(query)];
}

function queryParts(query: unknown): unknown[] {
  if (typeof query === 'string') return [parseQuery(query)];
  if (Array.isArray(query)) {
    return typeof query[0] === 'string' ? [query] : query.flatMap(queryParts);
  }
  const builder = query as { jsonData?: () => unknown; toJSON?: () => unknown };
  if (typeof builder.jsonData === 'function') return [builder.jsonData()];
  if (typeof builder.toJSON === 'function') return [builder.toJSON()];
  throw new APIError(
    `A query must be a string, an array or a query builder, not ${String(query)}.`,
  );
}

function parseQuery(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new APIError(`The query is not valid JSON: ${(error as Error).message}`);
  }
}
