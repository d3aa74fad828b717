/**
 * Notebook parameters (src/shared/notebook/parameters.ts): which `$name` is a reference (a token,
 * never text in a string, comment or path), that a substituted query parses with PuppetDB's
 * grammar and holds the value as one literal whatever it is (fast-check), the parameter cell's
 * lines, and a typed answer's reading.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { checkPqlGrammar } from '../../../src/extension/pql/language/pqlGrammar';
import { stringValue, tokenize, type Token } from '../../../src/extension/pql/language/pqlLexer';
import {
  parameterCell,
  parameterReferences,
  pqlLiteral,
  substituteParameters,
  typedValue,
  valuesAbove,
  type ParameterValue,
} from '../../../src/shared/notebook/parameters';
import { assertProperty, trickyText } from '../properties/support/property';

const read = (token: { text: string }) => stringValue(token as Token);
const references = (text: string) => parameterReferences(tokenize(text));
const cell = (text: string) => parameterCell(text, tokenize(text), read);
const substitute = (text: string, values: Record<string, ParameterValue>) =>
  substituteParameters(text, references(text), ({ name }) => pqlLiteral(values[name]!)).text;

/** The value a one-token literal holds, as PuppetDB reads it. */
function literalValue(literal: string): ParameterValue {
  const tokens = tokenize(literal);
  assert.equal(tokens.length, 1, `one token: ${literal}`);
  const [token] = tokens;
  if (token!.kind === 'string') return read(token!);
  if (token!.kind === 'number') return Number(token!.text);
  return token!.text === 'true';
}

const value: fc.Arbitrary<ParameterValue> = fc.oneof(
  trickyText({ maxLength: 20 }),
  fc.constantFrom('x" or true', "x' or true", '"; nodes {', '$other', '\\', '\u2028', '#'),
  fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
  // PuppetDB has no -0: written as 0
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((number) => !Object.is(number, -0)),
  fc.boolean(),
);

describe('notebook parameters', () => {
  test('a reference is a $name token: not inside a string, a comment or a dotted path', () => {
    const query =
      "nodes[certname] { certname = $host and facts.$x = '$y' and report_timestamp > $since } # $z";
    assert.deepEqual(
      references(query).map(({ name }) => name),
      ['host', 'since'],
    );
    assert.deepEqual(references('nodes { x = $ host }'), [], 'no space after $');
    assert.deepEqual(references('nodes { x = $1a }'), [], 'a name does not start with a digit');
  });

  test('a hostile string value stays one string literal', () => {
    const query = 'nodes[certname] { certname = $host }';
    const sent = substitute(query, { host: 'x" or certname ~ ".*' });
    assert.equal(sent, 'nodes[certname] { certname = "x\\" or certname ~ \\".*" }');
    assert.equal(checkPqlGrammar(sent).valid, true);
    const strings = tokenize(sent).filter((token) => token.kind === 'string');
    assert.deepEqual(strings.map(read), ['x" or certname ~ ".*']);
  });

  test('any value, substituted, parses as the query did and reads back as itself (fast-check)', (t) => {
    assertProperty(
      t,
      fc.property(value, value, (first, second) => {
        const query = 'nodes[certname] { certname = $first or certname = $second limit 5 }';
        const sent = substitute(query, { first, second });
        assert.equal(checkPqlGrammar(sent).valid, true, sent);
        const literals = tokenize(sent).filter(
          (token) =>
            token.kind === 'string' || token.kind === 'number' || /^(true|false)$/.test(token.text),
        );
        // the two values and the limit: no value became more tokens, or query syntax
        assert.equal(literals.length, 3, sent);
        assert.deepEqual(
          literals.slice(0, 2).map((token) => literalValue(token.text)),
          [first, second],
        );
      }),
    );
  });

  test('numbers are written as PQL reads them', () => {
    assert.equal(pqlLiteral(42), '42');
    assert.equal(pqlLiteral(-7), '-7');
    assert.equal(pqlLiteral(1.5), '1.5');
    assert.equal(pqlLiteral(1e-7), '1.0e-7');
    assert.equal(pqlLiteral(1e21), '1.0e+21');
    assert.throws(() => pqlLiteral(Number.NaN), RangeError);
  });

  test('an offset of the substituted text maps back to the query', () => {
    const query = 'nodes { a = $long_name and b = $b }';
    const substitution = substituteParameters(query, references(query), ({ name }) =>
      name === 'b' ? '"a much longer literal"' : '1',
    );
    const at = (text: string) => substitution.text.indexOf(text);
    assert.equal(substitution.originalOffset(at('nodes')), 0);
    assert.equal(substitution.originalOffset(at('1')), query.indexOf('$long_name'));
    assert.equal(substitution.originalOffset(at(' and')), query.indexOf(' and'));
    assert.equal(substitution.originalOffset(at('much')), query.indexOf('$b'));
    assert.equal(substitution.originalOffset(at(' }')), query.indexOf(' }'));
  });

  test('a parameter cell: $name = literal lines, comments allowed; a bad line is a problem', () => {
    const parsed = cell(
      "# the report's inputs\n$status = 'failed'\n$limit = 20\n$noop = false\n$ratio = -0.5\n",
    );
    assert.deepEqual(
      parsed?.assignments.map(({ name, value: set }) => [name, set]),
      [
        ['status', 'failed'],
        ['limit', 20],
        ['noop', false],
        ['ratio', -0.5],
      ],
    );
    assert.deepEqual(parsed?.problems, []);
    const broken = cell('$a = 1\n$b = nodes\n$c = "open\n$d = 99999999999999999999');
    assert.deepEqual(
      broken?.assignments.map(({ name }) => name),
      ['a'],
    );
    assert.deepEqual(
      broken?.problems.map(({ message }) => message),
      [
        'A parameter cell holds only lines "$name = value" (a string in quotes, a number, true or false).',
        'This string is not closed.',
        '99999999999999999999 is too large a whole number for a parameter.',
      ],
    );
    assert.equal(cell('nodes { certname = $a }'), undefined, 'a query is no parameter cell');
  });

  test('the nearest parameter cell above sets a name', () => {
    const values = valuesAbove([cell('$a = 1\n$b = 2')!, cell('$a = 3')!]);
    assert.deepEqual(
      [...values],
      [
        ['a', 3],
        ['b', 2],
      ],
    );
  });

  test('a typed answer: a number, a boolean, a quoted string, else the text as typed', () => {
    const typed = (text: string) => typedValue(text, tokenize(text), read);
    assert.equal(typed('42'), 42);
    assert.equal(typed('true'), true);
    assert.equal(typed('"42"'), '42');
    assert.equal(typed("'it\\'s'"), "it's");
    assert.equal(typed('failed'), 'failed');
    assert.equal(typed('x" or true'), 'x" or true');
    assert.equal(typed(''), '');
  });
});
