/**
 * A cell's rows packed for the notebook renderer (src/shared/notebook/cellRows.ts): any rows a
 * query can answer come back as they went, through JSON as VS Code carries them (fast-check), a
 * `__proto__` key stays a key, and PuppetDB's repetitive rows pack smaller than they are.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  type PackedCellRows,
  packCellRows,
  CellRowsPacker,
  unpackCellRows,
} from '../../../src/shared/notebook/cellRows';
import { assertProperty, trickyText } from '../properties/support/property';

const throughJson = (rows: unknown[]) =>
  unpackCellRows(JSON.parse(JSON.stringify(packCellRows(rows))) as ReturnType<typeof packCellRows>);

describe('packed rows', () => {
  test('any rows come back as they went, keys absent where they were', (t) => {
    const key = fc.constantFrom('certname', 'name', 'value', 'title', 'a', '', '__proto__');
    const value = fc.jsonValue().map((each) => JSON.parse(JSON.stringify(each)) as unknown);
    const row = fc.oneof(
      { weight: 5, arbitrary: fc.dictionary(fc.oneof(key, trickyText({ maxLength: 6 })), value) },
      { weight: 1, arbitrary: value },
    );
    assertProperty(
      t,
      fc.property(fc.array(fc.array(row, { maxLength: 10 }), { maxLength: 4 }), (batches) => {
        const rows = JSON.parse(JSON.stringify(batches.flat())) as unknown[];
        assert.deepEqual(throughJson(rows), rows);
        // packed a batch at a time, as a run's rows arrive
        const packer = new CellRowsPacker();
        for (const batch of batches) packer.add(JSON.parse(JSON.stringify(batch)) as unknown[]);
        assert.deepEqual(unpackCellRows(JSON.parse(packer.json()) as PackedCellRows), rows);
      }),
    );
  });

  test('a __proto__ key is the row’s own key, not its prototype', () => {
    const rows = JSON.parse('[{"__proto__": {"polluted": true}, "certname": "a"}]') as unknown[];
    const [row] = throughJson(rows) as Array<Record<string, unknown>>;
    assert.equal(Object.getPrototypeOf(row), Object.prototype);
    assert.deepEqual(Object.keys(row!), ['__proto__', 'certname']);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('rows in another key order, missing keys and nulls keep their values', () => {
    const rows = [
      { certname: 'a', value: null },
      { value: 2, certname: 'b' },
      { name: 'only' },
      'a string row',
    ];
    assert.deepEqual(throughJson(rows), rows);
  });

  test("facts' rows pack to less than half their JSON", () => {
    const rows = Array.from({ length: 2_000 }, (_, index) => ({
      certname: `node-${Math.floor(index / 100)}.example.com`,
      name: `fact_${index % 100}`,
      value: index % 3 === 0 ? { nested: [index] } : `value ${index % 7}`,
    }));
    const packed = JSON.stringify(packCellRows(rows)).length;
    const plain = JSON.stringify(rows).length;
    assert.ok(packed < plain / 2, `${packed} bytes packed against ${plain}`);
  });

  test('a packing without its parts is refused', () => {
    assert.throws(
      () => unpackCellRows({} as ReturnType<typeof packCellRows>),
      /packed rows without/,
    );
  });
});
