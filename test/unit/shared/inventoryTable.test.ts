import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  columnOfFactPath,
  inventoryRecords,
  inventoryView,
  isInventoryColumn,
} from '../../../src/shared/inventoryTable';

const rows = [
  ['web10.example.com', '10.0.0.10', 8],
  ['web2.example.com', '10.0.0.2', 16],
  ['db1.example.com', null, 4],
  ['cache1.example.com', '<script>alert(1)</script>', 2],
];

describe('inventory table', () => {
  test('sorts text naturally (web2 before web10), numbers by value, empty cells last', () => {
    const byName = inventoryView(rows, '', { column: 0, descending: false }).map((row) => row[0]);
    assert.deepEqual(byName, [
      'cache1.example.com',
      'db1.example.com',
      'web2.example.com',
      'web10.example.com',
    ]);
    const byMemory = inventoryView(rows, '', { column: 2, descending: true }).map((row) => row[2]);
    assert.deepEqual(byMemory, [16, 8, 4, 2]);
    const byIp = inventoryView(rows, '', { column: 1, descending: true }).map((row) => row[1]);
    assert.equal(byIp.at(-1), null, 'empty last, also descending');
  });

  test('the filter wants every word somewhere in the row, case-insensitively', () => {
    assert.deepEqual(
      inventoryView(rows, 'WEB 10.0.0.2', undefined).map((row) => row[0]),
      ['web2.example.com'],
    );
    assert.equal(inventoryView(rows, '<script>', undefined).length, 1);
    assert.equal(inventoryView(rows, '  ', undefined).length, rows.length);
  });

  test('columns: fact paths the extract can name, and records for export', () => {
    assert.equal(columnOfFactPath(['os', 'release', 'full']), 'facts.os.release.full');
    assert.equal(columnOfFactPath(['mountpoints', '/boot']), undefined);
    assert.equal(columnOfFactPath(['processors', 'models', 0]), undefined);
    assert.ok(isInventoryColumn('facts.os.name'));
    assert.ok(isInventoryColumn('trusted.extensions.pp_role'));
    assert.ok(!isInventoryColumn('facts'));
    assert.ok(!isInventoryColumn('facts.os."name"'));
    assert.ok(!isInventoryColumn('certname; drop'));
    assert.deepEqual(inventoryRecords(['certname', 'facts.os.name'], [['a', 'Debian']]), [
      { certname: 'a', 'facts.os.name': 'Debian' },
    ]);
  });
});
