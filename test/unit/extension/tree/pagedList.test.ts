import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PagedList, type Page } from '../../../../src/extension/tree/pagedList';

/** A server of `size` numbers whose answers the test releases one at a time. */
function server(size: number, pageSize: number) {
  const offsets: number[] = [];
  const waiting: Array<() => void> = [];
  const fetch = (offset: number): Promise<Page<number>> => {
    offsets.push(offset);
    return new Promise((resolve) =>
      waiting.push(() =>
        resolve({
          records: Array.from({ length: Math.min(pageSize, size - offset) }, (_, i) => offset + i),
          total: size,
        }),
      ),
    );
  };
  const answer = async () => {
    while (waiting.length === 0) await new Promise((resolve) => setImmediate(resolve));
    waiting.shift()!();
  };
  return { fetch, offsets, answer };
}

describe('PagedList', () => {
  test('"Load more" twice while a page is on its way fetches that page once', async () => {
    const fake = server(10, 4);
    const list = new PagedList(fake.fetch);
    const first = list.ensureStarted();
    await fake.answer();
    await first;
    const twice = Promise.all([list.loadNext(), list.loadNext()]);
    await fake.answer();
    await twice;
    assert.deepEqual(fake.offsets, [0, 4]);
    assert.deepEqual(list.loaded, [0, 1, 2, 3, 4, 5, 6, 7]);
    assert.equal(list.hasMore, true);
  });

  test('a page that arrives after a reset is dropped, and the first page is fetched again', async () => {
    const fake = server(10, 4);
    const list = new PagedList(fake.fetch);
    const started = list.ensureStarted();
    list.reset();
    await fake.answer(); // the page asked for before the reset
    await fake.answer(); // the page asked for after it
    await started;
    assert.deepEqual(fake.offsets, [0, 0]);
    assert.deepEqual(list.loaded, [0, 1, 2, 3]);
  });

  test('the last page ends "Load more"', async () => {
    const fake = server(5, 4);
    const list = new PagedList(fake.fetch);
    const started = list.ensureStarted();
    await fake.answer();
    await started;
    const next = list.loadNext();
    await fake.answer();
    await next;
    assert.equal(list.hasMore, false);
    assert.equal(list.total, 5);
  });
});
