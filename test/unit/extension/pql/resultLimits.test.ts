import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ResultBudget } from '../../../../src/extension/pql/resultBudget';
import { writeRowsFile } from '../../../../src/extension/export/rowsFile';
import { toCsv } from '../../../../src/extension/export/csv';

async function* batchesOf<T>(batches: T[][]): AsyncGenerator<T[]> {
  for (const batch of batches) yield batch;
}

describe('ResultBudget', () => {
  test('stops at the row limit, across batches, keeping the rows that fit', () => {
    const budget = new ResultBudget({ maxRows: 5, maxBytes: Infinity });
    assert.deepEqual(budget.take([1, 2, 3]), { rows: [1, 2, 3] });
    assert.deepEqual(budget.take([4, 5, 6, 7]), {
      rows: [4, 5],
      truncated: { rows: 5, limit: 'rows' },
    });
  });

  test('a result of exactly the limit is not truncated', () => {
    const budget = new ResultBudget({ maxRows: 3, maxBytes: Infinity });
    assert.deepEqual(budget.take([1, 2, 3]), { rows: [1, 2, 3] });
  });

  test('stops at the byte limit (JSON length of the rows)', () => {
    const row = { value: 'x'.repeat(90) }; // 103 characters of JSON
    const budget = new ResultBudget({ maxRows: 1000, maxBytes: 350 });
    const { rows, truncated } = budget.take([row, row, row, row, row]);
    assert.equal(rows.length, 3);
    assert.deepEqual(truncated, { rows: 3, limit: 'bytes' });
  });

  test('the first row is held whatever its size; rows held before count (Load more)', () => {
    const budget = new ResultBudget({ maxRows: 10, maxBytes: 10 }, 0);
    assert.equal(budget.take([{ big: 'y'.repeat(100) }]).rows.length, 1);
    const paged = new ResultBudget({ maxRows: 10, maxBytes: Infinity }, 9);
    assert.deepEqual(paged.take([1, 2]), { rows: [1], truncated: { rows: 10, limit: 'rows' } });
  });
});

describe('writeRowsFile', () => {
  const rows = [
    { certname: 'a', n: 1 },
    { certname: '=cmd', n: 2 },
    { certname: 'c', n: 3, extra: true },
  ];

  test('streams CSV a batch at a time, the same text as the whole export', async () => {
    let text = '';
    const writes: string[] = [];
    const result = await writeRowsFile(
      batchesOf([rows.slice(0, 2), [], rows.slice(2)]),
      'csv',
      async (part) => {
        writes.push(part);
        text += part;
      },
    );
    assert.equal(result.rows, 3);
    assert.equal(writes.length, 2, 'one write per non-empty batch');
    assert.equal(text, toCsv(rows.map(({ certname, n }) => ({ certname, n }))));
    assert.deepEqual(result.unlistedFields, ['extra']);
  });

  test('streams valid JSON, one row per line', async () => {
    let text = '';
    const result = await writeRowsFile(
      batchesOf([rows.slice(0, 1), rows.slice(1)]),
      'json',
      async (part) => {
        text += part;
      },
    );
    assert.equal(result.rows, 3);
    assert.deepEqual(JSON.parse(text), rows);
    assert.deepEqual(
      text
        .split('\n')
        .slice(1, 4)
        .map((line) => JSON.parse(line.replace(/,$/, ''))),
      rows,
    );
  });

  test('an empty result is an empty array / a header-only CSV', async () => {
    let json = '';
    await writeRowsFile(batchesOf([]), 'json', async (part) => void (json += part));
    assert.deepEqual(JSON.parse(json), []);
    let csv = '';
    await writeRowsFile(batchesOf([[]]), 'csv', async (part) => void (csv += part));
    assert.equal(csv, toCsv([]));
  });
});
