import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { completionContext } from '../../../../src/extension/pql/language/completionContext';
import { localProblems } from '../../../../src/extension/pql/language/localChecks';
import { tokenize } from '../../../../src/extension/pql/language/pqlLexer';

/** The context at the `|` of a query. */
function at(query: string) {
  const offset = query.indexOf('|');
  return completionContext(query.replace('|', ''), offset);
}

describe('what the cursor expects', () => {
  test('entities at the start and after `in`', () => {
    assert.deepEqual(at('|'), { kind: 'entity', prefix: '', subquery: false });
    assert.deepEqual(at('inv|'), { kind: 'entity', prefix: 'inv', subquery: false });
    assert.deepEqual(at('nodes { certname in |'), { kind: 'entity', prefix: '', subquery: true });
  });

  test('fields of the entity in scope: projection, filter, subquery, order by, group by', () => {
    assert.deepEqual(at('nodes[cert|'), { kind: 'projection', entity: 'nodes', prefix: 'cert' });
    assert.deepEqual(at('facts[name, count(|'), {
      kind: 'projection',
      entity: 'facts',
      prefix: '',
    });
    assert.deepEqual(at('nodes { |'), { kind: 'condition', entity: 'nodes', prefix: '' });
    assert.deepEqual(at('nodes { resources { |'), {
      kind: 'condition',
      entity: 'resources',
      prefix: '',
    });
    assert.deepEqual(at('nodes { certname in facts[certname] { na|'), {
      kind: 'condition',
      entity: 'facts',
      prefix: 'na',
    });
    assert.deepEqual(at('reports { order by |'), {
      kind: 'orderBy',
      entity: 'reports',
      prefix: '',
      afterField: false,
    });
    assert.deepEqual(at('reports { order by receive_time d|'), {
      kind: 'orderBy',
      entity: 'reports',
      prefix: 'd',
      afterField: true,
    });
    assert.deepEqual(at('facts[name, count()] { group by |'), {
      kind: 'groupBy',
      entity: 'facts',
      prefix: '',
    });
  });

  test('operators after a field, values after an operator (also inside an open string)', () => {
    assert.deepEqual(at('nodes { certname |'), {
      kind: 'operator',
      entity: 'nodes',
      field: 'certname',
      prefix: '',
    });
    assert.deepEqual(at('events { status = |'), {
      kind: 'value',
      entity: 'events',
      field: 'status',
      prefix: '',
      quote: undefined,
      typed: '',
    });
    assert.deepEqual(at('facts { name = "os|'), {
      kind: 'value',
      entity: 'facts',
      field: 'name',
      prefix: 'os',
      quote: '"',
      typed: 'os',
    });
    assert.deepEqual(at('nodes { certname in ["a", |'), {
      kind: 'value',
      entity: 'nodes',
      field: 'certname',
      prefix: '',
      quote: undefined,
      typed: '',
    });
    // what was typed after the quote, as written: the completion replaces exactly that
    assert.deepEqual(at('facts { name = "a\\"b|'), {
      kind: 'value',
      entity: 'facts',
      field: 'name',
      prefix: 'a"b',
      quote: '"',
      typed: 'a\\"b',
    });
    assert.deepEqual(at('nodes { deactivated is |'), { kind: 'isTail', prefix: '' });
  });

  test('keywords after a complete condition, a subquery or a group', () => {
    for (const query of [
      'nodes { certname = "x" |',
      'nodes { deactivated is not null |',
      'nodes { certname in facts[certname] { name = "x" } |',
      'nodes { (certname = "a" or certname = "b") |',
    ]) {
      assert.deepEqual(at(query), { kind: 'afterCondition', entity: 'nodes', prefix: '' }, query);
    }
    assert.deepEqual(at('nodes { certname = "x" and |'), {
      kind: 'condition',
      entity: 'nodes',
      prefix: '',
    });
  });

  test('dotted paths after facts., trusted. and parameters.', () => {
    assert.deepEqual(at('inventory { facts.os.|'), {
      kind: 'path',
      entity: 'inventory',
      root: 'facts',
      segments: ['os'],
      prefix: '',
    });
    assert.deepEqual(at('inventory { facts."os".rel|'), {
      kind: 'path',
      entity: 'inventory',
      root: 'facts',
      segments: ['os'],
      prefix: 'rel',
    });
    assert.deepEqual(at('inventory { facts.os.name = |'), {
      kind: 'value',
      entity: 'inventory',
      field: 'facts.os.name',
      prefix: '',
      quote: undefined,
      typed: '',
    });
    assert.equal(at('resources { parameters.|').kind, 'path');
    assert.equal(at('nodes { certname.|').kind, 'none');
  });

  test('input it cannot follow gives none, never an exception', () => {
    for (const query of [
      'nodes } |',
      'nodes { = |',
      '[[[ |',
      'nodes { certname = "x" "y" |',
      '{{{{',
    ]) {
      assert.doesNotThrow(() => at(query.includes('|') ? query : `${query}|`));
    }
    assert.deepEqual(at('nodes } |'), { kind: 'none' });
  });
});

describe('the tokenizer and local checks', () => {
  test('operators, words with ?, numbers, strings and comments', () => {
    const tokens = tokenize('reports { latest_report? = true and x >= -3.5E-2 } # c');
    assert.deepEqual(
      tokens.map((token) => `${token.kind}:${token.text}`),
      [
        'word:reports',
        'punctuation:{',
        'word:latest_report?',
        'operator:=',
        'word:true',
        'word:and',
        'word:x',
        'operator:>=',
        'number:-3.5E-2',
        'punctuation:}',
        'comment:# c',
      ],
    );
  });

  test('local problems: unterminated strings, brackets, unknown and AST-only entities', () => {
    assert.deepEqual(localProblems('nodes { certname = "x" }'), []);
    assert.match(localProblems('nodes { certname = "x }')[0]!.message, /not closed/);
    assert.match(localProblems('nodes { certname = "x" ')[0]!.message, /"\{" is never closed/);
    assert.match(localProblems('nodes { certname = "x" ]')[0]!.message, /does not close/);
    assert.match(localProblems('node { }')[0]!.message, /not a PQL entity/);
    assert.match(localProblems('fact_names { }')[0]!.message, /only in the AST/);
    // a bracket inside a string is text
    assert.deepEqual(localProblems("nodes { certname = '}{' }"), []);
  });
});
