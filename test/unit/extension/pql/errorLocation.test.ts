import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  locateQueryError,
  offsetOf,
  summarize,
} from '../../../../src/extension/pql/language/errorLocation';
import { splitQueries } from '../../../../src/extension/pql/language/querySplitter';

// Verbatim answers of PuppetDB 7.12 (HTTP 400) to the queries below.
const PARSE_ERROR_LINE_3 = `PQL parse error at line 3, column 29:

  and latest_report_status == 1 }
                            ^

Expected one of:

[
false
true
#"[0-9]+"
-
'
"
#"\\s+"
`;
const UNKNOWN_FIELD =
  "Can't extract unknown 'nodes' field 'certnam'. Acceptable fields are 'deactivated', 'certname'";

describe('where a server error points', () => {
  test('line and column of a parse error, counted in the text that was sent', () => {
    const document =
      '# failed web nodes\n\nnodes {\n  certname = "foo"\n  and latest_report_status == 1 }\n';
    const [query] = splitQueries(document);
    const located = locateQueryError(query!, PARSE_ERROR_LINE_3);
    // column 29 of line 3 is the second "=" of "=="
    assert.equal(document.slice(located.start, located.end), '=');
    assert.equal(document.slice(0, located.start).split('\n').length, 5);
    assert.equal(located.start - document.lastIndexOf('\n', located.start) - 1, 28);
  });

  test('the message keeps the first line and what was expected, in words', () => {
    assert.equal(
      summarize(PARSE_ERROR_LINE_3),
      'PQL parse error at line 3, column 29: Expected one of: [, false, true, a number, -, \', ", whitespace',
    );
    assert.equal(summarize('  \nBoom\n'), 'Boom');
  });

  test('an unknown field is found by name in the query', () => {
    const document = 'nodes[certnam] { certname ~ "x" }';
    const [query] = splitQueries(document);
    const located = locateQueryError(query!, UNKNOWN_FIELD);
    assert.equal(document.slice(located.start, located.end), 'certnam');
  });

  test('an error without a place marks the whole query', () => {
    const [query] = splitQueries('\n\n  nodes {}');
    const located = locateQueryError(query!, 'Internal Server Error');
    assert.deepEqual([located.start, located.end], [query!.start, query!.end]);
  });

  test('line/column offsets are clamped to the text', () => {
    assert.equal(offsetOf('ab\ncd', 2, 2), 4);
    assert.equal(offsetOf('ab\ncd', 2, 99), 5);
    assert.equal(offsetOf('ab', 7, 1), 2);
  });
});
