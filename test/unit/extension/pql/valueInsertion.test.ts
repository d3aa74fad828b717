import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { completionContext } from '../../../../src/extension/pql/language/completionContext';
import { stringValue, tokenize } from '../../../../src/extension/pql/language/pqlLexer';
import { pqlString, valueInsertion } from '../../../../src/extension/pql/language/valueInsertion';

/** Values a PuppetDB may hold in a certname or a fact name, each able to end a string early. */
const HOSTILE = [
  "it's",
  'say "hi"',
  'back\\slash',
  'trailing\\',
  `"; nodes { certname ~ ".*" } #`,
  'both \' and "',
  'new\nline',
  'tab\there',
  '',
  'plain-web01.example.com',
];

/**
 * Applies a completion to `before|after` (the cursor at |), as the editor does: the text in the
 * replaced range gives way to the insertion.
 */
function complete(before: string, after: string, value: string): string {
  const context = completionContext(before, before.length);
  assert.equal(context.kind, 'value', `no value expected at the end of ${before}`);
  if (context.kind !== 'value') throw new Error('unreachable');
  const insertion = valueInsertion(value, context.quote, context.typed, after.charAt(0));
  return (
    before.slice(0, before.length - insertion.replaceBefore) +
    insertion.text +
    after.slice(insertion.replaceAfter)
  );
}

/** The string tokens of a query, as the PQL lexer reads them, with their values. */
function strings(query: string): string[] {
  return tokenize(query)
    .filter((token) => token.kind === 'string')
    .map((token) => {
      assert.ok(token.terminated, `an unterminated string in ${query}`);
      return stringValue(token);
    });
}

describe('completion inserts live values as one whole string literal', () => {
  for (const [label, before, after] of [
    ['in an open double-quoted string', 'nodes { certname = "we', ''],
    ['in a double-quoted string the editor closed', 'nodes { certname = "we', '" }'],
    ['in an open single-quoted string', "nodes { certname = 'we", ''],
    ['in a single-quoted string the editor closed', "nodes { certname = 'we", "' }"],
    ['where no string is open', 'nodes { certname = ', ' }'],
    ['after an escape already typed', 'facts { name = "a\\"', '"'],
  ] as const) {
    test(label, () => {
      for (const value of HOSTILE) {
        const query = complete(before, after, value);
        // exactly one string, whose value is the value: nothing ended it early
        assert.deepEqual(strings(query), [value], query);
        assert.ok(query.startsWith(before.slice(0, before.indexOf('= ') + 2)), query);
        const tail = after.replace(/^["']/, '');
        assert.ok(query.endsWith(tail), query);
      }
    });
  }

  test('single quotes are kept where the value fits them; JSON escapes otherwise', () => {
    assert.equal(pqlString('web01', "'"), "'web01'");
    assert.equal(pqlString("it's", "'"), `"it's"`);
    assert.equal(pqlString('a\\b', "'"), "'a\\b'");
    assert.equal(pqlString('say "hi"', '"'), '"say \\"hi\\""');
  });

  test('the editor filters on what was typed, quote included', () => {
    const insertion = valueInsertion('web01', '"', 'we', '"');
    assert.deepEqual(insertion, {
      text: '"web01"',
      replaceBefore: 3,
      replaceAfter: 1,
      filterText: '"web01',
    });
    assert.equal(valueInsertion('web01', undefined, 'we', '').filterText, 'web01');
  });
});
