/**
 * The query library's file: written readable and read back the same, a file that is not one
 * refused whole (saying where), and additions that replace only when told to.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  clashes,
  LibraryFormatError,
  parseLibrary,
  serializeLibrary,
  withoutQuery,
  withQueries,
  type LibraryQuery,
} from '../../../../src/shared/queryLibrary/libraryFile';

const FAILED: LibraryQuery = {
  name: 'Failed',
  folder: 'Ops',
  description: 'the failed ones',
  query: 'nodes[certname] {\n  latest_report_status = "failed"\n}',
  addedAt: '2026-11-29T20:00:00.000Z',
};
const ALL: LibraryQuery = { name: 'All', folder: '', query: 'nodes {}' };

describe('the query library file', () => {
  test('written with a fixed shape and read back as it was; an empty file is an empty library', () => {
    const text = serializeLibrary([FAILED, ALL]);
    assert.deepEqual(parseLibrary(text), [FAILED, ALL]);
    assert.match(text, /^\{\n {2}"format": "pdbx-query-library",\n {2}"version": 1,/);
    assert.ok(text.endsWith('}\n'));
    assert.deepEqual(parseLibrary(''), []);
  });

  test('a file it cannot read whole is refused, saying where', () => {
    const cases: Array<[string, RegExp]> = [
      ['{"format": "pdbx-query-library"', /not valid JSON/],
      ['[]', /not a query library/],
      ['{"format": "pdbx-query-library", "version": 2, "queries": []}', /version 2/],
      ['{"format": "pdbx-query-library", "version": 1}', /no "queries" list/],
      [
        '{"format": "pdbx-query-library", "version": 1, "queries": [{"name": "a", "query": "nodes {}"}, 3]}',
        /queries\[1\] is not an object/,
      ],
      [
        '{"format": "pdbx-query-library", "version": 1, "queries": [{"name": " ", "query": "nodes {}"}]}',
        /queries\[0\]\."name"/,
      ],
      [
        '{"format": "pdbx-query-library", "version": 1, "queries": [{"name": "a", "query": "x", "folder": 1}]}',
        /queries\[0\]\."folder" is not text/,
      ],
    ];
    for (const [text, message] of cases) {
      assert.throws(() => parseLibrary(text), LibraryFormatError, text);
      assert.throws(() => parseLibrary(text), message, text);
    }
  });

  test('an addition of the same folder and name (case aside) replaces only when told to', () => {
    const renamed = { ...FAILED, name: 'FAILED', query: 'nodes[certname] {}' };
    const other = { ...FAILED, folder: 'Elsewhere' };
    assert.deepEqual(clashes([FAILED, ALL], [renamed, other]), [renamed]);
    assert.deepEqual(withQueries([FAILED, ALL], [renamed, other], false), [FAILED, ALL, other]);
    assert.deepEqual(withQueries([FAILED, ALL], [renamed, other], true), [renamed, ALL, other]);
    assert.deepEqual(withoutQuery([FAILED, ALL, other], { name: 'failed', folder: 'ops' }), [
      ALL,
      other,
    ]);
  });
});
