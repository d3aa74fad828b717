import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bucketKeys, bucketLabel, rangeStart } from '../../../src/shared/overview';
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
});
