import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KeptAnswers } from '../../../src/extension/keptAnswers';

test('askers within the lifetime share one answer; after it, the next ask starts again', async () => {
  const kept = new KeptAnswers<number>(1_000);
  let asked = 0;
  const ask = async () => ++asked;
  const first = kept.get('a', ask, 0);
  assert.equal(kept.get('a', ask, 999), first);
  assert.equal(await first, 1);
  assert.equal(await kept.get('b', ask, 999), 2, 'another key asks on its own');
  assert.equal(await kept.get('a', ask, 1_000), 3, 'a kept answer lives less than its lifetime');
});

test('a failed answer is not kept: the next ask starts again', async () => {
  const kept = new KeptAnswers<string>(60_000);
  const failed = kept.get('a', () => Promise.reject(new Error('down')), 0);
  await assert.rejects(failed, /down/);
  assert.equal(await kept.get('a', async () => 'up', 1), 'up');
});

test('clear forgets every answer', async () => {
  const kept = new KeptAnswers<number>(60_000);
  let asked = 0;
  await kept.get('a', async () => ++asked, 0);
  kept.clear();
  assert.equal(await kept.get('a', async () => ++asked, 1), 2);
});
