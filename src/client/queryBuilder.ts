/**
 * The reference's AST query builder. Each builder serialises to the JSON array PuppetDB takes:
 * `toJSON()` gives the array (so `JSON.stringify` nests it), `toString()` the text Python's
 * `json.dumps` prints (`", "` separators, ASCII only, floats as `4.0` via `pyFloat`).
 * Any builder can be passed wherever a `query` is accepted.
 */
import { APIError } from './errors';
import { formatPyDatetime, PyFloat, pyJsonDumps } from './internal/python';

type Ast = unknown[];

abstract class QueryNode {
  /** The AST with PyFloat markers kept (what `toString()` prints). */
  abstract jsonData(): Ast;

  /** The AST as plain JSON values. */
  toJSON(): Ast {
    return JSON.parse(JSON.stringify(this.jsonData())) as Ast;
  }

  toString(): string {
    return pyJsonDumps(this.jsonData());
  }

  repr(): string {
    return `Query: ${this.toString()}`;
  }
}

/** A value as the builder stores it: dates become Python `str(datetime)` text at construction. */
function normalizeValue(value: unknown): unknown {
  if (value instanceof Date) return formatPyDatetime(value);
  if (Array.isArray(value)) return value.map(normalizeValue);
  return value;
}

/** `[operator, field, value]`; the operator is not validated. */
export class BinaryOperator extends QueryNode {
  protected readonly data: Ast;
  constructor(operator: string, field: string | unknown[], value: unknown) {
    super();
    this.data = [operator, field, normalizeValue(value)];
  }
  jsonData(): Ast {
    return this.data;
  }
}

/**
 * The class of one of the reference's binary operators, which fix the operator and take the
 * field and the value: `new EqualsOperator(field, value)` is `["=", field, value]`.
 */
function binaryOperator<Value = unknown>(
  operator: string,
): new (field: string | unknown[], value: Value) => BinaryOperator {
  return class extends BinaryOperator {
    constructor(field: string | unknown[], value: Value) {
      super(operator, field, value);
    }
  };
}

export class EqualsOperator extends binaryOperator('=') {}
export class GreaterOperator extends binaryOperator('>') {}
export class LessOperator extends binaryOperator('<') {}
export class GreaterEqualOperator extends binaryOperator('>=') {}
export class LessEqualOperator extends binaryOperator('<=') {}
export class RegexOperator extends binaryOperator<string>('~') {}
/** `["~>", field, [regex, …]]`, for path fields. */
export class RegexArrayOperator extends binaryOperator<string[]>('~>') {}

/** `["null?", field, bool]`: true matches null, false non-null. */
export class NullOperator extends BinaryOperator {
  constructor(field: string | unknown[], value: boolean) {
    if (typeof value !== 'boolean') throw new APIError('NullOperator value must be boolean');
    super('null?', field, value);
  }
}

function parseQueryText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new APIError(`The query is not valid JSON: ${(error as Error).message}`);
  }
}

/** `and`, `or`, `not`: queries are added with `add()`. */
export abstract class BooleanOperator extends QueryNode {
  protected readonly operations: unknown[] = [];

  constructor(protected readonly operator: string) {
    super();
  }

  add(query: QueryLike | QueryLike[]): this {
    if (Array.isArray(query) && !isAstArray(query)) {
      for (const item of query) this.add(item as QueryLike);
    } else if (typeof query === 'string') {
      this.push(parseQueryText(query));
    } else if (Array.isArray(query)) {
      this.push(query);
    } else if (
      query instanceof BinaryOperator ||
      query instanceof InOperator ||
      query instanceof BooleanOperator
    ) {
      this.push(query.jsonData());
    } else {
      throw new APIError('Can only accept fixed-string queries, arrays or operator objects');
    }
    return this;
  }

  protected push(operation: unknown): void {
    this.operations.push(operation);
  }

  jsonData(): Ast {
    if (this.operations.length === 0) {
      throw new APIError('At least one query operation is required');
    }
    return [this.operator, ...this.operations];
  }
}

/**
 * A list passed to `add()` is a list of queries, unless it is itself a query AST (its first
 * item a string operator), which the reference's `str` branch would have parsed the same way.
 * A first item that is a query's JSON text (`'["=", "a", 1]'`, which no operator is) makes it a
 * list of queries, as the reference reads every list.
 */
function isAstArray(value: readonly unknown[]): boolean {
  const first = value[0];
  return typeof first === 'string' && !isQueryText(first);
}

function isQueryText(text: string): boolean {
  if (!text.trimStart().startsWith('[')) return false;
  try {
    return Array.isArray(JSON.parse(text));
  } catch {
    return false;
  }
}

export class AndOperator extends BooleanOperator {
  constructor() {
    super('and');
  }
}

export class OrOperator extends BooleanOperator {
  constructor() {
    super('or');
  }
}

/** `["not", query]`: exactly one query. */
export class NotOperator extends BooleanOperator {
  constructor() {
    super('not');
  }

  override add(query: QueryLike | QueryLike[]): this {
    if (Array.isArray(query) && !isAstArray(query) && query.length > 1) {
      throw new APIError('This operator only accept one query string');
    }
    if (this.operations.length > 0) {
      throw new APIError('This operator only accept one query string');
    }
    return super.add(query);
  }
}

const FUNCTIONS = new Set(['count', 'avg', 'sum', 'min', 'max', 'to_string']);

/** An aggregate function, for the field or group-by list of an ExtractOperator. */
export class FunctionOperator extends QueryNode {
  private readonly data: Ast;

  constructor(fn: string, field?: string, fmt?: string) {
    super();
    if (!FUNCTIONS.has(fn)) throw new APIError(`Unsupport function: ${fn}`);
    if (fn !== 'count' && !field) throw new APIError(`Function ${fn} requires a field value`);
    // The reference's message here is the unformatted literal "Function {0} requires …"; ours names it.
    if (fn === 'to_string' && !fmt) {
      throw new APIError(`Function ${fn} requires an extra 'fmt' parameter`);
    }
    this.data = ['function', fn];
    if (field) this.data.push(field);
    if (fmt) this.data.push(fmt);
  }

  jsonData(): Ast {
    return this.data;
  }
}

/** A projection: fields and functions, an optional query, an optional group-by. */
export class ExtractOperator extends QueryNode {
  private readonly fields: unknown[] = [];
  private query: unknown = undefined;
  private readonly groupBy: unknown[] = [];

  addField(field: string | FunctionOperator | Array<string | FunctionOperator>): this {
    this.fields.push(...projectionItems(field, 'fields'));
    return this;
  }

  addQuery(query: string | BinaryOperator | SubqueryOperator | BooleanOperator): this {
    if (this.query !== undefined) {
      throw new APIError('Only one query is supported by ExtractOperator');
    }
    if (typeof query === 'string') this.query = parseQueryText(query);
    else if (
      query instanceof BinaryOperator ||
      query instanceof SubqueryOperator ||
      query instanceof BooleanOperator
    ) {
      this.query = query.jsonData();
    } else {
      throw new APIError(
        'ExtractOperator.add_query only supports strings, BinaryOperator, BooleanOperator and SubqueryOperator objects',
      );
    }
    return this;
  }

  addGroupBy(field: string | FunctionOperator | Array<string | FunctionOperator>): this {
    this.groupBy.push(...projectionItems(field, 'group by'));
    return this;
  }

  jsonData(): Ast {
    if (this.fields.length === 0) throw new APIError('ExtractOperator needs at least one field');
    const data: Ast = ['extract', this.fields];
    if (this.query !== undefined) data.push(this.query);
    if (this.groupBy.length > 0) data.push(['group_by', ...this.groupBy]);
    return data;
  }
}

function projectionItems(value: unknown, what: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => projectionItems(item, what));
  if (typeof value === 'string') return [value];
  if (value instanceof FunctionOperator) return [value.jsonData()];
  throw new APIError(
    `ExtractOperator ${what} only accept strings, lists and FunctionOperator objects`,
  );
}

const SUBQUERY_ENTITIES = new Set([
  'catalogs',
  'edges',
  'environments',
  'events',
  'facts',
  'fact_contents',
  'fact_paths',
  'nodes',
  'reports',
  'resources',
]);

/** `["select_<entity>", query?]`, used inside an InOperator's extract. */
export class SubqueryOperator extends QueryNode {
  private query: unknown = undefined;

  constructor(private readonly endpoint: string) {
    super();
    if (!SUBQUERY_ENTITIES.has(endpoint)) throw new APIError(`Unsupported endpoint: ${endpoint}`);
  }

  addQuery(query: QueryNode): this {
    if (this.query !== undefined) {
      throw new APIError('Only one query is supported by SubqueryOperator');
    }
    this.query = query.jsonData();
    return this;
  }

  jsonData(): Ast {
    const data: Ast = [`select_${this.endpoint}`];
    if (this.query !== undefined) data.push(this.query);
    return data;
  }
}

/** `["in", field, extract-or-from-or-array]`. */
export class InOperator extends QueryNode {
  private value: unknown = undefined;

  constructor(private readonly field: string | string[]) {
    super();
  }

  addQuery(query: string | ExtractOperator | FromOperator): this {
    this.assertEmpty();
    if (typeof query === 'string') this.value = parseQueryText(query);
    else if (query instanceof ExtractOperator || query instanceof FromOperator) {
      this.value = query.jsonData();
    } else {
      throw new APIError(
        'InOperator.add_query only supports strings, ExtractOperator and FromOperator objects',
      );
    }
    return this;
  }

  addArray(values: unknown[]): this {
    this.assertEmpty();
    if (!Array.isArray(values)) throw new APIError('InOperator.add_array: argument must be a list');
    if (values.length === 0) throw new APIError('InOperator.add_array: argument must not be empty');
    if (
      values.some(
        (item) =>
          Array.isArray(item) ||
          (item !== null &&
            typeof item === 'object' &&
            !(item instanceof PyFloat) &&
            !(item instanceof Date)),
      )
    ) {
      throw new APIError(
        'InOperator.add_array: arguments must be primitive types (no lists or objects)',
      );
    }
    this.value = ['array', values.map(normalizeValue)];
    return this;
  }

  jsonData(): Ast {
    return this.value === undefined ? ['in', this.field] : ['in', this.field, this.value];
  }

  private assertEmpty(): void {
    if (this.value !== undefined) {
      throw new APIError('Only one array or query is supported by InOperator');
    }
  }
}

const FROM_ENTITIES = new Set([
  'aggregate_event_counts',
  'catalogs',
  'edges',
  'environments',
  'event_counts',
  'events',
  'facts',
  'fact_contents',
  'fact_names',
  'fact_paths',
  'nodes',
  'producers',
  'reports',
  'resources',
]);

/** `["from", entity, query, ["order_by", …]?, ["limit", n]?, ["offset", n]?]`. */
export class FromOperator extends QueryNode {
  private query: unknown = undefined;
  private orderBy: unknown[] | undefined;
  private limit: number | undefined;
  private offset: number | undefined;

  constructor(private readonly endpoint: string) {
    super();
    if (!FROM_ENTITIES.has(endpoint)) throw new APIError(`Unsupported endpoint: ${endpoint}`);
  }

  addQuery(
    query: InOperator | ExtractOperator | BinaryOperator | BooleanOperator | FunctionOperator,
  ): this {
    if (this.query !== undefined) {
      throw new APIError('Only one main query is supported by FromOperator');
    }
    const accepted = [
      InOperator,
      ExtractOperator,
      BinaryOperator,
      BooleanOperator,
      FunctionOperator,
    ];
    if (!accepted.some((kind) => query instanceof kind)) {
      throw new APIError(
        'FromOperator.add_query only supports InOperator, ExtractOperator, BinaryOperator, BooleanOperator and FunctionOperator objects',
      );
    }
    this.query = query.jsonData();
    return this;
  }

  /** Replaces the ordering: fields, or `[field, "asc"|"desc"]` pairs. */
  addOrderBy(fields: Array<string | [string, string]>): this {
    if (!Array.isArray(fields) || fields.length === 0) {
      throw new APIError('FromOperator.add_order_by needs a non-empty list');
    }
    const depth = Math.max(...fields.map((field) => (Array.isArray(field) ? 2 : 1)));
    if (
      depth > 2 ||
      fields.some((field) => Array.isArray(field) && field.some((part) => Array.isArray(part)))
    ) {
      throw new APIError('Order by must be a list of fields or [field, direction] pairs');
    }
    this.orderBy = fields;
    return this;
  }

  addLimit(limit: number): this {
    this.limit = integer(limit, 'limit');
    return this;
  }

  addOffset(offset: number): this {
    this.offset = integer(offset, 'offset');
    return this;
  }

  jsonData(): Ast {
    if (this.query === undefined) throw new APIError('FromOperator needs one main query');
    const data: Ast = ['from', this.endpoint, this.query];
    if (this.orderBy) data.push(['order_by', this.orderBy]);
    if (this.limit !== undefined) data.push(['limit', this.limit]);
    if (this.offset !== undefined) data.push(['offset', this.offset]);
    return data;
  }
}

function integer(value: number, what: string): number {
  if (!Number.isInteger(value)) throw new APIError(`${what} must be an integer`);
  return value;
}

/** Anything accepted as a `query`: PuppetDB's JSON text, an AST array, or a builder. */
export type QueryLike = string | readonly unknown[] | QueryNode;

/** The text sent to PuppetDB: strings unchanged, arrays and builders as `json.dumps` prints them. */
export function queryToString(query: QueryLike): string {
  if (typeof query === 'string') return query;
  if (query instanceof QueryNode) return query.toString();
  return pyJsonDumps(query);
}

export { QueryNode, PyFloat };
export { pyFloat } from './internal/python';
