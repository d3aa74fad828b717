import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CHART_TOP_VALUES,
  chartOf,
  factValueText,
  formatFactPath,
  isFactPath,
  isFactValue,
  parseFactPath,
} from '../../../src/shared/factExplorer';
import { checkToHost } from '../../../src/shared/protocol/schema';

describe('fact paths', () => {
  it('are written dotted, odd segments quoted, indexes bare, and read back', () => {
    for (const [path, text] of [
      [['os', 'release', 'major'], 'os.release.major'],
      [['os.family'], '"os.family"'],
      [['processors', 'models', 0], 'processors.models.0'],
      [['disks', 'sda', 'size bytes'], 'disks.sda."size bytes"'],
      [['a"b\\c'], '"a\\"b\\\\c"'],
    ] as const) {
      assert.equal(formatFactPath(path), text);
      assert.deepEqual(parseFactPath(text), path);
    }
  });
  it('text that is not a path reads as none', () => {
    for (const text of ['', 'os.', '.os', 'os..major', '"open', '"a"b']) {
      assert.equal(parseFactPath(text), undefined, text);
    }
  });
  it('checks what a webview or a command may pass', () => {
    assert.ok(isFactPath(['os', 0]));
    assert.ok(!isFactPath([]) && !isFactPath(['os', -1]) && !isFactPath([{}]) && !isFactPath('os'));
    assert.ok(isFactValue('x') && isFactValue(1.5) && isFactValue(false) && isFactValue(null));
    assert.ok(!isFactValue({}) && !isFactValue([]) && !isFactValue(Number.NaN));
    assert.equal(checkToHost('factExplorer', { type: 'openNodes', value: '12' }), undefined);
    assert.ok(checkToHost('factExplorer', { type: 'openNodes', value: { a: 1 } }));
    assert.ok(checkToHost('factExplorer', { type: 'openNodes', value: 'x', extra: 1 }));
  });
  it('values read as text, non-strings as JSON (12 is not "12")', () => {
    assert.equal(factValueText('12'), '12');
    assert.equal(factValueText(12), '12');
    assert.equal(factValueText(true), 'true');
    assert.equal(factValueText(null), 'null');
  });
});

describe('the distribution chart', () => {
  const values = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ value: `v${index}`, nodes: count - index }));
  const total = (count: number) => values(count).reduce((sum, row) => sum + row.nodes, 0);
  it('a handful of values is a pie of every value', () => {
    const chart = chartOf({ values: values(6), distinct: 6, nodes: total(6) });
    assert.equal(chart.kind, 'pie');
    assert.equal(chart.slices.length, 6);
  });
  it('more values are bars of the top ones and one "other" holding the rest', () => {
    const chart = chartOf({ values: values(40), distinct: 40, nodes: total(40) });
    assert.equal(chart.kind, 'bar');
    assert.equal(chart.slices.length, CHART_TOP_VALUES + 1);
    const other = chart.slices.at(-1)!;
    assert.deepEqual(other, {
      kind: 'other',
      values: 40 - CHART_TOP_VALUES,
      nodes:
        total(40) -
        values(40)
          .slice(0, CHART_TOP_VALUES)
          .reduce((s, r) => s + r.nodes, 0),
    });
    assert.equal(
      chart.slices.reduce((sum, slice) => sum + slice.nodes, 0),
      total(40),
    );
  });
});
