/**
 * The query builder: every operator, nested in any way the builder accepts, renders text (Python's
 * `json.dumps` form) that parses back to the tree it was built as. The trees are generated as
 * plain descriptions; the test builds each with the builder's classes and, separately, writes
 * down the AST the spec gives for it (section 4.4 and the reference's behaviour, §1.16).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  AndOperator,
  BinaryOperator,
  EqualsOperator,
  ExtractOperator,
  FromOperator,
  FunctionOperator,
  GreaterEqualOperator,
  GreaterOperator,
  InOperator,
  LessEqualOperator,
  LessOperator,
  NotOperator,
  NullOperator,
  OrOperator,
  pyFloat,
  PyFloat,
  queryToString,
  RegexArrayOperator,
  RegexOperator,
  SubqueryOperator,
  type QueryNode,
} from '../../../src/client';
import { assertProperty, trickyText } from './support/property';

// --- values --------------------------------------------------------------------------------

const text = trickyText({ maxLength: 8 });
const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));
const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
/** Python's datetime years: 1 to 9999. */
const date = fc.date({
  min: new Date('0001-01-01T00:00:00.000Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});
const float = fc.double({ noNaN: true, noDefaultInfinity: true }).map(pyFloat);
const primitive = fc.oneof(text, loneSurrogate, number, fc.boolean(), fc.constant(null));
const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    primitive,
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(text, tie('json'), { maxKeys: 4 }),
  ),
}));
/** What a binary operator compares with: JSON, a Date, a Python float, or a list of those. */
const operand = fc.oneof(
  json,
  date,
  float,
  fc.array(fc.oneof(primitive, date, float), { maxLength: 4 }),
);
const field = fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 3 }));
const name = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 10 });
/** Any operator but one that is a query's JSON text, which `add([…])` reads as a query. */
const operator = fc.oneof(name, text).filter((op) => !isJsonArrayText(op));

function isJsonArrayText(op: string): boolean {
  try {
    return Array.isArray(JSON.parse(op));
  } catch {
    return false;
  }
}

// --- descriptions of operator trees ----------------------------------------------------------

type Binary =
  | { kind: 'binary'; op: string; field: string | string[]; value: unknown }
  | {
      kind: 'eq' | 'gt' | 'lt' | 'ge' | 'le';
      field: string | string[];
      value: unknown;
    }
  | { kind: 'regex'; field: string | string[]; value: string }
  | { kind: 'regexArray'; field: string | string[]; value: string[] }
  | { kind: 'null'; field: string | string[]; value: boolean };
/** How a query is handed to `add()`: the builder, its AST, its JSON text, or a list of those. */
type Added =
  { form: 'builder' | 'ast' | 'text'; query: Addable } | { form: 'list'; items: Added[] };
type Bool = { kind: 'and' | 'or'; added: Added[] } | { kind: 'not'; added: Added };
type Fn = { kind: 'function'; fn: string; field?: string; fmt?: string };
type Projection = string | Fn | Array<string | Fn>;
type Extract = {
  kind: 'extract';
  fields: Projection[];
  query?: { form: 'builder' | 'text'; query: Binary | Bool | Subquery };
  groupBy: Projection[];
};
type Subquery = { kind: 'subquery'; entity: string; query?: Tree };
type In = {
  kind: 'in';
  field: string | string[];
  value:
    | { form: 'array'; items: unknown[] }
    | { form: 'builder'; query: Extract | From }
    | { form: 'text'; query: Extract | From };
};
type From = {
  kind: 'from';
  entity: string;
  query: Binary | Bool | In | Extract | Fn;
  calls: Array<
    | { call: 'orderBy'; fields: Array<string | [string, string]> }
    | { call: 'limit' | 'offset'; value: number }
  >;
};
type Addable = Binary | Bool | In;
type Tree = Addable | Fn | Extract | Subquery | From;

const binary: fc.Arbitrary<Binary> = fc.oneof(
  fc.record({ kind: fc.constant('binary' as const), op: operator, field, value: operand }),
  fc.record({
    kind: fc.constantFrom(
      'eq' as const,
      'gt' as const,
      'lt' as const,
      'ge' as const,
      'le' as const,
    ),
    field,
    value: operand,
  }),
  fc.record({ kind: fc.constant('regex' as const), field, value: text }),
  fc.record({
    kind: fc.constant('regexArray' as const),
    field,
    value: fc.array(text, { maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('null' as const), field, value: fc.boolean() }),
);

const functionOperator: fc.Arbitrary<Fn> = fc.oneof(
  fc.record(
    { kind: fc.constant('function' as const), fn: fc.constant('count'), field: name },
    { requiredKeys: ['kind', 'fn'] },
  ),
  fc.record({
    kind: fc.constant('function' as const),
    fn: fc.constantFrom('avg', 'sum', 'min', 'max'),
    field: name,
  }),
  fc.record({
    kind: fc.constant('function' as const),
    fn: fc.constant('to_string'),
    field: name,
    fmt: name,
  }),
);
const projection: fc.Arbitrary<Projection> = fc.oneof(
  name,
  functionOperator,
  fc.array(fc.oneof(name, functionOperator), { maxLength: 3 }),
);
const SUBQUERY_ENTITIES = [
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
];
const FROM_ENTITIES = [
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
];

const trees = fc.letrec<{
  addable: Addable;
  bool: Bool;
  added: Added;
  in: In;
  extract: Extract;
  subquery: Subquery;
  from: From;
  tree: Tree;
}>((tie) => ({
  addable: fc.oneof({ depthSize: 'small', maxDepth: 4 }, binary, tie('bool'), tie('in')),
  added: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    fc.record({
      form: fc.constantFrom('builder' as const, 'ast' as const, 'text' as const),
      query: tie('addable'),
    }),
    fc.record({
      form: fc.constant('list' as const),
      items: fc.array(tie('added'), { maxLength: 3 }),
    }),
  ),
  bool: fc
    .oneof(
      fc.record({
        kind: fc.constantFrom('and' as const, 'or' as const),
        added: fc.array(tie('added'), { minLength: 1, maxLength: 3 }),
      }),
      fc.record({ kind: fc.constant('not' as const), added: tie('added') }),
    )
    .filter((bool) =>
      bool.kind === 'not' ? isOneQuery(bool.added) : bool.added.flatMap(flatten).length > 0,
    ),
  in: fc.record({
    kind: fc.constant('in' as const),
    field,
    value: fc.oneof(
      fc.record({
        form: fc.constant('array' as const),
        items: fc.array(fc.oneof(primitive, date, float), { minLength: 1, maxLength: 4 }),
      }),
      fc.record({
        form: fc.constantFrom('builder' as const, 'text' as const),
        query: fc.oneof(tie('extract'), tie('from')),
      }),
    ),
  }),
  extract: fc.record(
    {
      kind: fc.constant('extract' as const),
      fields: fc
        .array(projection, { minLength: 1, maxLength: 3 })
        .filter((fields) => projectionAst(fields).length > 0),
      query: fc.record({
        form: fc.constantFrom('builder' as const, 'text' as const),
        query: fc.oneof(binary, tie('bool'), tie('subquery')),
      }),
      groupBy: fc.array(projection, { maxLength: 2 }),
    },
    { requiredKeys: ['kind', 'fields', 'groupBy'] },
  ),
  subquery: fc.record(
    {
      kind: fc.constant('subquery' as const),
      entity: fc.constantFrom(...SUBQUERY_ENTITIES),
      query: tie('tree'),
    },
    { requiredKeys: ['kind', 'entity'] },
  ),
  from: fc.record({
    kind: fc.constant('from' as const),
    entity: fc.constantFrom(...FROM_ENTITIES),
    query: fc.oneof(binary, tie('bool'), tie('in'), tie('extract'), functionOperator),
    calls: fc.array(
      fc.oneof(
        fc.record({
          call: fc.constant('orderBy' as const),
          fields: fc.array(fc.oneof(name, fc.tuple(name, fc.constantFrom('asc', 'desc'))), {
            minLength: 1,
            maxLength: 3,
          }),
        }),
        fc.record({ call: fc.constantFrom('limit' as const, 'offset' as const), value: fc.nat() }),
      ),
      { maxLength: 4 },
    ),
  }),
  tree: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    tie('addable'),
    functionOperator,
    tie('extract'),
    tie('subquery'),
    tie('from'),
  ),
}));

// --- the expected AST (the model) --------------------------------------------------------------

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** Python's `str()` of the naive UTC datetime: `2016-06-11 00:00:00`, `.450000` with a fraction. */
function pythonDatetime(date: Date): string {
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
  const time = `${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}`;
  const millis = date.getUTCMilliseconds();
  return `${day} ${time}${millis ? `.${pad(millis, 3)}000` : ''}`;
}

/** A builder value as the spec says it is stored: a Date (or one in a list) as Python prints it. */
function storedValue(value: unknown): unknown {
  if (value instanceof Date) return pythonDatetime(value);
  if (value instanceof PyFloat) return value.value;
  if (Array.isArray(value)) return value.map(storedValue);
  return value;
}

const BINARY_OPERATORS = {
  eq: '=',
  gt: '>',
  lt: '<',
  ge: '>=',
  le: '<=',
  regex: '~',
  regexArray: '~>',
  null: 'null?',
} as const;

/** What `NotOperator.add()` takes, as the reference: one query, or lists of one, nested. */
function isOneQuery(added: Added): boolean {
  return added.form !== 'list' || (added.items.length === 1 && isOneQuery(added.items[0]!));
}

function flatten(added: Added): Addable[] {
  return added.form === 'list' ? added.items.flatMap(flatten) : [added.query];
}

function projectionAst(items: Projection[]): unknown[] {
  return items.flatMap((item) =>
    Array.isArray(item) ? projectionAst(item) : [typeof item === 'string' ? item : expected(item)],
  );
}

function expected(tree: Tree): unknown[] {
  switch (tree.kind) {
    case 'binary':
      return [tree.op, tree.field, storedValue(tree.value)];
    case 'eq':
    case 'gt':
    case 'lt':
    case 'ge':
    case 'le':
    case 'regex':
    case 'regexArray':
    case 'null':
      return [BINARY_OPERATORS[tree.kind], tree.field, storedValue(tree.value)];
    case 'and':
    case 'or':
      return [tree.kind, ...tree.added.flatMap(flatten).map(expected)];
    case 'not':
      return ['not', ...flatten(tree.added).map(expected)];
    case 'function':
      return [
        'function',
        tree.fn,
        ...(tree.field ? [tree.field] : []),
        ...(tree.fmt ? [tree.fmt] : []),
      ];
    case 'extract': {
      const ast: unknown[] = ['extract', projectionAst(tree.fields)];
      if (tree.query) ast.push(expected(tree.query.query));
      const groupBy = projectionAst(tree.groupBy);
      if (groupBy.length > 0) ast.push(['group_by', ...groupBy]);
      return ast;
    }
    case 'subquery':
      return [`select_${tree.entity}`, ...(tree.query ? [expected(tree.query)] : [])];
    case 'in':
      return [
        'in',
        tree.field,
        tree.value.form === 'array'
          ? ['array', storedValue(tree.value.items)]
          : expected(tree.value.query),
      ];
    case 'from': {
      const ast: unknown[] = ['from', tree.entity, expected(tree.query)];
      // each call replaces the one before it; the elements come in a fixed order
      const last = (call: string) => tree.calls.filter((item) => item.call === call).at(-1);
      const orderBy = last('orderBy');
      const limit = last('limit');
      const offset = last('offset');
      if (orderBy && 'fields' in orderBy) ast.push(['order_by', orderBy.fields]);
      if (limit && 'value' in limit) ast.push(['limit', limit.value]);
      if (offset && 'value' in offset) ast.push(['offset', offset.value]);
      return ast;
    }
  }
}

// --- building the trees with the builder ------------------------------------------------------

function argument(added: Added): unknown {
  switch (added.form) {
    case 'builder':
      return build(added.query);
    case 'ast':
      return expected(added.query);
    case 'text':
      return JSON.stringify(expected(added.query));
    case 'list':
      return added.items.map(argument);
  }
}

function projectionArgument(items: Projection[]): Array<string | FunctionOperator> {
  return items.flatMap((item) =>
    Array.isArray(item)
      ? [projectionArgument(item) as never]
      : [typeof item === 'string' ? item : (build(item) as FunctionOperator)],
  );
}

function build(tree: Tree): QueryNode {
  switch (tree.kind) {
    case 'binary':
      return new BinaryOperator(tree.op, tree.field, tree.value);
    case 'eq':
      return new EqualsOperator(tree.field, tree.value);
    case 'gt':
      return new GreaterOperator(tree.field, tree.value);
    case 'lt':
      return new LessOperator(tree.field, tree.value);
    case 'ge':
      return new GreaterEqualOperator(tree.field, tree.value);
    case 'le':
      return new LessEqualOperator(tree.field, tree.value);
    case 'regex':
      return new RegexOperator(tree.field, tree.value);
    case 'regexArray':
      return new RegexArrayOperator(tree.field, tree.value);
    case 'null':
      return new NullOperator(tree.field, tree.value);
    case 'and':
    case 'or': {
      const operator = tree.kind === 'and' ? new AndOperator() : new OrOperator();
      for (const added of tree.added) operator.add(argument(added) as never);
      return operator;
    }
    case 'not':
      return new NotOperator().add(argument(tree.added) as never);
    case 'function':
      return new FunctionOperator(tree.fn, tree.field, tree.fmt);
    case 'extract': {
      const extract = new ExtractOperator();
      for (const item of tree.fields) extract.addField(projectionArgument([item])[0] as never);
      if (tree.query) {
        extract.addQuery(
          (tree.query.form === 'text'
            ? JSON.stringify(expected(tree.query.query))
            : build(tree.query.query)) as never,
        );
      }
      for (const item of tree.groupBy) extract.addGroupBy(projectionArgument([item])[0] as never);
      return extract;
    }
    case 'subquery': {
      const subquery = new SubqueryOperator(tree.entity);
      if (tree.query) subquery.addQuery(build(tree.query));
      return subquery;
    }
    case 'in': {
      const operator = new InOperator(tree.field);
      if (tree.value.form === 'array') operator.addArray(tree.value.items);
      else if (tree.value.form === 'text') {
        operator.addQuery(JSON.stringify(expected(tree.value.query)));
      } else operator.addQuery(build(tree.value.query) as ExtractOperator | FromOperator);
      return operator;
    }
    case 'from': {
      const from = new FromOperator(tree.entity).addQuery(build(tree.query) as never);
      for (const call of tree.calls) {
        if (call.call === 'orderBy') from.addOrderBy(call.fields);
        else if (call.call === 'limit') from.addLimit(call.value);
        else from.addOffset(call.value);
      }
      return from;
    }
  }
}

/**
 * A value as JSON has it: what any text of it parses back to, with -0 as 0 (JSON.stringify
 * writes 0 for it; Python writes a float -0.0 as `-0.0`, which parses back to -0).
 */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('the query builder renders JSON that parses back to the tree it was built as', () => {
  test('every operator, nested every way the builder accepts', (t) => {
    assertProperty(
      t,
      fc.property(trees.tree, (tree) => {
        const node = build(tree);
        const ast = asJson(expected(tree));
        const text = node.toString();
        // json.dumps' ensure_ascii: the text is printable ASCII whatever the values held
        assert.match(text, /^[\x20-\x7e]*$/);
        assert.deepStrictEqual(asJson(JSON.parse(text)), ast);
        assert.deepStrictEqual(node.toJSON(), ast);
        assert.deepStrictEqual(JSON.parse(JSON.stringify(node)), ast);
        assert.equal(node.repr(), `Query: ${text}`);
        // what a query option sends: the builder's text, and the same for its AST array
        assert.equal(queryToString(node), text);
        assert.deepStrictEqual(asJson(JSON.parse(queryToString(expected(tree)))), ast);
      }),
    );
  });
});
