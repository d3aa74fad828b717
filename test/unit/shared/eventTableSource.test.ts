import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  eventsQuery,
  eventsMethod,
  eventsTitle,
  lastHours,
  parseIsoRange,
  sourceKey,
} from '../../../src/shared/eventTableSource';

describe('events table sources', () => {
  test("a report's events are queried by its hash", () => {
    assert.deepEqual(eventsQuery({ reportHash: 'abc' }), ['=', 'report', 'abc']);
    assert.equal(eventsTitle({ reportHash: 'abcdef123456' }, 'web01'), 'Events · web01 · abcdef12');
  });

  test("a node without a range means its latest report's events", () => {
    assert.deepEqual(eventsQuery({ certname: 'web01' }), [
      'and',
      ['=', 'certname', 'web01'],
      ['=', 'latest_report?', true],
    ]);
    assert.equal(eventsTitle({ certname: 'web01' }), 'Events · web01 · latest report');
  });

  test('a time range is [since, until) on the event timestamp', () => {
    const source = {
      certname: 'web01',
      since: '2024-05-01T00:00:00.000Z',
      until: '2024-05-02T00:00:00.000Z',
    };
    assert.deepEqual(eventsQuery(source), [
      'and',
      ['=', 'certname', 'web01'],
      ['>=', 'timestamp', source.since],
      ['<', 'timestamp', source.until],
    ]);
    assert.equal(eventsTitle(source), 'Events · web01 · 2024-05-01 00:00 – 2024-05-02 00:00');
    assert.deepEqual(eventsQuery({ certname: 'web01', since: source.since }), [
      'and',
      ['=', 'certname', 'web01'],
      ['>=', 'timestamp', source.since],
    ]);
  });

  test('the quick ranges end now', () => {
    const now = new Date('2024-05-08T12:00:00.000Z');
    assert.deepEqual(lastHours(24, now), {
      since: '2024-05-07T12:00:00.000Z',
      until: '2024-05-08T12:00:00.000Z',
    });
  });

  test('custom ranges parse ISO dates and reject the rest', () => {
    assert.deepEqual(parseIsoRange('2024-05-01'), { since: '2024-05-01T00:00:00.000Z' });
    assert.deepEqual(parseIsoRange('2024-05-01T10:00Z / 2024-05-02'), {
      since: '2024-05-01T10:00:00.000Z',
      until: '2024-05-02T00:00:00.000Z',
    });
    assert.deepEqual(parseIsoRange('2024-05-01..2024-05-03'), {
      since: '2024-05-01T00:00:00.000Z',
      until: '2024-05-03T00:00:00.000Z',
    });
    assert.equal(parseIsoRange('yesterday'), undefined);
    assert.equal(parseIsoRange('2024-05-03 2024-05-01'), undefined, 'until before since');
    assert.equal(parseIsoRange(''), undefined);
  });

  test('one key per connection and source', () => {
    assert.equal(sourceKey('a', { reportHash: 'h' }), sourceKey('a', { reportHash: 'h' }));
    assert.notEqual(sourceKey('a', { reportHash: 'h' }), sourceKey('b', { reportHash: 'h' }));
    assert.notEqual(
      sourceKey('a', { certname: 'n' }),
      sourceKey('a', { certname: 'n', since: '2024-05-01T00:00:00.000Z' }),
    );
  });

  test("a flapping resource's changes: on its nodes only, POSTed, and the title says how many", () => {
    const fleet = {
      status: 'success' as const,
      resourceType: 'File',
      resourceTitle: '/etc/motd',
      since: '2024-05-01T00:00:00.000Z',
      certnames: ['web2', 'web1'],
    };
    assert.deepEqual(eventsQuery({ fleet }), [
      'and',
      ['=', 'status', 'success'],
      ['>=', 'timestamp', fleet.since],
      ['=', 'resource_type', 'File'],
      ['=', 'resource_title', '/etc/motd'],
      ['in', 'certname', ['array', ['web2', 'web1']]],
    ]);
    assert.equal(eventsMethod({ fleet }), 'POST');
    assert.equal(eventsMethod({ fleet: { ...fleet, certnames: undefined } }), 'GET');
    assert.equal(
      eventsTitle({ fleet }),
      'Events · fleet · File[/etc/motd] · success since 2024-05-01 00:00 · on 2 nodes',
    );
    // one panel per set of nodes, whatever their order
    assert.equal(
      sourceKey('c', { fleet }),
      sourceKey('c', { fleet: { ...fleet, certnames: ['web1', 'web2'] } }),
    );
    assert.notEqual(
      sourceKey('c', { fleet }),
      sourceKey('c', { fleet: { ...fleet, certnames: undefined } }),
    );
  });

  test('the resources declared at one line: the latest runs of any of its server paths', () => {
    const source = { declaredAt: { files: ['/p/db.pp', '/s/db.pp'], line: 3 } };
    assert.deepEqual(eventsQuery(source), [
      'and',
      ['or', ['=', 'file', '/p/db.pp'], ['=', 'file', '/s/db.pp']],
      ['=', 'line', 3],
      ['=', 'latest_report?', true],
    ]);
    assert.equal(eventsTitle(source), 'Events · fleet · db.pp:3 · latest runs');
    assert.equal(
      sourceKey('c', source),
      sourceKey('c', { declaredAt: { files: ['/s/db.pp', '/p/db.pp'], line: 3 } }),
    );
    assert.notEqual(
      sourceKey('c', source),
      sourceKey('c', { declaredAt: { files: ['/p/db.pp', '/s/db.pp'], line: 4 } }),
    );
  });
});
