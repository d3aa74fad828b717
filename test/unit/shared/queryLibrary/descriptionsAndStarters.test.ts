/**
 * What the Queries view shows beside a query (a `.pql` file's leading comment, a notebook's first
 * markdown cell) and the starter queries' parameters (checked before they reach a query).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  MAX_DESCRIPTION_CHARS,
  notebookDescription,
  pqlDescription,
} from '../../../../src/shared/queryLibrary/leadingComment';
import {
  classTitle,
  parameterProblem,
  STARTER_QUERIES,
  starterText,
} from '../../../../src/shared/queryLibrary/starterQueries';

describe('descriptions from leading comments', () => {
  test("a .pql file's leading # lines, without @connection lines, until the first query", () => {
    const text =
      '\n# Failed web nodes\n# @connection production\n#   in every environment\n\nnodes {}\n# later comment\n';
    assert.equal(pqlDescription(text), 'Failed web nodes in every environment');
    assert.equal(pqlDescription('nodes {}\n# after\n'), undefined);
    assert.equal(pqlDescription('# @connection dc2\nnodes {}'), undefined);
    assert.equal(pqlDescription('#\n#\n'), undefined);
    const long = pqlDescription(`# ${'word '.repeat(200)}`)!;
    assert.equal([...long].length, MAX_DESCRIPTION_CHARS);
    assert.ok(long.endsWith('…'));
  });

  test("a notebook's first markdown cell, its marks dropped", () => {
    const cells = [
      { kind: 'pql', source: 'nodes {}' },
      { kind: 'markdown', source: '   ' },
      { kind: 'markdown', source: '# On-call: **failed** nodes\n\n- see [the runbook](https://x)' },
      { kind: 'markdown', source: 'not this one' },
    ];
    assert.equal(notebookDescription(cells), 'On-call: failed nodes see the runbook');
    assert.equal(notebookDescription([{ kind: 'pql', source: 'nodes {}' }]), undefined);
  });
});

describe('starter queries', () => {
  test('each has a unique id and name and gives PQL once its parameters are given', () => {
    assert.ok(STARTER_QUERIES.length >= 10);
    assert.equal(
      new Set(STARTER_QUERIES.map((starter) => starter.id)).size,
      STARTER_QUERIES.length,
    );
    assert.equal(
      new Set(STARTER_QUERIES.map((starter) => starter.name)).size,
      STARTER_QUERIES.length,
    );
    const now = new Date('2026-11-29T20:00:00.000Z');
    for (const starter of STARTER_QUERIES) {
      const values = Object.fromEntries(
        starter.parameters.map((parameter) => [
          parameter.name,
          parameter.kind === 'hours' ? '3' : 'profile::base',
        ]),
      );
      assert.match(starterText(starter, values, now), /^[a-z_]+\[/, starter.id);
    }
    const notReporting = STARTER_QUERIES.find((starter) => starter.id === 'nodes-not-reporting')!;
    assert.match(starterText(notReporting, { hours: ' 1.5 ' }, now), /"2026-11-29T18:30:00.000Z"/);
  });

  test('a parameter that is not a value of its kind is refused, before it reaches the query', () => {
    const withClass = STARTER_QUERIES.find((starter) => starter.id === 'nodes-with-class')!;
    const parameter = withClass.parameters[0]!;
    for (const bad of ['', 'a" or true or "', 'profile::', '1abc', 'a b', 'x\\"']) {
      assert.ok(parameterProblem(parameter, bad), bad);
      assert.throws(() => starterText(withClass, { class: bad }, new Date()), /class/);
    }
    assert.equal(parameterProblem(parameter, '::Profile::base_2'), undefined);
    assert.equal(classTitle('::profile::BASE_x'), 'Profile::Base_x');
    const hours = STARTER_QUERIES.find((starter) => starter.id === 'nodes-not-reporting')!
      .parameters[0]!;
    for (const bad of ['', '0', '-1', 'two', 'Infinity', '9000']) {
      assert.ok(parameterProblem(hours, bad), bad);
    }
  });
});
