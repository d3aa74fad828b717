/**
 * `$name` parameters in the editor's checks (src/extension/pql/language/queryParameters.ts): a
 * notebook cell's parameter is no false problem wherever a literal may stand, one no cell above
 * sets is said as information, a problem after one is placed where it is in the cell, and in a
 * `.pql` file a parameter is an error saying why.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parameterProblems } from '../../../../src/extension/pql/language/queryParameters';

const QUERY =
  'reports[certname] { status = $status and certname ~ $pattern and noop = $noop limit $limit }';

describe('PQL parameters in the editor', () => {
  test('in a notebook cell, parameters the cells above set are no problem', () => {
    const values = new Map<string, string | number | boolean>([
      ['status', 'failed'],
      ['pattern', '^web'],
      ['noop', false],
      ['limit', 10],
    ]);
    assert.deepEqual(parameterProblems(QUERY, values), []);
  });

  test('one no cell above sets is information, and the query still checks', () => {
    const problems = parameterProblems(QUERY, new Map());
    assert.deepEqual(
      problems.map(({ severity, start, end }) => [severity, QUERY.slice(start, end)]),
      [
        ['information', '$status'],
        ['information', '$pattern'],
        ['information', '$noop'],
        ['information', '$limit'],
      ],
    );
    assert.match(
      problems[0]!.message,
      /No parameter cell above sets \$status: running the cell asks/,
    );
  });

  test('a problem after a parameter is placed in the cell as written', () => {
    const query = 'nodes[certname] { certname = $a and certname = }';
    const [problem] = parameterProblems(query, new Map([['a', 'a much longer value than $a']]));
    assert.equal(problem?.severity, 'error');
    assert.equal(query.slice(problem.start, problem.end), '}');
  });

  test('in a .pql file a parameter is an error that says why', () => {
    const problems = parameterProblems('nodes[certname] { certname = $host }', undefined);
    assert.deepEqual(
      problems.map(({ severity, message }) => [severity, message]),
      [
        [
          'error',
          '$host is a PQL notebook parameter: PuppetDB knows no parameters, so it works only in a notebook cell.',
        ],
      ],
    );
  });

  test('a $name in a string or a comment is text', () => {
    assert.deepEqual(parameterProblems("nodes { certname = '$host' } # $x", undefined), []);
  });
});
