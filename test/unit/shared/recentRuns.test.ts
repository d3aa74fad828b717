import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fleetEventsQuery, eventsTitle } from '../../../src/shared/eventTableSource';
import {
  checkRestoreInfo,
  checkRestoredState,
  checkToHost,
} from '../../../src/shared/protocol/schema';
import { runsFilter } from '../../../src/shared/protocol/runsSchema';
import {
  MAX_RUNS,
  recentRunsRequest,
  runCountsQuery,
  runStatusCounts,
  windowBounds,
  windowLabel,
} from '../../../src/shared/recentRuns';

const NOW = new Date('2026-11-24T12:00:00.000Z');

describe('recent runs', () => {
  test('a relative window ends when asked; a custom one is as typed', () => {
    assert.deepEqual(windowBounds({ last: '1h' }, NOW), {
      since: '2026-11-24T11:00:00.000Z',
      until: '2026-11-24T12:00:00.000Z',
    });
    assert.deepEqual(windowBounds({ last: '7d' }, NOW).since, '2026-11-17T12:00:00.000Z');
    assert.deepEqual(windowBounds({ since: '2026-11-01T00:00:00.000Z' }, NOW), {
      since: '2026-11-01T00:00:00.000Z',
    });
    assert.equal(windowLabel({ last: '24h' }), 'last 24 hours');
    assert.equal(
      windowLabel({ since: '2026-11-01T00:00:00.000Z', until: '2026-11-02T06:30:00.000Z' }),
      '2026-11-01 00:00 – 2026-11-02 06:30',
    );
  });

  test('the rows ask for the summary fields of the window, status and environment, newest first', () => {
    const bounds = windowBounds({ last: '24h' }, NOW);
    const request = recentRunsRequest(
      { window: { last: '24h' }, status: 'failed', environment: 'production' },
      bounds,
    );
    const [extract, fields, condition] = request.query as [string, string[], unknown[]];
    assert.equal(extract, 'extract');
    assert.ok(!fields.includes('logs') && !fields.includes('metrics'));
    assert.ok(!fields.includes('resource_events'));
    assert.deepEqual(condition, [
      'and',
      ['>=', 'end_time', bounds.since],
      ['<', 'end_time', bounds.until],
      ['=', 'status', 'failed'],
      ['=', 'environment', 'production'],
    ]);
    assert.deepEqual(request.orderBy[0], { field: 'end_time', order: 'desc' });
    assert.equal(request.limit, MAX_RUNS + 1);
    // the counts leave the status out: every status of the window is counted
    const counts = runCountsQuery({ window: { last: '24h' }, status: 'failed' }, bounds);
    assert.deepEqual(counts.at(2), [
      'and',
      ['>=', 'end_time', bounds.since],
      ['<', 'end_time', bounds.until],
    ]);
    assert.deepEqual(
      runStatusCounts([
        { status: 'failed', count: 3 },
        { status: 'unchanged', count: 7 },
        { status: null, count: 2 },
      ]),
      { failed: 3, changed: 0, unchanged: 7 },
    );
  });

  test('what a webview may ask: known windows, ISO times, known statuses, nothing else', () => {
    assert.equal(runsFilter({ window: { last: '24h' } }), undefined);
    assert.equal(
      runsFilter({
        window: { since: '2026-11-01', until: '2026-11-02T00:00Z' },
        status: 'changed',
      }),
      undefined,
    );
    for (const bad of [
      { window: { last: '2d' } },
      { window: { since: 'yesterday' } },
      { window: { last: '24h', since: '2026-11-01' } },
      { window: { last: '24h' }, status: 'noop' },
      { window: { last: '24h' }, environment: 7 },
      { window: { last: '24h' }, order: 'asc' },
    ]) {
      assert.ok(runsFilter(bad), JSON.stringify(bad));
    }
    assert.equal(checkToHost('runs', { type: 'openReport', reportHash: 'abc' }), undefined);
    assert.ok(checkToHost('runs', { type: 'openReport', reportHash: 7 }));
    assert.ok(checkToHost('runs', { type: 'runQuery', query: 'nodes{}' }));
  });
});

describe('a runs panel restored after a window reload', () => {
  const restore = { entry: 'runs', connectionId: 'c', filter: { window: { last: '7d' } } };
  const panelId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
  const content = {
    title: 'Runs · c · last 7 days',
    filter: { window: { last: '7d' } },
    bounds: { since: '2026-11-17T12:00:00.000Z', until: '2026-11-24T12:00:00.000Z' },
    rows: [{ hash: 'h', certname: '<img src=x onerror=alert(1)>' }],
    counts: { failed: 1, changed: 0, unchanged: 0 },
    environments: ['production'],
  };

  test("gets back what it showed from its webview's state, and its filter from the host's record", () => {
    const state = checkRestoredState('runs', {
      panelId,
      kept: { savedAt: '2026-11-24T12:00:00.000Z', content },
    });
    assert.equal(state.problem, undefined);
    assert.equal(state.panelId, panelId);
    assert.deepEqual(state.kept?.content?.rows, content.rows);
    assert.equal(checkRestoreInfo('runs', restore), undefined);
  });

  test('a record or a kept content the host must not use is dropped', () => {
    assert.ok(
      checkRestoreInfo('runs', {
        ...restore,
        filter: { window: { last: '7d' }, query: 'nodes{}' },
      }),
    );
    const badBounds = checkRestoredState('runs', {
      panelId,
      kept: { savedAt: 'x', content: { ...content, bounds: { since: 7 } } },
    });
    assert.equal(badBounds.panelId, panelId);
    assert.equal(badBounds.kept, undefined);
  });
});

describe('fleet events in a window', () => {
  test('every status of a window, or its failures', () => {
    const window = { since: '2026-11-24T11:00:00.000Z', until: '2026-11-24T12:00:00.000Z' };
    assert.deepEqual(fleetEventsQuery(window), [
      'and',
      ['>=', 'timestamp', window.since],
      ['<', 'timestamp', window.until],
    ]);
    assert.deepEqual(fleetEventsQuery({ ...window, status: 'failure' }).slice(0, 2), [
      'and',
      ['=', 'status', 'failure'],
    ]);
    assert.equal(
      eventsTitle({ fleet: { ...window, status: 'failure' } }),
      'Events · fleet · failure 2026-11-24 11:00 – 2026-11-24 12:00',
    );
    assert.equal(
      eventsTitle({ fleet: window }),
      'Events · fleet · all 2026-11-24 11:00 – 2026-11-24 12:00',
    );
  });
});
