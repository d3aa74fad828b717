import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  AnswerTooLongError,
  readAtMost,
  readWhole,
  type RowBatches,
} from '../../../src/extension/boundedRows';

/** Batches of `size` numbered rows, `batches` of them (Infinity: without end), counting reads. */
function source(size: number, batches: number) {
  const read = { batches: 0, ended: false };
  const rows: RowBatches<number> = {
    async *batches() {
      try {
        for (let index = 0; index < batches; index++) {
          read.batches++;
          yield Array.from({ length: size }, (_, row) => index * size + row);
        }
      } finally {
        // leaving the loop early ends the generator: the request is let go
        read.ended = true;
      }
    },
  };
  return { rows, read };
}

describe('capped reads of an answer', () => {
  test('readAtMost keeps the first rows up to the cap, says where it cut, and reads no further', async () => {
    const { rows, read } = source(40, Infinity);
    const answer = await readAtMost(rows, 100);
    assert.deepEqual(
      answer.rows,
      Array.from({ length: 100 }, (_, row) => row),
    );
    assert.equal(answer.truncatedAt, 100);
    assert.equal(read.batches, 3, 'the batch that crossed the cap is the last read');
    assert.equal(read.ended, true);
  });

  test('an answer of exactly the cap is whole', async () => {
    const { rows } = source(50, 2);
    const answer = await readAtMost(rows, 100);
    assert.equal(answer.rows.length, 100);
    assert.equal(answer.truncatedAt, undefined);
    assert.deepEqual(await readWhole(source(50, 2).rows, 100, 'The rows'), answer.rows);
  });

  test('readWhole fails past the cap, naming what was too long, instead of answering from part', async () => {
    const { rows, read } = source(40, Infinity);
    await assert.rejects(readWhole(rows, 100, "The group's members"), (error: unknown) => {
      assert.ok(error instanceof AnswerTooLongError);
      assert.equal(error.max, 100);
      assert.match(error.message, /^The group's members: PuppetDB sent more than 100 rows/);
      return true;
    });
    assert.equal(read.ended, true);
  });
});
