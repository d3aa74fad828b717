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
});
