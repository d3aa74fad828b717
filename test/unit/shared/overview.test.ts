import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bucketBounds, bucketKeys, bucketLabel, rangeStart } from '../../../src/shared/overview';
import { checkToHost } from '../../../src/shared/protocol/schema';
import { eventsQuery, eventsTitle, sourceKey } from '../../../src/shared/eventTableSource';

describe('overview buckets', () => {
  const now = new Date('2026-11-24T13:42:08.792Z');
  it('24 hourly buckets end with the current hour (UTC), in PuppetDB to_string form', () => {
    const keys = bucketKeys('hours', now);
    assert.equal(keys.length, 24);
    assert.equal(keys[0], '2026-11-23 14');
    assert.equal(keys.at(-1), '2026-11-24 13');
    assert.equal(rangeStart('hours', now), '2026-11-23T14:00:00.000Z');
    assert.equal(bucketLabel('hours', keys.at(-1)!), '13h');
  });
  it('8 daily buckets end today', () => {
    const keys = bucketKeys('days', now);
    assert.deepEqual([keys.length, keys[0], keys.at(-1)], [8, '2026-11-17', '2026-11-24']);
    assert.equal(rangeStart('days', now), '2026-11-17T00:00:00.000Z');
    assert.equal(bucketLabel('days', keys[0]!), '11-17');
  });
  it("a bucket's window is its hour or day, UTC, the end excluded", () => {
    assert.deepEqual(bucketBounds('hours', '2026-11-24 13'), {
      since: '2026-11-24T13:00:00.000Z',
      until: '2026-11-24T14:00:00.000Z',
    });
    assert.deepEqual(bucketBounds('hours', '2026-12-31 23'), {
      since: '2026-12-31T23:00:00.000Z',
      until: '2027-01-01T00:00:00.000Z',
    });
    assert.deepEqual(bucketBounds('days', '2026-11-17'), {
      since: '2026-11-17T00:00:00.000Z',
      until: '2026-11-18T00:00:00.000Z',
    });
    for (const key of bucketKeys('hours', now)) {
      assert.equal(bucketBounds('hours', key)!.since.slice(0, 13), key.replace(' ', 'T'));
    }
    // a key of the other range, or one that names no hour or day, has no window
    for (const [range, key] of [
      ['hours', '2026-11-24'],
      ['days', '2026-11-24 13'],
      ['hours', '2026-11-24 24'],
      ['days', '2026-02-30'],
      ['days', '2026-11-24T00'],
    ] as const) {
      assert.equal(bucketBounds(range, key), undefined, `${range} ${key}`);
    }
  });
  it('the webview asks for the runs of a bucket by its key, and of one run status', () => {
    for (const message of [
      { type: 'openRuns' },
      { type: 'openRuns', bucket: '2026-11-24 13' },
      { type: 'openRuns', bucket: '2026-11-24', status: 'failed' },
    ]) {
      assert.equal(checkToHost('overview', message), undefined, JSON.stringify(message));
    }
    for (const message of [
      { type: 'openRuns', bucket: 42 },
      { type: 'openRuns', bucket: '2026-11-24T13:00:00Z' },
      { type: 'openRuns', status: 'noop' },
      { type: 'openRuns', since: '2026-11-24T13:00:00Z' },
    ]) {
      assert.notEqual(checkToHost('overview', message), undefined, JSON.stringify(message));
    }
  });
});

describe('fleet events source', () => {
  const fleet = { status: 'failure' as const, resourceType: 'Package', resourceTitle: 'nginx' };
  it('asks for the latest runs of one resource, or since a time', () => {
    assert.deepEqual(eventsQuery({ fleet }), [
      'and',
      ['=', 'status', 'failure'],
      ['=', 'latest_report?', true],
      ['=', 'resource_type', 'Package'],
      ['=', 'resource_title', 'nginx'],
    ]);
    const since = '2026-11-24T00:00:00.000Z';
    assert.deepEqual((eventsQuery({ fleet: { ...fleet, since } }) as unknown[])[2], [
      '>=',
      'timestamp',
      since,
    ]);
    assert.equal(eventsTitle({ fleet }), 'Events · fleet · Package[nginx] · failure');
    assert.notEqual(sourceKey('a', { fleet }), sourceKey('a', { fleet: { ...fleet, since } }));
  });
  it("narrowed to one environment: that environment's events, said in the title", () => {
    const narrowed = { ...fleet, environment: 'staging' };
    assert.deepEqual(eventsQuery({ fleet: narrowed }), [
      'and',
      ['=', 'status', 'failure'],
      ['=', 'latest_report?', true],
      ['=', 'resource_type', 'Package'],
      ['=', 'resource_title', 'nginx'],
      ['=', 'environment', 'staging'],
    ]);
    assert.equal(
      eventsTitle({ fleet: narrowed }),
      'Events · fleet (staging) · Package[nginx] · failure',
    );
    assert.notEqual(sourceKey('a', { fleet }), sourceKey('a', { fleet: narrowed }));
  });
  it("the overview's webview may not name the environment of a row's events", () => {
    const filter = { status: 'failure', containingClass: 'Profile::Web' };
    assert.equal(checkToHost('overview', { type: 'openEvents', filter }), undefined);
    assert.match(
      checkToHost('overview', {
        type: 'openEvents',
        filter: { ...filter, environment: 'production' },
      })!,
      /environment/,
    );
  });
});
