import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { localProblems } from '../../../../src/extension/pql/language/localChecks';
import { checkPqlGrammar } from '../../../../src/extension/pql/language/pqlGrammar';
import { stringValue, tokenize } from '../../../../src/extension/pql/language/pqlLexer';
import { splitQueries } from '../../../../src/extension/pql/language/querySplitter';

/** Valid queries the editor flagged before it read PQL as PuppetDB does (issue 34 §4). */
const ONCE_FLAGGED = [
  "nodes { certname = 'it\\'s' }",
  'nodes { certname = "first line\nsecond line" }',
  'inventory[certname] { facts.disks.sda-1.size > 0 }',
];

const kinds = (query: string) => tokenize(query).map((token) => `${token.kind} ${token.text}`);

describe('the PQL language reads queries as PuppetDB does', () => {
  test('the three queries PuppetDB accepts have no local problem', () => {
    for (const query of ONCE_FLAGGED) {
      assert.deepEqual(localProblems(query), [], query);
      assert.deepEqual(checkPqlGrammar(query), { valid: true }, query);
    }
  });

  test('a backslash escapes a quote in either quotes; a string may span lines', () => {
    const [single] = tokenize("'it\\'s'");
    assert.equal(single?.terminated, true);
    assert.equal(stringValue(single!), "it's");
    assert.equal(stringValue(tokenize("'C:\\temp'")[0]!), 'C:\\temp');
    const [double] = tokenize('"a\nb\\u00e9"');
    assert.equal(double?.terminated, true);
    assert.equal(stringValue(double!), 'a\nbé');
    // a backslash cannot escape a line end: the string is open, and ends with its line
    assert.deepEqual(tokenize('"a\\\nb"')[0], {
      kind: 'string',
      text: '"a\\',
      start: 0,
      end: 3,
      terminated: false,
    });
  });

  test('a path segment takes what PuppetDB takes: hyphens, leading digits, quotes, match()', () => {
    assert.deepEqual(kinds('facts.disks.sda-1.size > 0'), [
      'word facts',
      'punctuation .',
      'word disks',
      'punctuation .',
      'word sda-1',
      'punctuation .',
      'word size',
      'operator >',
      'number 0',
    ]);
    assert.deepEqual(kinds('facts.a.0.2b'), [
      'word facts',
      'punctuation .',
      'word a',
      'punctuation .',
      'number 0',
      'punctuation .',
      'word 2b',
    ]);
    assert.deepEqual(checkPqlGrammar('inventory { facts.disks."sda 1".size = 1 }'), {
      valid: true,
    });
    assert.deepEqual(checkPqlGrammar('inventory { facts.partitions.match("sda.*").mount = "/" }'), {
      valid: true,
    });
  });

  test('a blank line still ends a query, even inside a string that closes after it', () => {
    const queries = splitQueries('nodes { certname = "a\nb" }\n\nfacts { name = "x\n\n" }');
    assert.deepEqual(
      queries.map((query) => query.text),
      ['nodes { certname = "a\nb" }', 'facts { name = "x', '" }'],
    );
  });

  test("where PuppetDB's grammar stops, and what it expected there", () => {
    const [notKeyword] = localProblems("nodes { not certname = 'a' }");
    assert.equal(notKeyword?.start, 12);
    assert.match(notKeyword!.message, /^PQL expects .*"=".* here\.$/);
    const [glued] = localProblems("nodes { (certname = 'a')and(certname = 'b') }");
    assert.equal(glued?.start, 24);
    assert.match(glued!.message, /whitespace/);
    assert.equal(localProblems('nodes { certname = null }')[0]?.start, 19);
    // comments are the editor's: the grammar does not see them
    assert.deepEqual(localProblems('nodes { # the web nodes\n certname ~ "^web" }'), []);
  });

  test('literals the grammar accepts but PuppetDB cannot read', () => {
    assert.match(localProblems('nodes { certname = "a\\qb" }')[0]!.message, /escape "\\q"/);
    assert.match(
      localProblems('nodes { certname = 9223372036854775808 }')[0]!.message,
      /cannot read 9223372036854775808/,
    );
    assert.deepEqual(localProblems('nodes { certname = -9223372036854775808 }'), []);
    assert.match(localProblems('nodes { limit 0 }')[0]!.message, /"limit" must be 1 or more/);
    assert.match(localProblems('nodes { offset -1 }')[0]!.message, /"offset" must be 0/);
    assert.deepEqual(
      localProblems('nodes[certname] { certname in facts[certname] { limit 0 } }'),
      [],
    );
    assert.deepEqual(localProblems('inventory { facts.x."a\\q" = 1 }'), []);
  });
});
