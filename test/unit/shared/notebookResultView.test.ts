/** How a PQL notebook cell's rows are drawn (src/shared/notebook/resultView.ts). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  barChartOf,
  cellText,
  CHART_MAX_BARS,
  columnsOf,
  PIE_MAX_SLICES,
  pieChartOf,
  SERIES_MAX_BUCKETS,
  SERIES_MAX_LINES,
  seriesChartOf,
  timeColumnOf,
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

describe('PQL notebook pie chart', () => {
  test('a count by group is a pie of its shares, the largest first', () => {
    const chart = pieChartOf([
      { latest_report_status: 'changed', count: 1 },
      { latest_report_status: '<img src=x onerror=alert(1)>', count: 3 },
    ]);
    assert.deepEqual(chart, {
      measure: 'count',
      groups: ['latest_report_status'],
      total: 4,
      slices: [
        { label: '<img src=x onerror=alert(1)>', value: 3, share: 0.75 },
        { label: 'changed', value: 1, share: 0.25 },
      ],
    });
  });

  test('past the slices a pie holds, the smallest groups are one slice', () => {
    const rows = Array.from({ length: PIE_MAX_SLICES + 3 }, (_, i) => ({
      os: `os${i}`,
      count: i + 1,
    }));
    const chart = pieChartOf(rows)!;
    assert.equal(chart.slices.length, PIE_MAX_SLICES);
    const other = chart.slices.at(-1)!;
    // the four smallest: 1 + 2 + 3 + 4
    assert.deepEqual(other, { label: '4 others', value: 10, share: 10 / chart.total, others: 4 });
    assert.equal(chart.slices[0]!.label, `os${PIE_MAX_SLICES + 2}`);
  });

  test('no pie of negative numbers, of nothing, or of rows that are no aggregate', () => {
    assert.equal(
      pieChartOf([
        { c: 'a', sum: -1 },
        { c: 'b', sum: 3 },
      ]),
      undefined,
    );
    assert.equal(pieChartOf([{ c: 'a', count: 0 }]), undefined);
    assert.equal(pieChartOf([{ certname: 'a' }]), undefined);
  });
});

describe('PQL notebook time series', () => {
  const at = (hour: number, minute = 0) =>
    `2026-11-28T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:06.149Z`;

  test('rows with a time column are counted per bucket, empty buckets as zeros', () => {
    const rows = [
      { certname: 'a', producer_timestamp: at(10, 5), status: 'changed' },
      { certname: 'b', producer_timestamp: at(10, 40), status: 'failed' },
      { certname: 'c', producer_timestamp: at(13, 1), status: 'changed' },
      { certname: 'd', producer_timestamp: null, status: 'changed' },
    ];
    assert.equal(timeColumnOf(rows), 'producer_timestamp');
    const chart = seriesChartOf(rows)!;
    assert.equal(chart.time, 'producer_timestamp');
    assert.equal(chart.measure, 'rows');
    assert.equal(chart.bucket.name, 'hour');
    assert.deepEqual(chart.lines, ['rows']);
    assert.deepEqual(
      chart.points.map((point) => [new Date(point.at).toISOString(), point.values]),
      [
        ['2026-11-28T10:00:00.000Z', [2]],
        ['2026-11-28T11:00:00.000Z', [0]],
        ['2026-11-28T12:00:00.000Z', [0]],
        ['2026-11-28T13:00:00.000Z', [1]],
      ],
    );
    assert.equal(chart.skipped, 1, 'the row without a time');
  });

  test('an aggregate grouped by a time sums its number, one line per other group', () => {
    const rows = [
      { status: 'changed', receive_time: '2026-11-27T08:00:00Z', count: 2 },
      { status: 'failed', receive_time: '2026-11-27T09:00:00Z', count: 1 },
      { status: 'changed', receive_time: '2026-11-29T08:00:00+01:00', count: 5 },
    ];
    const chart = seriesChartOf(rows)!;
    assert.equal(chart.measure, 'count');
    assert.equal(chart.bucket.name, 'hour');
    assert.deepEqual(chart.lines, ['changed', 'failed']);
    assert.deepEqual(chart.points[0]!.values, [2, 0]);
    assert.deepEqual(chart.points[1]!.values, [0, 1]);
    assert.deepEqual(chart.points.at(-1)!.values, [5, 0]);
    assert.equal(new Date(chart.points.at(-1)!.at).toISOString(), '2026-11-29T07:00:00.000Z');
  });

  test('the bucket grows until the span fits; too many groups are one line', () => {
    const rows = Array.from({ length: 400 }, (_, day) => ({
      group: `g${day % (SERIES_MAX_LINES + 1)}`,
      start_time: new Date(Date.UTC(2025, 0, 1) + day * 86_400_000).toISOString(),
      count: 1,
    }));
    const chart = seriesChartOf(rows)!;
    assert.equal(chart.bucket.name, 'week');
    assert.ok(chart.points.length <= SERIES_MAX_BUCKETS);
    assert.deepEqual(chart.lines, ['count']);
    assert.equal(
      chart.points.reduce((sum, point) => sum + point.values[0]!, 0),
      400,
    );
  });

  test('no series without a time column, or with every time in one bucket', () => {
    assert.equal(timeColumnOf([{ certname: 'a' }, { certname: 'b' }]), undefined);
    assert.equal(
      timeColumnOf([{ name: '2026-11-28' }, { name: '2026-11-29' }]),
      undefined,
      'a date without a time of day is not taken for one',
    );
    assert.equal(timeColumnOf([{ t: at(1) }, { t: 'soon' }]), undefined, 'a value that is no time');
    assert.equal(seriesChartOf([{ t: at(1, 1) }, { t: at(1, 1) }]), undefined);
    assert.equal(seriesChartOf([{ t: at(1) }]), undefined);
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
