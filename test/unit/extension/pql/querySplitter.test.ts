import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  blankComments,
  queryAt,
  selectionQuery,
  splitQueries,
} from '../../../../src/extension/pql/language/querySplitter';

const texts = (document: string) => splitQueries(document).map((query) => query.text);

describe('query splitting', () => {
  test('blank lines separate queries; offsets point into the document', () => {
    const document = 'nodes {}\n\n  facts {\n    name = "os"\n  }\n\n\nreports {}';
    const queries = splitQueries(document);
    assert.deepEqual(texts(document), ['nodes {}', 'facts {\n    name = "os"\n  }', 'reports {}']);
    for (const query of queries) assert.equal(document.slice(query.start, query.end), query.text);
  });

  test('semicolons separate queries, also on one line, but not inside strings', () => {
    assert.deepEqual(texts('nodes {}; facts { value = "a;b" };reports {}'), [
      'nodes {}',
      'facts { value = "a;b" }',
      'reports {}',
    ]);
  });

  test('# comments are blanked (not removed) so offsets stay; a # inside a string is kept', () => {
    const document = '# all web nodes\nnodes { certname ~ "#web" } # trailing\n';
    const [query] = splitQueries(document);
    assert.equal(query!.text, 'nodes { certname ~ "#web" }');
    assert.equal(document.slice(query!.start, query!.end), query!.text);
    assert.equal(blankComments('a # b\nc').length, 'a # b\nc'.length);
  });

  test('a comment line inside a query does not split it; a comment-only block is no query', () => {
    const document =
      'nodes {\n  # only failed\n  latest_report_status = "failed"\n}\n\n# just a note\n';
    const queries = splitQueries(document);
    assert.equal(queries.length, 1);
    assert.match(queries[0]!.text, /^nodes \{\n\s+\n\s+latest_report_status = "failed"\n\}$/);
  });

  test('an unterminated string ends at its line and does not swallow the next query', () => {
    assert.deepEqual(texts('nodes { certname = "oops }\n\nfacts {}'), [
      'nodes { certname = "oops }',
      'facts {}',
    ]);
    assert.deepEqual(texts("nodes { certname = 'it;s' }; facts {}"), [
      "nodes { certname = 'it;s' }",
      'facts {}',
    ]);
  });

  test('# @connection applies to the queries below it', () => {
    const queries = splitQueries(
      'nodes {}\n\n# @connection Production\nfacts {}\n\nreports {}\n\n#@connection  staging db \nedges {}',
    );
    assert.deepEqual(
      queries.map((query) => query.connection),
      [undefined, 'Production', 'Production', 'staging db'],
    );
  });

  test('the query under the cursor: inside, at its end, just below, or the next one', () => {
    const document = 'nodes {}\n\nfacts {}\n\n\n\nreports {}';
    const queries = splitQueries(document);
    assert.equal(queryAt(queries, 0)?.text, 'nodes {}');
    assert.equal(queryAt(queries, document.indexOf('facts') + 8)?.text, 'facts {}');
    assert.equal(queryAt(queries, document.indexOf('facts') + 10)?.text, 'facts {}');
    assert.equal(queryAt(splitQueries('\n\nnodes {}'), 0)?.text, 'nodes {}');
    assert.equal(queryAt([], 0), undefined);
  });

  test('a selection runs as one query, comments blanked, offsets kept', () => {
    const document = 'xx nodes {} # c\nyy';
    const query = selectionQuery(document, 2, document.indexOf('\n'));
    assert.equal(query?.text, 'nodes {}');
    assert.equal(query?.start, 3);
    assert.equal(selectionQuery(document, 11, 15), undefined);
  });
});
