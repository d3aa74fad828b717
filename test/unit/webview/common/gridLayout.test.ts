/** The grid's column layout and what it copies and finds, without a DOM (src/webview/common/grid). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  columnTracks,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  restoreLayout,
  toggleHidden,
  visibleColumns,
  withWidth,
} from '../../../../src/webview/common/grid/gridLayout';
import {
  findByPrefix,
  FindBuffer,
  FIND_PAUSE_MS,
  toTsv,
} from '../../../../src/webview/common/grid/gridText';

const columns = [
  { key: 'certname', width: 220, grow: 1.4, hideable: false },
  { key: 'os', width: 130, grow: 1 },
  { key: 'ip', width: 120 },
];

describe('grid layout', () => {
  test('tracks: fixed widths, growing columns as minmax, the least total width', () => {
    assert.deepEqual(columnTracks(columns, { widths: {}, hidden: [] }), {
      template: 'minmax(220px, 1.4fr) minmax(130px, 1fr) 120px',
      minWidth: 470,
    });
    // a width the user set is fixed; a hidden column has no track
    assert.deepEqual(columnTracks(columns, { widths: { os: 300 }, hidden: ['ip'] }), {
      template: 'minmax(220px, 1.4fr) 300px',
      minWidth: 520,
    });
  });

  test('a kept layout is checked: widths in bounds, names only; what must show shows', () => {
    const kept = restoreLayout({
      widths: { os: 5, ip: 1e9, later: 100, certname: 'wide' },
      hidden: ['certname', 'ip', 7, 'ip'],
    });
    // a column the grid does not have yet (results' columns come with the rows) is kept
    assert.deepEqual(kept, {
      widths: { os: MIN_COLUMN_WIDTH, ip: MAX_COLUMN_WIDTH, later: 100 },
      hidden: ['certname', 'ip'],
    });
    assert.deepEqual(
      visibleColumns(columns, kept).map((column) => column.key),
      ['certname', 'os'],
    );
    for (const saved of [undefined, null, 'x', 3, { widths: null, hidden: 'ip' }]) {
      assert.deepEqual(restoreLayout(saved), { widths: {}, hidden: [] });
    }
    const two = [
      { key: 'a', width: 10 },
      { key: 'b', width: 10 },
    ];
    assert.deepEqual(
      visibleColumns(two, restoreLayout({ hidden: ['a', 'b'] })).map((column) => column.key),
      ['a'],
    );
  });

  test('hiding: not the column that must show, nor the last one shown; showing again', () => {
    const none = { widths: {}, hidden: [] };
    assert.equal(toggleHidden(none, columns, 'certname'), none);
    const noOs = toggleHidden(none, columns, 'os');
    assert.deepEqual(
      visibleColumns(columns, noOs).map((column) => column.key),
      ['certname', 'ip'],
    );
    assert.deepEqual(toggleHidden(noOs, columns, 'os').hidden, []);
    const two = [
      { key: 'a', width: 10 },
      { key: 'b', width: 10 },
    ];
    const onlyB = toggleHidden(none, two, 'a');
    assert.equal(toggleHidden(onlyB, two, 'b'), onlyB);
  });

  test('widths are clamped, and undefined gives the column its own again', () => {
    assert.deepEqual(withWidth({ widths: {}, hidden: [] }, 'os', 12.4).widths, {
      os: MIN_COLUMN_WIDTH,
    });
    assert.deepEqual(withWidth({ widths: { os: 90 }, hidden: [] }, 'os', undefined).widths, {});
  });
});

describe('grid text', () => {
  test('rows as tab-separated values, a header line first when asked; tabs and breaks become spaces', () => {
    assert.equal(
      toTsv(
        [
          ['web01', 'a\tb'],
          ['web02', 'line\r\nbreak'],
        ],
        ['certname', 'note'],
      ),
      'certname\tnote\nweb01\ta b\nweb02\tline break',
    );
    assert.equal(toTsv([['<script>alert(1)</script>']]), '<script>alert(1)</script>');
  });

  test('type-to-find: the next row whose text starts with the word, round to the start', () => {
    const names = ['db1', 'web01', 'web02', 'cache', 'Web03'];
    const find = (from: number, prefix: string) =>
      findByPrefix(names.length, from, prefix, (position) => names[position]);
    assert.equal(find(0, 'we'), 1);
    assert.equal(find(2, 'web'), 2);
    assert.equal(find(3, 'WEB'), 4);
    assert.equal(find(5, 'web'), 1);
    assert.equal(find(0, 'x'), -1);
    // rows that are not searched (a group's header) are passed over
    assert.equal(
      findByPrefix(3, 0, 'a', (position) => (position === 0 ? undefined : 'a')),
      1,
    );
  });

  test('a word is what is typed without a pause; a key repeated alone moves on', () => {
    const buffer = new FindBuffer();
    assert.deepEqual(buffer.type('w', 0), { prefix: 'w', next: true });
    assert.deepEqual(buffer.type('e', 100), { prefix: 'we', next: false });
    assert.ok(buffer.typing(200));
    assert.ok(!buffer.typing(100 + FIND_PAUSE_MS + 1));
    assert.deepEqual(buffer.type('d', 100 + FIND_PAUSE_MS + 1), { prefix: 'd', next: true });
    assert.deepEqual(buffer.type('d', 100 + FIND_PAUSE_MS + 2), { prefix: 'd', next: true });
  });
});
