import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { compareRuns, RESOURCE_STATES, type RunDetail } from '../../../../src/shared/history';
import { assertProperty } from '../../properties/support/property';

const detail = (
  events: Array<[string, string]>,
  logs: Array<[string, string]> = [],
): RunDetail => ({
  events: events.map(([title, status]) => ({
    resource_type: 'File',
    resource_title: title,
    status,
  })),
  logs: logs.map(([level, message]) => ({ level, message })),
  metrics: [],
});

describe('compare two runs', () => {
  test('resources changed, failed, skipped and out of sync in one run and not the other', () => {
    const a = detail([
      ['/a', 'success'],
      ['/b', 'failure'],
      ['/c', 'noop'],
      ['/d', 'skipped'],
    ]);
    const b = detail([
      ['/a', 'success'],
      ['/b', 'success'],
      ['/e', 'failure'],
    ]);
    const { resources } = compareRuns(a, b);
    assert.deepEqual(resources.changed, { onlyInA: [], onlyInB: ['File[/b]'] });
    assert.deepEqual(resources.failed, { onlyInA: ['File[/b]'], onlyInB: ['File[/e]'] });
    assert.deepEqual(resources.skipped, { onlyInA: ['File[/d]'], onlyInB: [] });
    assert.deepEqual(resources.outOfSync, { onlyInA: ['File[/c]'], onlyInB: ['File[/e]'] });
  });

  test('time metrics of both runs by name, total last, missing ones null', () => {
    const a: RunDetail = {
      events: [],
      logs: [],
      metrics: [
        { category: 'time', name: 'total', value: 30 },
        { category: 'time', name: 'package', value: 12 },
        { category: 'resources', name: 'total', value: 300 },
      ],
    };
    const b: RunDetail = {
      events: [],
      logs: [],
      metrics: [
        { category: 'time', name: 'file', value: 2 },
        { category: 'time', name: 'total', value: 9 },
      ],
    };
    assert.deepEqual(compareRuns(a, b).time, [
      { name: 'file', a: null, b: 2 },
      { name: 'package', a: 12, b: null },
      { name: 'total', a: 30, b: 9 },
    ]);
  });

  test('log lines in one run only, by level and normalised message, each once', () => {
    const a = detail(
      [],
      [
        ['notice', 'Applied catalog in 12.20 seconds'],
        ['err', 'boom'],
        ['err', 'boom'],
      ],
    );
    const b = detail(
      [],
      [
        ['notice', 'Applied catalog in 3.01 seconds'],
        ['warning', 'boom'],
      ],
    );
    const { logs } = compareRuns(a, b);
    assert.deepEqual(logs.onlyInA, [{ level: 'err', message: 'boom' }]);
    assert.deepEqual(logs.onlyInB, [{ level: 'warning', message: 'boom' }]);
  });

  test('property: swapping the runs swaps the sides, and a run compared with itself has none', (t) => {
    const runDetail = fc
      .array(
        fc.tuple(
          fc.constantFrom('/a', '/b', '/c', '/d'),
          fc.constantFrom('success', 'failure', 'noop', 'skipped'),
        ),
        { maxLength: 8 },
      )
      .map((events) => detail(events));
    assertProperty(
      t,
      fc.property(runDetail, runDetail, (a, b) => {
        const ab = compareRuns(a, b);
        const ba = compareRuns(b, a);
        const self = compareRuns(a, a);
        for (const state of RESOURCE_STATES) {
          assert.deepEqual(ab.resources[state].onlyInA, ba.resources[state].onlyInB);
          assert.deepEqual(self.resources[state], { onlyInA: [], onlyInB: [] });
        }
      }),
    );
  });
});
