import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { EVENTS_PER_MESSAGE } from '../../../src/shared/protocol';
import type { EventRowDto } from '../../../src/shared/reportDto';
import { EventBacklog } from '../../../src/webview/components/events-table/eventBacklog';

const events = (count: number, tag: string) =>
  Array.from({ length: count }, (_, index) => ({ message: `${tag}${index}` }) as EventRowDto);

/** Lets the backlog's timers run until nothing waits (at most 5 s). */
async function drain(backlog: EventBacklog): Promise<void> {
  for (const deadline = Date.now() + 5000; backlog.waiting && Date.now() < deadline;) {
    await sleep(1);
  }
}

describe('EventBacklog', () => {
  test('takes the first slice at once and the rest a slice per task, in order', async () => {
    const taken: number[] = [];
    const seen: string[] = [];
    const backlog = new EventBacklog((slice) => {
      taken.push(slice.length);
      seen.push(...slice.map((event) => event.message!));
    });
    backlog.push(events(2 * EVENTS_PER_MESSAGE + 7, 'a'));
    assert.deepEqual(taken, [EVENTS_PER_MESSAGE], 'only the first slice before the next task');
    assert.equal(backlog.waiting, true);
    // what arrives meanwhile queues behind
    backlog.push(events(3, 'b'));
    await drain(backlog);
    assert.deepEqual(taken, [EVENTS_PER_MESSAGE, EVENTS_PER_MESSAGE, 7, 3]);
    assert.equal(seen[0], 'a0');
    assert.equal(seen[2 * EVENTS_PER_MESSAGE + 6], `a${2 * EVENTS_PER_MESSAGE + 6}`);
    assert.deepEqual(seen.slice(-3), ['b0', 'b1', 'b2']);
    assert.equal(backlog.waiting, false);
  });

  test('a small batch is taken whole and at once', () => {
    const taken: Array<readonly EventRowDto[]> = [];
    const backlog = new EventBacklog((slice) => taken.push(slice));
    const batch = events(10, 'x');
    backlog.push(batch);
    assert.equal(taken[0], batch, 'not copied');
    assert.equal(backlog.waiting, false);
  });

  test('clear() forgets what waits', async () => {
    let taken = 0;
    const backlog = new EventBacklog((slice) => (taken += slice.length));
    backlog.push(events(3 * EVENTS_PER_MESSAGE, 'a'));
    backlog.clear();
    // long enough for the next slice's timer to have fired, had it not been cleared
    await sleep(20);
    assert.equal(taken, EVENTS_PER_MESSAGE);
    assert.equal(backlog.waiting, false);
  });
});
