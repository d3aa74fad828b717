import { DoesNotComputeError } from './errors';
import { pyUrlencode } from './internal/python';
import type { RequestMethod } from './optionChecks';
import { queryToString, type QueryLike } from './queryBuilder';

export type SortOrder = 'asc' | 'desc';
export interface OrderField {
  field: string;
  order?: SortOrder;
}
/** A JSON string as PuppetDB takes it, or the fields as an array. */
export type OrderBy = string | readonly OrderField[];

/** The common query step's parameters (the reference's `_query` keyword arguments). */
export interface QueryParameters {
  query?: QueryLike;
  orderBy?: OrderBy;
  limit?: number;
  offset?: number;
  includeTotal?: boolean;
  summarizeBy?: string;
  countBy?: string;
  /** Sent as `counts_filter`. */
  countFilter?: QueryLike;
}

/** Options of the calls that only talk to the server (status, metrics, commands). */
export interface SignalOptions {
  signal?: AbortSignal;
}

export interface RequestOptions extends SignalOptions {
  /**
   * The spec's `request_method`: GET (default) puts the parameters in the URL; POST sends them
   * as a JSON body. Either letter case; anything else is an ImproperlyConfiguredError.
   */
  requestMethod?: RequestMethod;
  /** An alias of `requestMethod` (earlier versions of this client). */
  method?: RequestMethod;
}

export interface QueryOptions extends QueryParameters, RequestOptions {
  /**
   * Fetch in pages of this many records (limit/offset with a total order), so that no single
   * response holds the whole fleet. `limit` then caps the total and `offset` is the start.
   */
  pageSize?: number;
}

/** Wire names and order of the reference's `_query` payload. */
export function parameterPairs(parameters: QueryParameters): Array<[string, string | number]> {
  const pairs: Array<[string, string | number]> = [];
  if (parameters.query !== undefined && parameters.query !== null) {
    pairs.push(['query', queryToString(parameters.query)]);
  }
  if (parameters.orderBy !== undefined) {
    pairs.push(['order_by', orderByToString(parameters.orderBy)]);
  }
  if (parameters.limit !== undefined) pairs.push(['limit', parameters.limit]);
  if (parameters.includeTotal === true) pairs.push(['include_total', 'true']);
  if (parameters.offset !== undefined) {
    pairs.push(['offset', parameters.offset]);
  }
  if (parameters.summarizeBy !== undefined) pairs.push(['summarize_by', parameters.summarizeBy]);
  if (parameters.countBy !== undefined) pairs.push(['count_by', parameters.countBy]);
  if (parameters.countFilter !== undefined) {
    pairs.push(['counts_filter', queryToString(parameters.countFilter)]);
  }
  return pairs;
}

export function encodeSearch(pairs: ReadonlyArray<[string, string | number]>): string {
  return pyUrlencode(pairs.map(([key, value]) => [key, String(value)]));
}

/**
 * The POST body. The reference sends `order_by` as a JSON string inside the body, which
 * PuppetDB 7 rejects ("expected an array of maps"), so it goes in as the array itself.
 */
export function encodeJsonBody(pairs: ReadonlyArray<[string, string | number]>): string {
  const body: Record<string, unknown> = {};
  for (const [key, value] of pairs) {
    body[key] = key === 'order_by' ? JSON.parse(String(value)) : value;
  }
  return JSON.stringify(body);
}

export function orderByToString(orderBy: OrderBy): string {
  return typeof orderBy === 'string' ? orderBy : JSON.stringify(orderBy.map(toOrderField));
}

function toOrderField({ field, order }: OrderField): OrderField {
  return order ? { field, order } : { field };
}

/** Parses a caller's ordering so stable tie-breakers can be appended to it. */
export function orderByToFields(orderBy: OrderBy | undefined): OrderField[] {
  if (orderBy === undefined) return [];
  if (typeof orderBy !== 'string') return orderBy.map(toOrderField);
  let parsed: unknown;
  try {
    parsed = JSON.parse(orderBy);
  } catch {
    throw new DoesNotComputeError(
      `orderBy must be a JSON array of {"field", "order"} objects, not ${orderBy}.`,
    );
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item?.field === 'string')) {
    throw new DoesNotComputeError(
      `orderBy must be a JSON array of {"field", "order"} objects, not ${orderBy}.`,
    );
  }
  return (parsed as OrderField[]).map(toOrderField);
}

/** Appends the fields that make the order total, unless the caller already orders by them. */
export function withStableOrder(
  orderBy: OrderBy | undefined,
  stableFields: readonly string[],
): OrderField[] {
  const fields = orderByToFields(orderBy);
  const present = new Set(fields.map((item) => item.field));
  for (const field of stableFields) if (!present.has(field)) fields.push({ field, order: 'asc' });
  return fields;
}
