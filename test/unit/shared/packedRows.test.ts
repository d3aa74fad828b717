import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { packRows, unpackRows } from '../../../src/shared/packedRows';

describe('packed rows', () => {
  test('rows come back as they went, value for value, whatever the values', () => {
    const rows = Array.from({ length: 12 }, (_, i) => [
      `node${i}.example.com`,
      i % 3 === 0 ? null : 'Debian',
      i % 2 ? { major: '12', minor: String(i % 2) } : ['a', i % 2],
      i % 4 === 0 ? 1 : '1',
      i % 5 === 0,
      '<img src=x onerror=alert(1)>',
    ]);
    assert.deepEqual(unpackRows(packRows(rows, 6)), rows);
  });

  test('a column whose values repeat travels as its distinct values and indexes; a unique one as its values', () => {
    const rows = Array.from({ length: 10 }, (_, i) => [`node${i}`, i < 7 ? 'Debian' : 'RedHat']);
    const packed = packRows(rows, 2);
    assert.deepEqual(packed.columns[0], { values: rows.map((row) => row[0]) });
    assert.deepEqual(packed.columns[1], {
      distinct: ['Debian', 'RedHat'],
      indexes: [0, 0, 0, 0, 0, 0, 0, 1, 1, 1],
    });
  });

  test('values equal as JSON share an index; 1 and "1", null and a missing cell stay apart where they differ', () => {
    const rows = [[{ a: 1 }], [{ a: 1 }], [1], ['1'], [null], []];
    const packed = packRows([...rows, ...rows], 1);
    assert.deepEqual(packed.columns[0], {
      distinct: [{ a: 1 }, 1, '1', null],
      indexes: [0, 0, 1, 2, 3, 3, 0, 0, 1, 2, 3, 3],
    });
    assert.deepEqual(
      unpackRows(packed),
      [...rows, ...rows].map((row) => [row[0] ?? null]),
    );
  });

  test('no rows', () => {
    assert.deepEqual(unpackRows(packRows([], 3)), []);
  });
});
