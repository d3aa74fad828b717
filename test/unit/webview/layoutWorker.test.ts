/**
 * The layout worker's bundle, built as esbuild.mjs builds it, run in a worker-like global (a
 * `self` and no `document`, which is how ELK's bundle tells it runs in a worker): it answers
 * every request, small graphs by ELK and big ones the fast way, in any order.
 */
import assert from 'node:assert/strict';
import { createContext, runInContext } from 'node:vm';
import { describe, test } from 'node:test';
import * as esbuild from 'esbuild';
import type { Positions } from '../../../src/shared/catalogGraphLayout';
import type {
  LayoutAnswerMessage,
  LayoutRequestMessage,
} from '../../../src/shared/graphLayout/layoutTypes';
import { decodeCorners, encodeRequest } from '../../../src/shared/graphLayout/layoutWire';
import { chainGraph } from '../../fixtures/graph/chainGraph';

/** An answer, its corners unpacked as the view unpacks them. */
type Answer = Omit<LayoutAnswerMessage, 'corners'> & { positions: Positions };

async function workerBundle(): Promise<string> {
  const built = await esbuild.build({
    entryPoints: ['src/webview/graph/layout.worker.ts'],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return built.outputFiles[0]!.text;
}

/**
 * Starts the bundle in a fresh global; `send` posts a request and resolves with its answer, the
 * corners unpacked; the answer must transfer its corners' buffer.
 */
async function startWorker(): Promise<(request: LayoutRequestMessage) => Promise<Answer>> {
  const waiting = new Map<number, (answer: LayoutAnswerMessage, transfer: unknown) => void>();
  const context = createContext({
    performance,
    setTimeout,
    clearTimeout,
    console,
    postMessage: (answer: LayoutAnswerMessage, transfer: unknown) =>
      waiting.get(answer.id)?.(answer, transfer),
  }) as { onmessage?: ((event: { data: unknown }) => unknown) | null };
  // a worker's global is `self`
  runInContext('globalThis.self = globalThis;', context);
  // what postMessage's structured clone does: the worker gets copies made in its own realm
  // (ELK's code tells arrays of another realm apart from its own)
  const copyIn = runInContext(
    `(message) => ({ ...message, ids: Array.from(message.ids),
      sizes: new Float64Array(message.sizes), ends: new Uint32Array(message.ends) })`,
    context,
  ) as (message: LayoutRequestMessage) => LayoutRequestMessage;
  runInContext(await workerBundle(), context);
  return (request) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`request ${request.id} got no answer`)),
        10_000,
      );
      waiting.set(request.id, ({ corners, ...answer }, transfer) => {
        clearTimeout(timer);
        // (the list is the worker global's Array: compared by its one member)
        const transferred = transfer as unknown[];
        if (transferred.length !== 1 || transferred[0] !== corners.buffer) {
          reject(new Error('the answer does not transfer its corners'));
          return;
        }
        resolve({ ...answer, positions: decodeCorners(request.ids, corners) });
      });
      // as a worker's messages come: each in a task of its own
      setImmediate(() => void context.onmessage?.({ data: copyIn(request) }));
    });
}

function chain(id: number, length: number): LayoutRequestMessage {
  return encodeRequest(id, chainGraph(length, 'TB')).message;
}

describe('layout worker bundle', () => {
  test('answers a small graph (ELK), then a big one (fast), then a small one again', async () => {
    const send = await startWorker();
    const first = await send(chain(1, 5));
    assert.equal(first.engine, 'elk', first.error);
    assert.equal(Object.keys(first.positions).length, 5);
    // ELK's bundle, loaded by the first request, must not have taken the worker's messages
    const big = await send(chain(2, 700));
    assert.equal(big.engine, 'fast');
    assert.equal(Object.keys(big.positions).length, 700);
    const again = await send(chain(3, 6));
    assert.equal(again.engine, 'elk');
    assert.equal(again.error, undefined);
  });

  test("ELK lays out a graph's shape: the same one under other names gets the same corners", async () => {
    const send = await startWorker();
    // a chain and a branch: ELK's crossing minimisation and node placement have work to do
    const chain = chainGraph(6, 'TB');
    const graph = {
      ...chain,
      nodes: [...chain.nodes, { id: 'Service[web01]', width: 130, height: 26 }],
      edges: [...chain.edges, { source: chain.nodes[1]!.id, target: 'Service[web01]' }],
    };
    const renamed = {
      ...graph,
      nodes: graph.nodes.map((node) => ({ ...node, id: node.id.replace('01', '02') + '!' })),
      edges: graph.edges.map(({ source, target }) => ({
        source: source.replace('01', '02') + '!',
        target: target.replace('01', '02') + '!',
      })),
    };
    const one = await send(encodeRequest(1, graph).message);
    const other = await send(encodeRequest(2, renamed).message);
    assert.equal(one.engine, 'elk', one.error);
    assert.equal(other.engine, 'elk', other.error);
    assert.deepEqual(
      renamed.nodes.map((node) => other.positions[node.id]),
      graph.nodes.map((node) => one.positions[node.id]),
    );
  });

  test('a big graph first is answered without loading ELK', async () => {
    const send = await startWorker();
    const big = await send(chain(1, 700));
    assert.equal(big.engine, 'fast');
    assert.equal((await send(chain(2, 4))).engine, 'elk');
  });
});
