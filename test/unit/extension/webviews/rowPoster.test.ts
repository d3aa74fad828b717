/**
 * The one row streamer every panel that streams rows uses (events, runs, inventory, results):
 * what it posts to the page and when, with the page's paint acknowledgements played by the test
 * and the interval's timer by Node's mock timers (no real time passes).
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { FLUSH_INTERVAL_MS, RowPoster } from '../../../../src/extension/webviews/rowPoster';

type Posted =
  { snapshot: number[] } | { batch: number[]; complete: boolean; truncatedAt: number | undefined };

/** A streamer of numbers, `perMessage` to a batch, recording what it posts to a listening page. */
function streamer(perMessage = 3) {
  const posted: Posted[] = [];
  let listening = true;
  const rows: RowPoster<number> = new RowPoster<number>({
    perMessage,
    isListening: () => listening,
    postSnapshot: () => {
      const carried = rows.rows.slice(0, perMessage);
      posted.push({ snapshot: carried });
      rows.sent(carried.length);
    },
    postBatch: (batch, complete, truncatedAt) => posted.push({ batch, complete, truncatedAt }),
  });
  return {
    rows,
    posted,
    setListening(value: boolean) {
      listening = value;
    },
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => from + index);

describe('RowPoster', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  test('the first rows go at once, as the snapshot that replaces what the page held', () => {
    const { rows, posted } = streamer();
    rows.reset();
    rows.add([1, 2]);
    assert.deepEqual(posted, [{ snapshot: [1, 2] }]);
  });

  test('later rows wait for a full batch or the interval', () => {
    const { rows, posted } = streamer();
    rows.reset();
    rows.add([1]);
    rows.paintedUpTo(1);
    rows.add([2]);
    assert.equal(posted.length, 1, 'one row waits');
    mock.timers.tick(FLUSH_INTERVAL_MS);
    assert.deepEqual(posted.at(-1), { batch: [2], complete: false, truncatedAt: undefined });
    rows.paintedUpTo(2);
    rows.add([3, 4, 5]);
    assert.deepEqual(posted.at(-1), { batch: [3, 4, 5], complete: false, truncatedAt: undefined });
  });

  test('never more than one batch ahead of what the page said it painted', () => {
    const { rows, posted } = streamer();
    rows.reset();
    rows.add(range(0, 3));
    rows.add(range(3, 12));
    mock.timers.tick(FLUSH_INTERVAL_MS * 10);
    // the snapshot only: the page has not painted it yet
    assert.deepEqual(posted, [{ snapshot: [0, 1, 2] }]);
    rows.paintedUpTo(3);
    assert.deepEqual(posted.at(-1), { batch: [3, 4, 5], complete: false, truncatedAt: undefined });
    assert.equal(posted.length, 2, 'the next batch waits for the paint of this one');
    rows.paintedUpTo(6);
    rows.paintedUpTo(9);
    assert.equal(posted.length, 4);
  });

  test('the end of the load goes with the last batch, marked complete, with where it stopped', () => {
    const { rows, posted } = streamer();
    rows.reset();
    rows.add([1, 2, 3]);
    rows.paintedUpTo(3);
    assert.equal(rows.addAtMost([4, 5, 6], 5), false, 'the limit is reached: stop reading');
    rows.finish();
    assert.deepEqual(posted.at(-1), { batch: [4, 5], complete: true, truncatedAt: 5 });
    assert.equal(rows.state, 'done');
    rows.paintedUpTo(5);
    assert.equal(posted.length, 2, 'nothing after the last batch');
  });

  test('a page that does not listen is sent nothing, then a snapshot of everything so far', () => {
    const { rows, posted, setListening } = streamer();
    rows.reset();
    setListening(false);
    rows.add([1, 2, 3, 4]);
    mock.timers.tick(FLUSH_INTERVAL_MS);
    assert.deepEqual(posted, []);
    // the page is back (its `ready`): a snapshot, then the rest after its paint
    setListening(true);
    rows.unsent();
    rows.flush();
    assert.deepEqual(posted, [{ snapshot: [1, 2, 3] }]);
    rows.finish();
    rows.paintedUpTo(3);
    assert.deepEqual(posted.at(-1), { batch: [4], complete: true, truncatedAt: undefined });
  });

  test('a failed load posts nothing more', () => {
    const { rows, posted } = streamer();
    rows.reset();
    rows.add([1]);
    rows.paintedUpTo(1);
    rows.add([2]);
    rows.fail();
    mock.timers.tick(FLUSH_INTERVAL_MS);
    assert.equal(posted.length, 1);
    assert.equal(rows.state, 'error');
  });

  test('keeps what the page said it painted, until the page holds none of the load again', () => {
    const { rows, posted } = streamer(3);
    rows.add(range(0, 5));
    assert.equal(rows.firstRowsPainted, false, 'nothing painted yet');
    rows.pagePainted({ rows: 0, loaded: 3 });
    assert.equal(rows.firstRowsPainted, false, "the page's filter shows none of them");
    rows.pagePainted({ rows: 2, loaded: 3 });
    assert.deepEqual(rows.shown, { rows: 2, loaded: 3 });
    assert.equal(rows.firstRowsPainted, true);
    // the paint lets the next batch go, as paintedUpTo does
    assert.deepEqual(posted.at(-1), { batch: [3, 4], complete: false, truncatedAt: undefined });
    rows.reset();
    assert.equal(rows.shown, undefined, 'a new load: its paints are to come');
    rows.finish();
    rows.pagePainted({ rows: 0, loaded: 0 });
    assert.equal(rows.firstRowsPainted, true, 'a load of no rows, painted empty');
    rows.reset();
    rows.fail();
    assert.equal(rows.firstRowsPainted, true, 'a failed load waits for nothing');
  });
});
