import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { KeptLayout } from '../../../src/shared/graphLayouts';
import { LayoutClient } from '../../../src/shared/graphLayout/layoutClient';
import type { LayoutResponse } from '../../../src/shared/graphLayout/layoutTypes';
import { LayoutCache } from '../../../src/shared/graphLayout/layoutCache';
import { FakeLayoutWorker as FakeWorker } from '../../fixtures/graph/fakeLayoutWorker';

const request = {
  direction: 'LR' as const,
  nodes: [
    { id: 'Class[a]', width: 80, height: 26 },
    { id: 'File[/b]', width: 80, height: 26 },
  ],
  edges: [{ source: 'Class[a]', target: 'File[/b]' }],
};

/** Practice as the view's, but on graphs of any size (the tests' have two resources). */
const PRACTICE = { minNodes: 1, maxNodes: 200, rounds: 12, doneShare: 1 / 3 };

function clientWith(
  workers: FakeWorker[],
  timeoutMs = 60_000,
  onLaidOut?: (layout: KeptLayout) => void,
) {
  const started: FakeWorker[] = [];
  const client = new LayoutClient({
    timeoutMs,
    onLaidOut,
    practice: PRACTICE,
    startWorker: async () => {
      const worker = workers.shift() ?? new FakeWorker();
      started.push(worker);
      return worker;
    },
  });
  return { client, started };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** `request` laid out by ELK (the fake `worker`) as the two resources `positions` say. */
const PLACED = { 'Class[a]': { x: 1, y: 2 }, 'File[/b]': { x: 140, y: 2 } };
async function laidOutByElk(client: LayoutClient, worker: FakeWorker): Promise<LayoutResponse> {
  const pending = client.layout(request);
  await tick();
  worker.answer({ positions: PLACED, engine: 'elk', ms: 250 });
  return pending;
}

describe('LayoutClient', () => {
  test('warmUp() starts the worker that the first layout then uses', async () => {
    const worker = new FakeWorker();
    const { client, started } = clientWith([worker]);
    client.warmUp();
    await tick();
    assert.deepEqual(started, [worker], 'started before any layout');
    const pending = client.layout(request);
    await tick();
    assert.equal(worker.sent.length, 1);
    worker.answer({ positions: { 'Class[a]': { x: 1, y: 2 } }, engine: 'elk', ms: 3 });
    assert.equal((await pending).failure, undefined);
    assert.equal(started.length, 1, 'no second worker');
  });

  test('a worker that fails to start when warmed up is started again by the first layout', async () => {
    let attempts = 0;
    const worker = new FakeWorker();
    const client = new LayoutClient({
      startWorker: async () => {
        if (++attempts === 1) throw new Error('the layout worker did not load (404)');
        return worker;
      },
    });
    client.warmUp();
    await tick();
    const pending = client.layout(request);
    await tick();
    worker.answer({ positions: {}, engine: 'fast', ms: 1 });
    assert.equal((await pending).failure, undefined);
    assert.equal(attempts, 2);
  });

  test('passes the worker’s answer through', async () => {
    const worker = new FakeWorker();
    const { client } = clientWith([worker]);
    const pending = client.layout(request);
    await tick();
    worker.answer({ positions: { 'Class[a]': { x: 1, y: 2 } }, engine: 'elk', ms: 3 });
    const response = await pending;
    assert.equal(response.engine, 'elk');
    assert.equal(response.failure, undefined);
    // a node the worker placed nowhere has no position (the view places it aside)
    assert.deepEqual(response.positions, { 'Class[a]': { x: 1, y: 2 } });
  });

  test('sends the request packed, its arrays transferred rather than copied', async () => {
    const worker = new FakeWorker();
    const { client } = clientWith([worker]);
    const pending = client.layout(request);
    await tick();
    const [sent] = worker.sent;
    assert.deepEqual(sent!.ids, ['Class[a]', 'File[/b]']);
    assert.deepEqual([...sent!.sizes], [80, 26, 80, 26]);
    assert.deepEqual([...sent!.ends], [0, 1]);
    assert.deepEqual(worker.transferred[0], [sent!.sizes.buffer, sent!.ends.buffer]);
    // answered, so that its timeout timer does not keep the test process alive for a minute
    worker.answer({ positions: {}, engine: 'elk', ms: 1 });
    await pending;
  });

  test('a worker error falls back to the fast layout, says why, and stops the worker', async () => {
    const broken = new FakeWorker();
    const { client, started } = clientWith([broken]);
    const pending = client.layout(request);
    await tick();
    broken.crash('elk exploded');
    const response = await pending;
    assert.equal(response.engine, 'fast');
    assert.match(response.failure ?? '', /layout worker failed: elk exploded/);
    assert.deepEqual(Object.keys(response.positions).sort(), ['Class[a]', 'File[/b]']);
    assert.equal(broken.terminated, true);
    // "Retry": the next layout starts a fresh worker and uses it
    const retry = client.layout(request);
    await tick();
    assert.equal(started.length, 2);
    started[1]!.answer({ positions: {}, engine: 'elk', ms: 1 });
    assert.equal((await retry).engine, 'elk');
  });

  test('an unreadable answer (messageerror) falls back the same way', async () => {
    const worker = new FakeWorker();
    const { client } = clientWith([worker]);
    const pending = client.layout(request);
    await tick();
    worker.unreadable();
    const response = await pending;
    assert.equal(response.engine, 'fast');
    assert.match(response.failure ?? '', /could not be read/);
    assert.equal(worker.terminated, true);
  });

  test('a worker that never answers is stopped at the timeout, and the fast layout drawn', async () => {
    const silent = new FakeWorker();
    const { client } = clientWith([silent], 50);
    const response = await client.layout(request);
    assert.equal(response.engine, 'fast');
    assert.match(response.failure ?? '', /did not answer within/);
    assert.equal(silent.terminated, true);
    assert.equal(Object.keys(response.positions).length, 2);
  });

  test('the same graph asked again gets ELK’s layout of it at once, without the worker', async () => {
    const worker = new FakeWorker();
    const { client } = clientWith([worker]);
    const first = client.layout(request);
    await tick();
    const positions = { 'Class[a]': { x: 1, y: 2 }, 'File[/b]': { x: 140, y: 2 } };
    worker.answer({ positions, engine: 'elk', ms: 250 });
    await first;
    const again = await client.layout({ ...request, nodes: [...request.nodes] });
    assert.equal(worker.sent.length, 1, 'not sent to the worker');
    assert.deepEqual(again.positions, positions);
    assert.equal(again.engine, 'elk');
    // another size is another graph
    const wider = client.layout({
      ...request,
      nodes: [{ id: 'Class[a]', width: 120, height: 26 }, request.nodes[1]!],
    });
    await tick();
    assert.equal(worker.sent.length, 2);
    worker.answer({ positions, engine: 'elk', ms: 1 });
    await wider;
  });

  test('a graph of the same shape under other names gets the layout at once, by place', async () => {
    const worker = new FakeWorker();
    const { client } = clientWith([worker]);
    await laidOutByElk(client, worker);
    const next = await client.layout({
      direction: 'LR',
      nodes: [
        { id: 'Class[c]', width: 80, height: 26 },
        { id: 'File[/d]', width: 80, height: 26 },
      ],
      edges: [{ source: 'Class[c]', target: 'File[/d]' }],
    });
    assert.equal(worker.sent.length, 1, 'not sent to the worker');
    assert.deepEqual(next.positions, { 'Class[c]': { x: 1, y: 2 }, 'File[/d]': { x: 140, y: 2 } });
    assert.equal(next.ms, 0);
  });

  test('hands each layout ELK made on for the host, by place; not one kept, nor a fallback', async () => {
    const handed: KeptLayout[] = [];
    const worker = new FakeWorker();
    const { client } = clientWith([worker], 60_000, (layout) => handed.push(layout));
    await laidOutByElk(client, worker);
    assert.equal(handed.length, 1);
    assert.deepEqual(handed[0]!.corners, [1, 2, 140, 2]);
    await client.layout(request);
    assert.equal(handed.length, 1, 'a layout kept is not handed on again');
    const wider = client.layout({ ...request, direction: 'TB' });
    await tick();
    worker.answer({ positions: {}, engine: 'fast', ms: 1, error: 'ELK threw' });
    await wider;
    assert.equal(handed.length, 1, 'a fallback is not handed on');
  });

  test("takes the host's layouts: a graph of their shape is drawn without the worker", async () => {
    const handed: KeptLayout[] = [];
    const one = new FakeWorker();
    const { client: page } = clientWith([one], 60_000, (layout) => handed.push(layout));
    await laidOutByElk(page, one);
    // another page, which the host gives what the first one laid out
    const other = new FakeWorker();
    const { client: next } = clientWith([other]);
    next.keep(handed);
    const drawn = await next.layout(request);
    assert.equal(other.sent.length, 0, 'not sent to the worker');
    assert.equal(drawn.kept, true);
    assert.deepEqual(drawn.positions, PLACED);
    // a layout under the key of a graph with another number of resources is not used
    const three = {
      ...request,
      nodes: [...request.nodes, { id: 'File[/c]', width: 80, height: 26 }],
    };
    const silent = new FakeWorker();
    const { client: third } = clientWith([silent], 50);
    third.keep([{ key: new LayoutCache().keyOf(three)!, corners: [1, 2, 3, 4] }]);
    const laidOut = await third.layout(three);
    assert.equal(silent.sent.length, 1, 'sent to the worker');
    assert.equal(laidOut.kept, undefined);
  });

  test('"Retry" (again) and a fallback’s layout go to the worker', async () => {
    const worker = new FakeWorker();
    const { client } = clientWith([worker]);
    const first = client.layout(request);
    await tick();
    worker.answer({ positions: {}, engine: 'fast', ms: 1, error: 'ELK threw' });
    await first;
    // the fast layout ELK's failure made is not kept
    const second = client.layout(request);
    await tick();
    assert.equal(worker.sent.length, 2);
    worker.answer({ positions: {}, engine: 'elk', ms: 1 });
    await second;
    const retried = client.layout(request, true);
    await tick();
    assert.equal(worker.sent.length, 3, 'asked again though ELK laid it out');
    worker.answer({ positions: {}, engine: 'elk', ms: 1 });
    await retried;
  });

  test('a worker that does not start falls back, and the next layout tries again', async () => {
    let attempts = 0;
    const client = new LayoutClient({
      startWorker: async () => {
        attempts++;
        throw new Error('the layout worker did not load (404)');
      },
    });
    assert.match((await client.layout(request)).failure ?? '', /404/);
    await client.layout(request);
    assert.equal(attempts, 2);
  });

  describe('practice: ELK warmed up on the last graph while the view is idle', () => {
    /** Answers each practice round as it comes, with the worker's time of each in turn. */
    async function practiseWith(client: LayoutClient, worker: FakeWorker, roundsMs: number[]) {
      const before = worker.sent.length;
      const practised = client.practice();
      for (const [index, ms] of roundsMs.entries()) {
        await tick();
        assert.equal(worker.sent.length, before + index + 1, `round ${index + 1} sent`);
        worker.answer({ positions: PLACED, engine: 'elk', ms });
      }
      return practised;
    }

    test('runs the last graph ELK laid out until a round takes a third of its first layout', async () => {
      const handed: KeptLayout[] = [];
      const worker = new FakeWorker();
      const { client } = clientWith([worker], 60_000, (layout) => handed.push(layout));
      await laidOutByElk(client, worker); // 250 ms
      assert.equal(await practiseWith(client, worker, [160, 120, 83]), 3);
      assert.deepEqual(
        worker.sent.slice(1).map((sent) => sent.ids),
        [
          request.nodes.map((node) => node.id),
          request.nodes.map((node) => node.id),
          request.nodes.map((node) => node.id),
        ],
      );
      assert.equal(handed.length, 1, 'rounds are not handed on for the host');
      // each worker practises once
      assert.equal(await client.practice(), 0);
      assert.equal(worker.sent.length, 4);
    });

    test('gives way: a layout asked for meanwhile ends the practice after the round under way', async () => {
      const worker = new FakeWorker();
      const { client } = clientWith([worker]);
      await laidOutByElk(client, worker);
      const practised = client.practice();
      await tick();
      assert.equal(worker.sent.length, 2, 'the first round');
      const other = { ...request, direction: 'TB' as const };
      const asked = client.layout(other);
      await tick();
      assert.equal(worker.sent.length, 3, "the view's layout is sent at once");
      worker.answer({ positions: PLACED, engine: 'elk', ms: 240 }, worker.sent[1]);
      assert.equal(await practised, 1, 'no round after the one under way');
      worker.answer({ positions: PLACED, engine: 'elk', ms: 70 }, worker.sent[2]);
      assert.deepEqual((await asked).positions, PLACED);
      assert.equal(worker.sent.length, 3);
    });

    test('at most `rounds` rounds; nothing for a graph too small, a hidden page or a failure', async () => {
      const worker = new FakeWorker();
      const { client } = clientWith([worker]);
      assert.equal(await client.practice(), 0, 'nothing laid out yet');
      await laidOutByElk(client, worker);
      assert.equal(await client.practice(() => false), 0, 'the page hidden');
      assert.equal(await practiseWith(client, worker, Array(12).fill(200)), 12);

      const small = new FakeWorker();
      const { client: tiny } = (() => {
        const made = new LayoutClient({
          practice: { ...PRACTICE, minNodes: 3 },
          startWorker: async () => small,
        });
        return { client: made };
      })();
      await laidOutByElk(tiny, small);
      assert.equal(await tiny.practice(), 0, 'two resources, fewer than three');
      assert.equal(small.sent.length, 1);

      const failing = new FakeWorker();
      const { client: third } = clientWith([failing]);
      await laidOutByElk(third, failing);
      const practised = third.practice();
      await tick();
      failing.crash('out of memory');
      assert.equal(await practised, 1, 'a failed round ends it');
      assert.equal(failing.terminated, true);
    });

    test("a graph drawn with a kept layout is practised, ELK's first round its measure", async () => {
      const handed: KeptLayout[] = [];
      const one = new FakeWorker();
      const { client: page } = clientWith([one], 60_000, (layout) => handed.push(layout));
      await laidOutByElk(page, one);
      const other = new FakeWorker();
      const { client: next, started } = clientWith([other]);
      next.keep(handed);
      assert.equal((await next.layout(request)).kept, true);
      assert.equal(started.length, 0, 'no worker yet');
      // the first round (300 ms) is the measure: done at 100 ms
      assert.equal(await practiseWith(next, other, [300, 150, 100]), 3);
      assert.equal(started.length, 1, 'practice started the worker');
    });
  });
});
