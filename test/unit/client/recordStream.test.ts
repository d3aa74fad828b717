import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RecordStream, RequestAbortedError } from '../../../src/client';

/** Two decoded batches, as a body that arrived in two pieces gives them. */
function twoBatches(signal?: AbortSignal): RecordStream<number> {
  return new RecordStream(async function* () {
    yield [1, 2, 3];
    yield [4, 5];
  }, signal);
}

describe('RecordStream', () => {
  test('hands out every record of every batch', async () => {
    assert.deepEqual(await twoBatches().toArray(), [1, 2, 3, 4, 5]);
  });

  test('an abort while the caller handles a record stops the rest of the batch', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    await assert.rejects(async () => {
      for await (const record of twoBatches(controller.signal)) {
        seen.push(record);
        if (record === 1) controller.abort();
      }
    }, RequestAbortedError);
    assert.deepEqual(seen, [1]);
  });

  test('a break out of for-await ends the batches (the request is closed)', async () => {
    let closed = false;
    const stream = new RecordStream(async function* () {
      try {
        yield [1, 2, 3];
        yield [4, 5];
      } finally {
        closed = true;
      }
    });
    for await (const record of stream) if (record === 2) break;
    assert.equal(closed, true);
  });

  test('next() called again before the last call settled hands out every record once, in order', async () => {
    const stream = new RecordStream(async function* () {
      yield [1, 2];
      yield [];
      yield [3];
      yield [4, 5, 6];
    });
    const iterator = stream[Symbol.asyncIterator]();
    const results = await Promise.all(Array.from({ length: 8 }, () => iterator.next()));
    assert.deepEqual(
      results.map((result) => (result.done ? 'done' : result.value)),
      [1, 2, 3, 4, 5, 6, 'done', 'done'],
    );
  });

  test('an abort between batches stops before the next batch is handed out', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    await assert.rejects(async () => {
      for await (const record of twoBatches(controller.signal)) {
        seen.push(record);
        if (record === 3) controller.abort();
      }
    }, RequestAbortedError);
    assert.deepEqual(seen, [1, 2, 3]);
  });
});
