/** How a PQL notebook cell's rows are drawn (src/shared/notebook/resultView.ts). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  barChartOf,
  cellText,
  CHART_MAX_BARS,
  columnsOf,
} from '../../../src/shared/notebook/resultView';
import { checkRendererMessage } from '../../../src/shared/notebook/rendererMessages';

describe('PQL notebook result view', () => {
  test('columns in the order first seen; cells as text, strings as they are', () => {
    const rows = [{ certname: 'a', facts: { os: 'x' } }, { certname: '<b>', extra: 1 }, 3];
    assert.deepEqual(columnsOf(rows), ['certname', 'facts', 'extra', 'value']);
    assert.equal(cellText(rows[0], 'facts'), '{"os":"x"}');
    assert.equal(cellText(rows[1], 'certname'), '<b>');
    assert.equal(cellText(rows[0], 'extra'), '');
    assert.equal(cellText(rows[2], 'value'), '3');
  });

  test('a count() with group by is a bar chart, in the rows’ order', () => {
    const chart = barChartOf([
      { latest_report_status: 'failed', environment: 'production', count: 8 },
      { latest_report_status: 'changed', environment: 'production', count: 3 },
    ]);
    assert.deepEqual(chart, {
      measure: 'count',
      groups: ['latest_report_status', 'environment'],
      bars: [
        { label: 'failed · production', value: 8 },
        { label: 'changed · production', value: 3 },
      ],
    });
  });

  test('rows that are not an aggregate have no chart', () => {
    assert.equal(barChartOf([]), undefined);
    assert.equal(barChartOf([{ certname: 'a' }]), undefined, 'no number');
    assert.equal(barChartOf([{ count: 3 }]), undefined, 'no group');
    assert.equal(barChartOf([{ a: 1, b: 2, c: 'x' }]), undefined, 'two numbers');
    assert.equal(
      barChartOf([
        { c: 'x', count: 1 },
        { c: 'y', count: '2' },
      ]),
      undefined,
    );
    const many = Array.from({ length: CHART_MAX_BARS + 1 }, (_, i) => ({ c: `${i}`, count: i }));
    assert.equal(barChartOf(many), undefined, 'too many bars to read');
  });
});

describe("PQL notebook renderer's messages", () => {
  test('only an openNode naming an output and a certname passes', () => {
    assert.equal(
      checkRendererMessage({ type: 'openNode', outputKey: 'k', certname: 'a' }),
      undefined,
    );
    for (const message of [
      { type: 'openNode', outputKey: 'k', certname: 'a', connectionId: 'other' },
      { type: 'openNode', certname: 'a' },
      { type: 'openNode', outputKey: 'k', certname: 3 },
      { type: 'runQuery', query: 'nodes {}' },
      'openNode',
    ]) {
      assert.ok(checkRendererMessage(message), JSON.stringify(message));
    }
  });
});
