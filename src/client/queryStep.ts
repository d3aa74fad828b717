import { DoesNotComputeError } from './errors';
import { pyUrlencode } from './internal/python';
import type { RequestMethod } from './optionChecks';
import { QueryNode, queryToString, type QueryLike } from './queryBuilder';

export type SortOrder = 'asc' | 'desc';
export interface OrderField {
  field: string;
  order?: SortOrder;
}
/** A JSON string as PuppetDB takes it, or the fields as an array. */
export type OrderBy = string | readonly OrderField[];

/** A JSON value inside a payload's value (a Date goes as its ISO 8601 text, as JSON writes it). */
export type PayloadJson =
  | string
  | number
  | boolean
  | null
  | Date
  | readonly PayloadJson[]
  | { readonly [key: string]: PayloadJson };

/** One extra parameter: text, a number, true or false, a Date, a query builder, or JSON. */
export type PayloadValue = PayloadJson | QueryNode | undefined;

/**
 * The reference's `payload`: parameters under PuppetDB's own names (`distinct_resources`,
 * `distinct_start_time`…) for which no option is named. On GET each becomes a query-string
 * parameter: text as it is, a Date as its ISO 8601 text, a query builder as its JSON text, any
 * other value as its JSON text (`true`, `5`, `{"a":1}`). On POST each goes into the JSON body as
 * the JSON value it is (a builder as its text, as the named `query` goes). `undefined` and
 * `null` are not sent. A named option that is given wins over the payload's key of the same wire
 * name (`limit` over `payload.limit`, `orderBy` over `payload.order_by`), and so do the keys a
 * call sets itself (`pqlAst`'s `ast_only`, a page's `limit`, `offset` and `order_by`).
 */
export type QueryPayload = Readonly<Record<string, PayloadValue>>;

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
  /** Extra parameters under PuppetDB's names; the named ones above win over the same key. */
  payload?: QueryPayload;
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
  /** Extra parameters under PuppetDB's names (the reference's `payload`): see QueryPayload. */
  payload?: QueryPayload;
}

export interface QueryOptions extends QueryParameters, RequestOptions {
  /**
   * Fetch in pages of this many records (limit/offset with a total order), so that no single
   * response holds the whole fleet. `limit` then caps the total and `offset` is the start.
   */
  pageSize?: number;
}

/** A parameter's value on its way to the wire: a named option's text or number, or a payload's. */
export type WireValue = string | number | Exclude<PayloadValue, null | undefined>;

/**
 * Wire names and order of the reference's `_query` payload: it starts from the caller's
 * payload and sets each named parameter into it, so a named option replaces the payload's value
 * where the payload had that key, and a new key goes last. A named option that is given but sends
 * nothing (`includeTotal: false`, `query: null`) still removes the payload's key: it was chosen.
 */
export function parameterPairs(parameters: QueryParameters): Array<[string, WireValue]> {
  const wire = new Map<string, WireValue>();
  for (const [key, value] of Object.entries(parameters.payload ?? {})) {
    if (value !== undefined && value !== null) wire.set(key, value);
  }
  const named = (key: string, given: unknown, value: string | number | undefined): void => {
    if (given === undefined) return;
    if (value === undefined) wire.delete(key);
    else wire.set(key, value);
  };
  const { query, orderBy, limit, includeTotal, offset, summarizeBy, countBy, countFilter } =
    parameters;
  named('query', query, query === undefined || query === null ? undefined : queryToString(query));
  named('order_by', orderBy, orderBy === undefined ? undefined : orderByToString(orderBy));
  named('limit', limit, limit);
  named('include_total', includeTotal, includeTotal === true ? 'true' : undefined);
  named('offset', offset, offset);
  named('summarize_by', summarizeBy, summarizeBy);
  named('count_by', countBy, countBy);
  named(
    'counts_filter',
    countFilter,
    countFilter === undefined ? undefined : queryToString(countFilter),
  );
  return [...wire];
}

export function encodeSearch(pairs: ReadonlyArray<readonly [string, WireValue]>): string {
  return pyUrlencode(pairs.map(([key, value]) => [key, searchText(value)]));
}

/** A value as query-string text: text as it is, anything else as the JSON PuppetDB reads. */
function searchText(value: WireValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value instanceof QueryNode) return value.toString();
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/**
 * The POST body. The reference sends `order_by` as a JSON string inside the body, which
 * PuppetDB 7 rejects ("expected an array of maps"), so it goes in as the array itself (text that
 * is not JSON stays text, for PuppetDB to refuse with its own message). A payload's values go in
 * as the JSON they are; a query builder as its text, as the named `query` goes.
 */
export function encodeJsonBody(pairs: ReadonlyArray<readonly [string, WireValue]>): string {
  // fromEntries, not assignment: a "__proto__" key stays a key of the body
  const body = Object.fromEntries(
    pairs.map(([key, value]) => [
      key,
      key === 'order_by' && typeof value === 'string'
        ? jsonOrText(value)
        : value instanceof QueryNode
          ? value.toString()
          : value,
    ]),
  );
  return JSON.stringify(body);
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
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
