/**
 * The reference's `payload` against the real PuppetDB: the events endpoint's
 * `distinct_resources`, which no named option sends, with its time window. The distinct set
 * PuppetDB answers is computed here independently from all events: of the events inside the
 * window, the latest of each resource property on each node (PuppetDB groups by certname,
 * resource type, title, property and name).
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { PuppetDBHTTPError, type Event } from '../../src/client';
import { httpClient } from './support/puppetdb';

const db = httpClient();
after(() => db.disconnect());

interface EventRow {
  certname: string;
  report: string;
  resource_type: string;
  resource_title: string;
  property: string | null;
  name: string | null;
  timestamp: string;
}

const key = (certname: string, type: string, title: string, property: unknown, hash: string) =>
  JSON.stringify([certname, type, title, property ?? null, hash]);

const eventKey = (event: Event) =>
  key(event.node, event.type, event.title, event.property, event.hash);

/** A window that leaves events out on both sides, its ends between two events' timestamps. */
function middleWindow(rows: EventRow[]): { start: Date; end: Date } {
  const times = [...new Set(rows.map((row) => Date.parse(row.timestamp)))].sort((a, b) => a - b);
  assert.ok(times.length >= 8, `the fleet has events at ${times.length} times; 8 are needed`);
  const between = (index: number) => new Date((times[index]! + times[index + 1]!) / 2);
  return {
    start: between(Math.floor(times.length / 4)),
    end: between(Math.floor((times.length * 3) / 4)),
  };
}

/** What distinct_resources should answer, from all events. */
function expectedDistinct(rows: EventRow[], start: Date, end: Date): string[] {
  const latest = new Map<string, EventRow[]>();
  for (const row of rows) {
    const time = Date.parse(row.timestamp);
    if (time < start.getTime() || time > end.getTime()) continue;
    const resource = JSON.stringify([
      row.certname,
      row.resource_type,
      row.resource_title,
      row.property,
      row.name,
    ]);
    const held = latest.get(resource);
    const heldTime = held ? Date.parse(held[0]!.timestamp) : -Infinity;
    if (time > heldTime) latest.set(resource, [row]);
    else if (time === heldTime) held!.push(row);
  }
  return [...latest.values()]
    .flat()
    .map((row) =>
      key(row.certname, row.resource_type, row.resource_title, row.property, row.report),
    )
    .sort();
}

describe('payload: parameters no option names, sent to the real PuppetDB', () => {
  test('events({ payload: { distinct_resources, distinct_start_time, distinct_end_time } }) answers the distinct set, on GET and on POST', async () => {
    const all = (await db.query('events')) as EventRow[];
    const { start, end } = middleWindow(all);
    const expected = expectedDistinct(all, start, end);
    assert.ok(
      expected.length > 0 && expected.length < all.length,
      `the window holds ${expected.length} of ${all.length} events`,
    );
    for (const requestMethod of ['GET', 'POST'] as const) {
      const distinct = await db
        .events({
          requestMethod,
          payload: {
            distinct_resources: true,
            distinct_start_time: start,
            distinct_end_time: end.toISOString(),
          },
        })
        .toArray();
      assert.deepEqual(distinct.map(eventKey).sort(), expected, requestMethod);
    }
  });

  test('named options apply beside the payload, and win over its keys', async () => {
    const all = (await db.query('events')) as EventRow[];
    const { start, end } = middleWindow(all);
    const expected = expectedDistinct(all, start, end);
    const firstTwo = await db
      .events({
        orderBy: [
          { field: 'certname' },
          { field: 'resource_type' },
          { field: 'resource_title' },
          { field: 'property' },
        ],
        limit: 2,
        payload: {
          distinct_resources: true,
          distinct_start_time: start,
          distinct_end_time: end,
          limit: 1000,
        },
      })
      .toArray();
    assert.equal(firstTwo.length, 2);
    for (const event of firstTwo) assert.ok(expected.includes(eventKey(event)), eventKey(event));
  });

  test('PuppetDB reads the payload: distinct_resources without its window is its 400', async () => {
    await assert.rejects(
      db.events({ payload: { distinct_resources: true } }).toArray(),
      (error: unknown) => {
        assert.ok(error instanceof PuppetDBHTTPError, String(error));
        assert.equal(error.status, 400);
        assert.match(error.message, /distinct_start_time/);
        return true;
      },
    );
  });
});
