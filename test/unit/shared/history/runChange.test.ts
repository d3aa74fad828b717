import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { changeCounts, eventChange, runChange } from '../../../../src/shared/history';

const run = (
  status: string | null,
  correctiveChange: boolean | null,
  changed?: number,
  corrective?: number,
) => runChange({ status, correctiveChange, counts: { changed, corrective } });

describe('runChange: corrective or intentional, per run', () => {
  test('PuppetDB FOSS (the field null): the metric against the changed count', () => {
    assert.deepEqual(run('changed', null, 3, 3), {
      change: 'corrective',
      corrective: 3,
      intentional: 0,
    });
    assert.deepEqual(run('changed', null, 3, 0), {
      change: 'intentional',
      corrective: 0,
      intentional: 3,
    });
    assert.deepEqual(run('changed', null, 3, 1), {
      change: 'mixed',
      corrective: 1,
      intentional: 2,
    });
    assert.deepEqual(run('failed', null, 2, 1), { change: 'mixed', corrective: 1, intentional: 1 });
  });

  test('no metric and a null field is unknown, never a guess', () => {
    assert.deepEqual(run('changed', null, 3), { change: 'unknown' });
    assert.deepEqual(run('changed', null), { change: 'unknown' });
    assert.deepEqual(run('failed', null), { change: 'unknown' });
    assert.deepEqual(run(null, null), { change: 'unknown' });
  });

  test('nothing changed is none', () => {
    assert.deepEqual(run('unchanged', null, 0, 0), { change: 'none' });
    assert.deepEqual(run('unchanged', null), { change: 'none' });
    assert.deepEqual(run('failed', true, 0, 0), { change: 'none' });
  });

  test('Puppet Enterprise (the field a boolean) wins over the metric', () => {
    assert.deepEqual(run('changed', false, 4, 2), {
      change: 'intentional',
      corrective: 0,
      intentional: 4,
    });
    assert.deepEqual(run('changed', true, 4, 0), {
      change: 'mixed',
      corrective: 1,
      intentional: 3,
    });
    assert.deepEqual(run('changed', true, 4, 4), {
      change: 'corrective',
      corrective: 4,
      intentional: 0,
    });
    assert.deepEqual(run('changed', true, 4), { change: 'corrective' });
    assert.deepEqual(run('changed', true), { change: 'corrective' });
    assert.deepEqual(run('changed', false), { change: 'intentional' });
    assert.deepEqual(run('failed', false), { change: 'unknown' });
  });

  test("the counts of a report's metrics (other categories and odd values left out)", () => {
    assert.deepEqual(
      changeCounts([
        { category: 'resources', name: 'changed', value: 5 },
        { category: 'resources', name: 'corrective_change', value: 2 },
        { category: 'events', name: 'changed', value: 9 },
      ]),
      { changed: 5, corrective: 2 },
    );
    assert.deepEqual(changeCounts([{ category: 'resources', name: 'changed', value: -1 }]), {
      changed: undefined,
    });
    assert.deepEqual(changeCounts([]), {});
  });
});

describe('eventChange: corrective or intentional, per event', () => {
  test('a change made or proposed takes its field; null is unknown; others changed nothing', () => {
    assert.equal(eventChange({ status: 'success', corrective_change: true }), 'corrective');
    assert.equal(eventChange({ status: 'noop', corrective_change: false }), 'intentional');
    assert.equal(eventChange({ status: 'success', corrective_change: null }), 'unknown');
    assert.equal(eventChange({ status: 'success' }), 'unknown');
    assert.equal(eventChange({ status: 'failure', corrective_change: true }), 'none');
    assert.equal(eventChange({ status: 'skipped', corrective_change: null }), 'none');
  });
});
