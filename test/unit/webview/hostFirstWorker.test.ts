/**
 * The graph page's layout worker (src/webview/graph/hostFirstWorker.ts): the host's layout thread
 * for a graph it takes once it said it lays graphs out, the page's own worker for the rest and for
 * what the host could not lay out.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LayoutWorker } from '../../../src/shared/graphLayout/layoutClient';
import type {
  LayoutAnswerMessage,
  LayoutRequestMessage,
} from '../../../src/shared/graphLayout/layoutTypes';
import { encodeRequest } from '../../../src/shared/graphLayout/layoutWire';
import { ELK_LIMIT, type HostLayoutRequest } from '../../../src/shared/graphLayouts';
import { HostFirstWorker } from '../../../src/webview/graph/hostFirstWorker';
import { FakeLayoutWorker as FakeWorker } from '../../fixtures/graph/fakeLayoutWorker';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A chain of `count` resources, packed as the layout client sends it. */
function chain(id: number, count: number): LayoutRequestMessage {
  const nodes = Array.from({ length: count }, (_, index) => ({
    id: `File[/f${index}]`,
    width: 80 + index,
    height: 26,
  }));
  const edges = nodes
    .slice(1)
    .map((node, index) => ({ source: nodes[index]!.id, target: node.id }));
  return encodeRequest(id, { direction: 'TB', nodes, edges }).message;
}

function setUp(options: { hostLaysOut?: boolean; own?: () => Promise<LayoutWorker> } = {}) {
  const own = new FakeWorker();
  const asked: HostLayoutRequest[] = [];
  const answers: LayoutAnswerMessage[] = [];
  const errors: string[] = [];
  let hostLaysOut = options.hostLaysOut ?? true;
  const worker = new HostFirstWorker(
    () => hostLaysOut,
    (request) => asked.push(request),
    options.own ?? (async () => own),
  );
  worker.onmessage = ({ data }) => answers.push(data);
  worker.onerror = (event) => errors.push(event.message ?? '');
  return {
    worker,
    own,
    asked,
    answers,
    errors,
    laysOut: (value: boolean) => (hostLaysOut = value),
  };
}

describe('HostFirstWorker', () => {
  test("a graph goes to the host once it said it lays graphs out; its answer comes back the worker's way", async () => {
    const { worker, own, asked, answers, laysOut } = setUp({ hostLaysOut: false });
    await tick();
    worker.postMessage(chain(1, 3), []);
    await tick();
    assert.equal(own.sent.length, 1, 'before the host says so, the page lays it out');
    laysOut(true);
    worker.postMessage(chain(2, 3), []);
    await tick();
    assert.equal(own.sent.length, 1);
    assert.deepEqual(asked, [
      { id: 2, direction: 'TB', sizes: [80, 26, 81, 26, 82, 26], ends: [0, 1, 1, 2] },
    ]);
    worker.answer({ id: 2, engine: 'elk', ms: 40, corners: [0, 0, 0, 70, null, 140] });
    assert.equal(answers.length, 1);
    const [answer] = answers;
    assert.equal(answer!.id, 2);
    assert.equal(answer!.byHost, true);
    assert.deepEqual(Array.from(answer!.corners), [0, 0, 0, 70, Number.NaN, 140]);
    // an answer to nothing asked (or asked twice) is not passed on
    worker.answer({ id: 2, engine: 'elk', ms: 40, corners: [0, 0, 0, 70, 0, 140] });
    worker.answer({ id: 9, engine: 'elk', ms: 40, corners: [] });
    assert.equal(answers.length, 1);
  });

  test("a graph bigger than the host takes goes to the page's worker", async () => {
    const { worker, own, asked } = setUp();
    worker.postMessage(chain(1, ELK_LIMIT + 1), []);
    worker.postMessage(chain(2, ELK_LIMIT), []);
    await tick();
    assert.deepEqual(
      own.sent.map((sent) => sent.id),
      [1],
    );
    assert.deepEqual(
      asked.map((request) => request.id),
      [2],
    );
  });

  test("a graph the host answered without a layout is laid out by the page's worker", async () => {
    const { worker, own, answers } = setUp();
    const request = chain(4, 3);
    worker.postMessage(request, []);
    worker.answer({ id: 4, engine: 'fast', ms: 0, corners: [], error: 'refused' });
    await tick();
    assert.equal(own.sent.length, 1);
    assert.deepEqual(own.sent[0]!.ids, request.ids);
    assert.deepEqual(Array.from(own.sent[0]!.sizes), Array.from(request.sizes));
    own.onmessage?.({ data: { id: 4, engine: 'elk', ms: 300, corners: new Float64Array(6) } });
    assert.equal(answers.length, 1);
    assert.equal(answers[0]!.byHost, undefined);
  });

  test('stopped, it passes nothing on and stops the page’s worker', async () => {
    const { worker, own, asked, answers } = setUp();
    worker.postMessage(chain(1, 2), []);
    worker.terminate();
    worker.answer({ id: 1, engine: 'elk', ms: 1, corners: [0, 0, 0, 0] });
    worker.postMessage(chain(2, 2), []);
    await tick();
    assert.equal(answers.length, 0);
    assert.equal(asked.length, 1);
    assert.equal(own.terminated, true);
  });

  test("a page's worker that does not start fails the first request sent to it", async () => {
    const { worker, errors } = setUp({
      own: async () => {
        throw new Error('the layout worker did not load (404)');
      },
    });
    await tick();
    assert.deepEqual(errors, [], 'not before a request needs it');
    worker.postMessage(chain(1, ELK_LIMIT + 1), []);
    await tick();
    assert.deepEqual(errors, ['the layout worker did not load (404)']);
  });
});
