/**
 * Generated PQL queries for the differential test against PuppetDB's parser: mostly well formed
 * (strings with every escape, odd path segments, nested and implicit subqueries, functions,
 * `group by`, paging), with a share of near misses (a bad escape, a missing space, `not`, `null`,
 * an open string, a dropped bracket) so that both verdicts are exercised.
 */
import fc from 'fast-check';

const oneOf = <T>(...values: T[]) => fc.constantFrom(...values);

const dqPiece = fc.oneof(
  { weight: 30, arbitrary: fc.string({ maxLength: 4 }).map((text) => text.replace(/["\\]/g, '')) },
  {
    weight: 4,
    arbitrary: oneOf(
      '\\"',
      '\\\\',
      '\\/',
      '\\b',
      '\\f',
      '\\n',
      '\\r',
      '\\t',
      '\\u00e9',
      '\\u263A',
      "'",
      '\n',
      '\t',
      '#',
      ';',
      '{',
      ']',
      'é',
      '\u2028',
    ),
  },
  // near misses: an escape JSON lacks, a short \u, a backslash before a line end
  { weight: 1, arbitrary: oneOf('\\q', '\\u12', '\\\n', '\\x41', "\\'") },
);
const sqPiece = fc.oneof(
  { weight: 30, arbitrary: fc.string({ maxLength: 4 }).map((text) => text.replace(/['\\]/g, '')) },
  {
    weight: 4,
    arbitrary: oneOf("\\'", '\\\\', '\\q', '\\n', '"', '\n', '\\"', '#', ';', '}', 'é'),
  },
  { weight: 1, arbitrary: oneOf('\\\n', '\\') },
);
const dqString = fc.array(dqPiece, { maxLength: 5 }).map((pieces) => `"${pieces.join('')}"`);
const sqString = fc.array(sqPiece, { maxLength: 5 }).map((pieces) => `'${pieces.join('')}'`);
const string = fc.oneof(dqString, sqString);

const integer = fc.oneof(
  fc.integer({ min: -1000, max: 100000 }).map(String),
  oneOf('0', '-0', '007', '9223372036854775807', '9223372036854775808', '-9223372036854775808'),
);
const real = fc
  .tuple(fc.integer({ min: -99, max: 99 }), fc.nat(999), oneOf('', 'e3', 'E-2', 'e+10', 'E0'))
  .map(([whole, fraction, exponent]) => `${whole}.${fraction}${exponent}`);
const nearMissNumber = oneOf('1.', '.5', '1e5', '- 1', '+1', '1.5.2', '0x10');
const number = fc.oneof({ weight: 4, arbitrary: integer }, { weight: 2, arbitrary: real });

const literal = fc.oneof(
  { weight: 25, arbitrary: string },
  { weight: 15, arbitrary: number },
  { weight: 5, arbitrary: oneOf('true', 'false') },
  {
    weight: 5,
    arbitrary: fc
      .array(fc.oneof(string, number), { minLength: 1, maxLength: 3 })
      .map((items) => `[${items.join(', ')}]`),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(nearMissNumber, oneOf('null', 'True', 'nil', '"open', "'open")),
  },
);

/** Fields each entity has (PuppetDB refuses others after parsing, which the test allows). */
const FIELDS: Record<string, string[]> = {
  nodes: [
    'certname',
    'catalog_environment',
    'report_timestamp',
    'latest_report_status',
    'deactivated',
  ],
  facts: ['certname', 'name', 'value', 'environment'],
  reports: ['certname', 'status', 'receive_time', 'noop', 'latest_report?', 'puppet_version'],
  resources: ['certname', 'type', 'title', 'tag', 'exported', 'file', 'line'],
  inventory: ['certname', 'timestamp', 'environment'],
  events: ['certname', 'status', 'resource_type', 'timestamp'],
};
const ENTITIES = Object.keys(FIELDS);

const segment = fc.oneof(
  {
    weight: 40,
    arbitrary: oneOf('os', 'name', 'release', 'major', 'mountpoints', 'pp_role', 'ensure'),
  },
  {
    weight: 20,
    arbitrary: oneOf(
      'sda-1',
      '0',
      '2b',
      'x[0]',
      'models[12]',
      '"sda 1"',
      '"a.b"',
      'match("sda.*")',
      "it's",
      'a(b)',
      'é',
      'a:b',
      'a$b',
    ),
  },
  { weight: 2, arbitrary: oneOf('a}', 'a{', 'a)') },
  { weight: 2, arbitrary: oneOf('"open', '"a"b', 'match(x', '', 'a b') },
);
const path = fc
  .tuple(oneOf('facts', 'trusted', 'parameters'), fc.array(segment, { minLength: 1, maxLength: 3 }))
  .map(([root, segments]) => `${root}.${segments.join('.')}`);

const space = fc.oneof(
  { weight: 8, arbitrary: fc.constant(' ') },
  { weight: 2, arbitrary: oneOf('', '  ', '\n', '\t', ' \n  ') },
);

const field = (entity: string) =>
  fc.oneof({ weight: 6, arbitrary: oneOf(...FIELDS[entity]!) }, { weight: 1, arbitrary: path });

const func = (entity: string) =>
  fc.oneof(
    fc.constant('count()'),
    fc.constant('count( )'),
    field(entity).map((name) => `count(${name})`),
    fc
      .tuple(oneOf('avg', 'sum', 'min', 'max'), field(entity))
      .map(([name, arg]) => `${name}(${arg})`),
    fc.tuple(field(entity), string).map(([arg, format]) => `to_string(${arg}, ${format})`),
  );

const fieldList = (entity: string) =>
  fc
    .array(
      fc.oneof({ weight: 3, arbitrary: field(entity) }, { weight: 1, arbitrary: func(entity) }),
      {
        minLength: 1,
        maxLength: 3,
      },
    )
    .chain((items) => space.map((gap) => items.join(`,${gap}`)));

interface QueryArbitraries {
  query: fc.Arbitrary<string>;
}

/** `depth` bounds the nesting of subqueries. */
function queries(depth: number): QueryArbitraries {
  const condition = (entity: string): fc.Arbitrary<string> => {
    // each operator with the values the grammar gives it, and now and then any literal
    const operatorAndValue = fc.oneof(
      { weight: 6, arbitrary: fc.tuple(oneOf('=', '!=', '!~'), literal) },
      { weight: 3, arbitrary: fc.tuple(fc.constant('~'), string) },
      { weight: 3, arbitrary: fc.tuple(oneOf('<', '<=', '>', '>='), fc.oneof(number, string)) },
      { weight: 1, arbitrary: fc.tuple(oneOf('~', '<', '>='), literal) },
    );
    const comparison = fc
      .tuple(field(entity), space, operatorAndValue, space)
      .map(([name, gap, [operator, value], gap2]) => `${name}${gap}${operator}${gap2}${value}`);
    const regexArray = fc
      .tuple(field(entity), fc.array(string, { minLength: 1, maxLength: 3 }))
      .map(([name, items]) => `${name} ~> [${items.join(', ')}]`);
    const isNull = fc
      .tuple(
        field(entity),
        fc.oneof(
          { weight: 10, arbitrary: oneOf(' is null', ' is not null') },
          { weight: 1, arbitrary: oneOf(' is  null', ' is not\nnull') },
        ),
      )
      .map(([name, tail]) => name + tail);
    const inList = fc
      .tuple(field(entity), fc.array(literal, { minLength: 1, maxLength: 3 }))
      .map(([name, items]) => `${name} in [${items.join(', ')}]`);
    const options: Array<fc.WeightedArbitrary<string>> = [
      { weight: 8, arbitrary: comparison },
      { weight: 1, arbitrary: regexArray },
      { weight: 2, arbitrary: isNull },
      { weight: 2, arbitrary: inList },
    ];
    if (depth > 0) {
      const inner = queries(depth - 1);
      const inQuery = fc
        .tuple(field(entity), inner.query)
        .map(([name, subquery]) => `${name} in ${subquery}`);
      const groupedIn = fc
        .tuple(fieldList(entity), inner.query)
        .map(([names, subquery]) => `[${names}] in ${subquery}`);
      const implicit = fc
        .tuple(oneOf(...ENTITIES), inner.query)
        .map(([, subquery]) => subquery.replace(/\[[^\]]*\]\s*\{/, '{'));
      options.push(
        { weight: 2, arbitrary: inQuery },
        { weight: 1, arbitrary: groupedIn },
        { weight: 2, arbitrary: implicit },
      );
    }
    return fc.oneof(...options);
  };

  const expression = (entity: string): fc.Arbitrary<string> =>
    fc
      .array(
        fc.tuple(
          fc.oneof(
            { weight: 30, arbitrary: oneOf('', '!', '! ', '!!', '!\n') },
            { weight: 1, arbitrary: fc.constant('not ') },
          ),
          fc.boolean(),
          condition(entity),
        ),
        { minLength: 1, maxLength: 3 },
      )
      .chain((terms) =>
        fc
          .array(
            fc.oneof(
              { weight: 30, arbitrary: oneOf(' and ', ' or ', '\nor\n', ' and\t') },
              { weight: 1, arbitrary: oneOf(')and(', ' AND ') },
            ),
            {
              minLength: terms.length - 1,
              maxLength: terms.length - 1,
            },
          )
          .map((joins) =>
            terms
              .map(([not, parens, text]) => (parens ? `${not}(${text})` : `${not}${text}`))
              .reduce((sum, term, index) => `${sum}${joins[index - 1]!}${term}`),
          ),
      );

  const paging = (entity: string): fc.Arbitrary<string> =>
    fc
      .array(
        fc.oneof(
          { weight: 20, arbitrary: integer.map((value) => `limit ${value}`) },
          { weight: 20, arbitrary: integer.map((value) => `offset ${value}`) },
          {
            weight: 20,
            arbitrary: fc
              .array(
                fc.tuple(
                  field(entity),
                  fc.oneof(
                    { weight: 20, arbitrary: oneOf('', ' asc', ' desc') },
                    { weight: 1, arbitrary: fc.constant(' ASC') },
                  ),
                ),
                {
                  minLength: 1,
                  maxLength: 2,
                },
              )
              .map(
                (items) =>
                  `order by ${items.map(([name, direction]) => name + direction).join(', ')}`,
              ),
          },
          {
            weight: 1,
            arbitrary: oneOf(
              'limit',
              'order by asc',
              'order by  certname',
              'orderby certname',
              'order by ascending',
            ),
          },
        ),
        { maxLength: 3 },
      )
      .map((clauses) => clauses.join(' '));

  const query = oneOf(...ENTITIES).chain((entity) =>
    fc
      .tuple(
        fc.option(
          fieldList(entity).map((names) => `[${names}]`),
          { nil: '' },
        ),
        space,
        fc.option(expression(entity), { nil: '', freq: 8 }),
        fc.oneof(
          { weight: 3, arbitrary: paging(entity) },
          { weight: 1, arbitrary: fieldList(entity).map((names) => `group by ${names}`) },
        ),
        space,
        fc.oneof(
          { weight: 20, arbitrary: fc.constant('') },
          { weight: 1, arbitrary: oneOf('}', ' extra', '{') },
        ),
      )
      .map(
        ([projection, gap, filter, modifiers, gap2, tail]) =>
          `${entity}${projection}${gap}{${gap2}${filter}${filter && modifiers ? ' ' : ''}${modifiers}${gap2}}${tail}`,
      ),
  );
  return { query };
}

/** Queries up to two subqueries deep. */
export const pqlQuery: fc.Arbitrary<string> = queries(2).query;

/** A fixed, reproducible sample (fast-check's own generator, seeded). */
export function sampleQueries(seed: number, count: number): string[] {
  return fc.sample(pqlQuery, { seed, numRuns: count });
}
