/**
 * CSV exports (csv.ts, and rowsFile.ts, which writes them a batch at a time) read back with a
 * maintained CSV parser (csv-parse): every cell of any rows comes back as written, except that a
 * text a spreadsheet would run as a formula (csv.ts: a leading =, +, -, @, tab or carriage return,
 * unless it is a plain number) comes back behind an apostrophe, and only such a text does.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { columnsOf, toCsv } from '../../../src/extension/export/csv';
import { writeRowsFile } from '../../../src/extension/export/rowsFile';
import { assertAsyncProperty, assertProperty, trickyText } from './support/property';

function isRecord(row: unknown): row is Record<string, unknown> {
  return typeof row === 'object' && row !== null && !Array.isArray(row);
}

/** A cell's text, likely to start with what a spreadsheet reads as a formula. */
const cellText = fc.oneof(
  trickyText({ maxLength: 10 }),
  fc
    .tuple(
      fc.constantFrom('=', '+', '-', '@', '\t', '\r', ' ', "'", '1'),
      trickyText({ maxLength: 8 }),
    )
    .map(([first, rest]) => first + rest),
  fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })).map(String),
);
const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', maxDepth: 2 },
    cellText,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(cellText, tie('json'), { maxKeys: 3 }),
  ),
}));
/** Field names of PuppetDB rows (a fact's name can be anything), with JavaScript's own among them. */
const key = fc.oneof(cellText, fc.constantFrom('__proto__', 'constructor', 'toString', 'value'));
/**
 * Rows as a query answers them (decoded by JSON.parse, so a "__proto__" field is a field), with
 * fields missing from some rows; or a list of plain values.
 */
const rows = fc.oneof(
  fc
    .array(fc.dictionary(key, json, { maxKeys: 5 }), { maxLength: 6 })
    .map((list) => JSON.parse(JSON.stringify(list)) as unknown[]),
  fc
    .array(
      json.filter((value) => !isRecord(value)),
      { maxLength: 6 },
    )
    .map((list) => JSON.parse(JSON.stringify(list)) as unknown[]),
);

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** A text cell as read back: the text, or the text behind an apostrophe where it would run. */
function assertNeutralised(read: string, written: string): void {
  if (read === written) {
    assert.ok(
      !FORMULA_START.test(read) || PLAIN_NUMBER.test(read),
      `a formula came back as it was: ${JSON.stringify(read)}`,
    );
  } else {
    assert.equal(read, `'${written}`, 'the cell came back changed');
    assert.ok(FORMULA_START.test(written), `an apostrophe before ${JSON.stringify(written)}`);
  }
}

/** What a cell of `value` reads back as (text is checked by assertNeutralised instead). */
function assertCell(read: string, value: unknown): void {
  if (typeof value === 'string') assertNeutralised(read, value);
  else if (value === null || value === undefined) assert.equal(read, '');
  else if (typeof value === 'number' || typeof value === 'boolean') {
    assert.equal(read, String(value));
  } else assert.deepStrictEqual(JSON.parse(read), value);
}

/** The fields of `row` under `columns`; a field the row lacks is empty, whatever its name. */
function fieldsOf(row: unknown, columns: string[]): unknown[] {
  if (!isRecord(row)) return [row];
  return columns.map((column) => (Object.hasOwn(row, column) ? row[column] : undefined));
}

function assertReadsBack(csv: string, rowsWritten: unknown[], columns: string[]): void {
  const read = parse(csv, { bom: false, relax_quotes: false }) as string[][];
  assert.equal(read.length, rowsWritten.length + 1, 'one line per row, after the header');
  assert.equal(read[0]!.length, columns.length);
  read[0]!.forEach((cell, index) => assertNeutralised(cell, columns[index]!));
  rowsWritten.forEach((row, index) => {
    const cells = read[index + 1]!;
    const fields = fieldsOf(row, columns);
    assert.equal(cells.length, fields.length, `row ${index}: ${cells.length} cells`);
    fields.forEach((field, column) => assertCell(cells[column]!, field));
  });
}

/** The columns a CSV of `rows` has: every field, in order of first appearance; else "value". */
function expectedColumns(list: unknown[]): string[] {
  const columns: string[] = [];
  for (const row of list) {
    if (isRecord(row)) {
      for (const name of Object.keys(row)) if (!columns.includes(name)) columns.push(name);
    }
  }
  return columns.length > 0 ? columns : ['value'];
}

describe('CSV read back with csv-parse gives every cell, formulas neutralised', () => {
  test('toCsv: any rows, any cells', (t) => {
    assertProperty(
      t,
      fc.property(rows, (list) => {
        const columns = expectedColumns(list);
        assert.deepStrictEqual(columnsOf(list), columns);
        assertReadsBack(toCsv(list), list, columns);
      }),
    );
  });

  test('writeRowsFile: the same rows in any batches, as CSV and as JSON', async (t) => {
    await assertAsyncProperty(
      t,
      fc.asyncProperty(rows, fc.array(fc.nat(), { maxLength: 4 }), async (list, cuts) => {
        const at = [
          0,
          ...cuts.map((cut) => cut % (list.length + 1)).sort((a, b) => a - b),
          list.length,
        ];
        const batches = at.slice(1).map((end, index) => list.slice(at[index], end));
        async function* source() {
          yield* batches;
        }
        let csv = '';
        const result = await writeRowsFile(source(), 'csv', async (text) => {
          csv += text;
        });
        // a streamed CSV takes its columns from the first rows; later fields are listed as left out
        const firstBatch = batches.find((batch) => batch.length > 0) ?? [];
        const columns = expectedColumns(firstBatch);
        assertReadsBack(csv, list, columns);
        const unlisted = new Set(
          list
            .flatMap((row) => (isRecord(row) ? Object.keys(row) : []))
            .filter((name) => !columns.includes(name)),
        );
        assert.deepStrictEqual(new Set(result.unlistedFields), unlisted);
        assert.equal(result.rows, list.length);

        let json = '';
        await writeRowsFile(source(), 'json', async (text) => {
          json += text;
        });
        assert.deepStrictEqual(JSON.parse(json), list);
      }),
    );
  });
});
