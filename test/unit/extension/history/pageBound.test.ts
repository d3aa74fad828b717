import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { boundAfter, summaryPageQuery } from '../../../../src/extension/history/historyQueries';
import { run } from '../../shared/history/runs';

describe("the bound of a node's next page of runs", () => {
  test('names each run at the oldest end time once, however often a server sent it', () => {
    const sameTime = { endTime: '2026-11-01T00:00:00.000Z' };
    const [a, b] = [run(1, 'failed', sameTime), run(2, 'failed', sameTime)];
    let bound = boundAfter([a, b]);
    // a server that ignores the bound sends the same page again, and again
    for (let page = 0; page < 50; page++) bound = boundAfter([a, a, b], bound);
    assert.deepEqual(bound, { endTime: sameTime.endTime, hashes: [a.hash, b.hash] });
    assert.ok(JSON.stringify(summaryPageQuery('web01.example.com', bound)).length < 500);
  });

  test('starts over at an older end time', () => {
    const newer = run(1, 'failed');
    const older = run(2, 'failed');
    assert.deepEqual(boundAfter([older], boundAfter([newer])), {
      endTime: older.endTime,
      hashes: [older.hash],
    });
  });
});
