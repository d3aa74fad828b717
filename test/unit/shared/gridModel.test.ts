/** Every grid's sort and filter (src/shared/gridSort.ts, gridModel.ts), without a DOM. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GridModel, type GridModelColumn } from '../../../src/shared/gridModel';
import {
  columnOrder,
  compareSortKeys,
  nextSort,
  sortedRows,
  valueSortKey,
  type SortKey,
} from '../../../src/shared/gridSort';

type Row = Record<string, unknown>;

const column = (key: string, textOrder?: 'text' | 'natural'): GridModelColumn<Row> => ({
  key,
  sortKey: (row) => valueSortKey(row[key], textOrder),
  textOrder,
});

const rows: Row[] = [
  { name: 'web10', size: 8, up: true, note: 'B' },
  { name: 'web2', size: 16, up: false, note: null },
  { name: 'db1', size: 8, up: true, note: 'a' },
  { name: 'Cache1', size: null, up: true, note: 'c' },
  { name: 'web2', size: '12 GB', up: false, note: '' },
];

function model(columns = [column('name'), column('size'), column('up'), column('note')]) {
  const grid = new GridModel<Row>(columns, (row) => Object.values(row).join('\n'));
  grid.replace(rows);
  return grid;
}

const names = (grid: GridModel<Row>, order: Int32Array) =>
  [...order].map((index) => `${String(grid.row(index).name)}#${index}`);

describe('grid sort', () => {
  test('type-aware keys: numbers by value before texts, texts without case, empty last', () => {
    assert.equal(valueSortKey(3), 3);
    assert.equal(valueSortKey(true), 1);
    assert.equal(valueSortKey('Web'), 'web');
    assert.equal(valueSortKey('Web', 'natural'), 'Web');
    assert.equal(valueSortKey({ a: 1 }), '{"a":1}');
    for (const empty of [null, undefined, '', Number.NaN]) {
      assert.equal(valueSortKey(empty), undefined);
    }
    const keys: SortKey[] = ['b', undefined, 10, 'A', 9];
    assert.deepEqual(
      [...keys].sort((a, b) => compareSortKeys(a, b)),
      [9, 10, 'A', 'b', undefined],
    );
    assert.ok(compareSortKeys('web2', 'web10', 'natural') < 0);
    assert.ok(compareSortKeys('web2', 'web10', 'text') > 0);
  });

  test('ascending and descending are stable (ties keep arrival order) and keep empty cells last', () => {
    const grid = model();
    const ascending = grid.view({ sort: { column: 'size', direction: 'asc' } });
    // 8 (rows 0 and 2, in arrival order), 16, then the text '12 gb', then the empty size
    assert.deepEqual([...ascending], [0, 2, 1, 4, 3]);
    const descending = grid.view({ sort: { column: 'size', direction: 'desc' } });
    assert.deepEqual([...descending], [4, 1, 0, 2, 3]);
    const byNote = grid.view({ sort: { column: 'note', direction: 'desc' } });
    // null and '' are both empty: last, in arrival order, whichever the direction
    assert.deepEqual([...byNote], [3, 0, 2, 1, 4]);
  });

  test('text compares without case by code unit; natural reads numbers as numbers', () => {
    const text = model().view({ sort: { column: 'name', direction: 'asc' } });
    assert.deepEqual(names(model(), text), ['Cache1#3', 'db1#2', 'web10#0', 'web2#1', 'web2#4']);
    const natural = model([column('name', 'natural')]);
    assert.deepEqual(names(natural, natural.view({ sort: { column: 'name', direction: 'asc' } })), [
      'Cache1#3',
      'db1#2',
      'web2#1',
      'web2#4',
      'web10#0',
    ]);
  });

  test('a column the model does not know leaves arrival order', () => {
    assert.deepEqual(
      [...model().view({ sort: { column: 'nope', direction: 'asc' } })],
      [0, 1, 2, 3, 4],
    );
  });

  test('the header cycle: ascending, descending, arrival order; another column starts ascending', () => {
    assert.deepEqual(nextSort(undefined, 'a'), { column: 'a', direction: 'asc' });
    assert.deepEqual(nextSort({ column: 'a', direction: 'asc' }, 'a'), {
      column: 'a',
      direction: 'desc',
    });
    assert.equal(nextSort({ column: 'a', direction: 'desc' }, 'a'), undefined);
    assert.deepEqual(nextSort({ column: 'a', direction: 'desc' }, 'b'), {
      column: 'b',
      direction: 'asc',
    });
  });

  test('sortedRows keeps only what the filter passed, in the column order', () => {
    const order = columnOrder(6, (row) => [3, 1, 2, 1, undefined, 3][row]);
    const pass = Uint8Array.from([1, 1, 0, 1, 1, 0]);
    assert.deepEqual([...sortedRows(order, 'asc', pass, 4)], [1, 3, 0, 4]);
    assert.deepEqual([...sortedRows(order, 'desc', pass, 4)], [0, 1, 3, 4]);
  });
});

describe('grid filter', () => {
  test('every word somewhere in the row, case-insensitively; blanks filter nothing', () => {
    const grid = model();
    assert.deepEqual([...grid.view({ filter: 'WEB 16' })], [1]);
    assert.deepEqual([...grid.view({ filter: 'web' })], [0, 1, 4]);
    assert.deepEqual([...grid.view({ filter: '   ' })], [0, 1, 2, 3, 4]);
    assert.deepEqual([...grid.view({ filter: 'nothing-like-it' })], []);
  });

  test('a filter, a condition of the page and a sort together', () => {
    const grid = model();
    const view = grid.view({
      filter: 'web',
      include: (row) => row.up === false,
      sort: { column: 'size', direction: 'desc' },
    });
    assert.deepEqual([...view], [4, 1]);
  });

  test('rows appended later are filtered and sorted with the others', () => {
    const grid = model();
    assert.deepEqual([...grid.view({ filter: 'web' })], [0, 1, 4]);
    grid.append([{ name: 'web3', size: 1, up: true, note: 'z' }]);
    assert.deepEqual([...grid.view({ filter: 'web' })], [0, 1, 4, 5]);
    assert.deepEqual(
      [...grid.view({ sort: { column: 'size', direction: 'asc' } })],
      [5, 0, 2, 1, 4, 3],
    );
  });

  test('100,000 rows: a filter and a sort agree with a plain filter and a stable sort', () => {
    const many: Row[] = Array.from({ length: 100_000 }, (_, index) => ({
      name: `node-${(index * 7919) % 100_000}`,
      size: index % 3 === 0 ? null : (index * 31) % 997,
    }));
    const grid = new GridModel<Row>([column('name'), column('size')], (row) => String(row.name));
    grid.replace(many);
    const view = grid.view({ filter: 'node-12', sort: { column: 'size', direction: 'desc' } });
    const expected = many
      .map((row, index) => ({ row, index }))
      .filter(({ row }) => String(row.name).includes('node-12'))
      .sort((a, b) => {
        const empty = Number(a.row.size === null) - Number(b.row.size === null);
        if (empty !== 0) return empty;
        return (b.row.size as number) - (a.row.size as number) || a.index - b.index;
      })
      .map(({ index }) => index);
    assert.deepEqual([...view], expected);
  });
});
