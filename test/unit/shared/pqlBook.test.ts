/**
 * The `.pqlbook` file (src/shared/notebook/pqlBook.ts): what it writes, that any notebook comes
 * back as written (fast-check), the size caps of saved rows, and that a file it cannot read fails
 * with a message instead of opening empty.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  formatPqlBook,
  MAX_SAVED_CELL_OUTPUT_BYTES,
  MAX_SAVED_OUTPUT_BYTES,
  parsePqlBook,
  PqlBookFormatError,
  type PqlBook,
  type PqlBookCell,
} from '../../../src/shared/notebook/pqlBook';
import { assertProperty, trickyText } from '../properties/support/property';

const text = trickyText({ maxLength: 12 });
// JSON.parse makes plain objects, fast-check's dictionaries have no prototype: both are spread
const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', maxDepth: 2 },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(text, tie('json'), { maxKeys: 3 }).map((keys) => ({ ...keys })),
  ),
}));
const extra = (known: string[]) =>
  fc.option(
    fc
      .dictionary(
        text.filter((key) => !known.includes(key)),
        json,
        { minKeys: 1, maxKeys: 2 },
      )
      .map((keys) => ({ ...keys })),
    { nil: undefined },
  );
const output = fc
  .record(
    {
      rows: fc.array(json, { maxLength: 4 }),
      truncated: fc.constantFrom('rows' as const, 'bytes' as const),
      error: text,
      connection: text,
      connections: fc.array(
        fc
          .record({ name: text, rows: fc.nat(), error: text }, { requiredKeys: ['name', 'rows'] })
          .map((keys) => ({ ...keys })),
        { maxLength: 3 },
      ),
      ranAt: text,
      elapsedMs: fc.nat(),
    },
    { requiredKeys: [] },
  )
  .map((keys) => ({ ...keys }));
const cell: fc.Arbitrary<PqlBookCell> = fc
  .record(
    {
      kind: fc.constantFrom('markdown' as const, 'pql' as const),
      source: trickyText({ maxLength: 30 }),
      connection: text,
      executionOrder: fc.nat(),
      output,
      extra: extra(['kind', 'source', 'connection', 'executionOrder', 'output']),
    },
    { requiredKeys: ['kind', 'source'] },
  )
  .map(withoutUndefined);
const book: fc.Arbitrary<PqlBook> = fc
  .record(
    {
      connection: text,
      cells: fc.array(cell, { maxLength: 5 }),
      extra: extra(['format', 'version', 'connection', 'cells']),
    },
    { requiredKeys: ['cells'] },
  )
  .map(withoutUndefined);

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

describe('.pqlbook files', () => {
  test('any notebook comes back as written, and writing it again gives the same text', (t) => {
    assertProperty(
      t,
      fc.property(book, (written) => {
        const text = formatPqlBook(written);
        const read = parsePqlBook(text);
        assert.deepEqual(read, written);
        assert.equal(formatPqlBook(read), text);
      }),
    );
  });

  test('keys in a fixed order, 2-space indent, a several-line source as its lines', () => {
    const text = formatPqlBook({
      connection: 'production',
      cells: [
        { kind: 'markdown', source: '# Failed nodes' },
        {
          kind: 'pql',
          source: "nodes[certname] {\n  latest_report_status = 'failed'\n}",
          connection: 'dc2',
          executionOrder: 3,
          output: { ranAt: '2026-11-29T17:00:00Z', rows: [{ certname: 'a' }] },
        },
      ],
    });
    assert.equal(
      text,
      `{
  "format": "pqlbook",
  "version": 1,
  "connection": "production",
  "cells": [
    {
      "kind": "markdown",
      "source": "# Failed nodes"
    },
    {
      "kind": "pql",
      "source": [
        "nodes[certname] {",
        "  latest_report_status = 'failed'",
        "}"
      ],
      "connection": "dc2",
      "executionOrder": 3,
      "output": {
        "rows": [
          {
            "certname": "a"
          }
        ],
        "ranAt": "2026-11-29T17:00:00Z"
      }
    }
  ]
}
`,
    );
  });

  test("a cell's saved rows stop at its cap, and the file's at the file's; the rest is counted", () => {
    const row = { certname: 'x'.repeat(1000) };
    const rows = Array.from({ length: 600 }, () => row);
    const cells: PqlBookCell[] = Array.from({ length: 6 }, () => ({
      kind: 'pql',
      source: 'nodes {}',
      output: { rows, rowsOmitted: 10 },
    }));
    const read = parsePqlBook(formatPqlBook({ cells }));
    const saved = read.cells.map((cell) => cell.output!.rows!.length);
    const rowBytes = JSON.stringify(row).length + 1;
    const perCell = Math.floor(MAX_SAVED_CELL_OUTPUT_BYTES / rowBytes);
    assert.deepEqual(saved.slice(0, 4), [perCell, perCell, perCell, perCell]);
    assert.ok(saved.reduce((sum, count) => sum + count, 0) * rowBytes <= MAX_SAVED_OUTPUT_BYTES);
    assert.equal(saved[5], 0);
    for (const [index, cell] of read.cells.entries()) {
      assert.equal(cell.output!.rowsOmitted, 610 - saved[index]!);
    }
  });

  test('an empty file is an empty notebook', () => {
    assert.deepEqual(parsePqlBook(''), { cells: [] });
    assert.deepEqual(parsePqlBook(' \n'), { cells: [] });
  });

  test('a source given as one string or as lines reads the same', () => {
    const one = parsePqlBook('{"cells":[{"kind":"pql","source":"a\\nb"}]}');
    const lines = parsePqlBook('{"cells":[{"kind":"pql","source":["a","b"]}]}');
    assert.deepEqual(one, lines);
  });

  for (const [what, text, message] of [
    ['text that is not JSON', 'nodes[certname] {}', /not valid JSON/],
    ['a JSON array', '[]', /is a JSON object/],
    ['no cells', '{"format":"pqlbook"}', /"cells" array/],
    ['another format', '{"format":"ipynb","cells":[]}', /"format" is "ipynb"/],
    ['a newer version', '{"version":2,"cells":[]}', /version 2/],
    [
      'a cell of an unknown kind',
      '{"cells":[{"kind":"python","source":""}]}',
      /cell 1 has kind "python"/,
    ],
    ['a source of numbers', '{"cells":[{"kind":"pql","source":[1]}]}', /cell 1's "source"/],
    [
      'a connection that is not text',
      '{"connection":{"url":"https://x"},"cells":[]}',
      /"connection" is not text/,
    ],
    [
      'rows that are not an array',
      '{"cells":[{"kind":"pql","output":{"rows":{}}}]}',
      /"output.rows"/,
    ],
    [
      "a connection's tally without its rows",
      '{"cells":[{"kind":"pql","output":{"connections":[{"name":"east"}]}}]}',
      /"output.connections"\[0\] is not a connection's name and rows/,
    ],
  ] as const) {
    test(`${what} fails with a clear message rather than opening empty`, () => {
      assert.throws(
        () => parsePqlBook(text),
        (error: unknown) => error instanceof PqlBookFormatError && message.test(error.message),
      );
    });
  }
});
