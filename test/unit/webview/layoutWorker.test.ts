/**
 * The layout worker's bundle, built as esbuild.mjs builds it, run in a worker-like global (a
 * `self` and no `document`, which is how ELK's bundle tells it runs in a worker): it answers
 * every request, small graphs by ELK and big ones the fast way, in any order.
 */
import assert from 'node:assert/strict';
import { createContext, runInContext } from 'node:vm';
import { describe, test } from 'node:test';
import * as esbuild from 'esbuild';
import type { LayoutRequest, LayoutResponse } from '../../../src/webview/graph/layoutTypes';

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

/** Starts the bundle in a fresh global; `send` posts a request and resolves with its answer. */
async function startWorker(): Promise<(request: LayoutRequest) => Promise<LayoutResponse>> {
  const waiting = new Map<number, (response: LayoutResponse) => void>();
  const context = createContext({
    performance,
    setTimeout,
    clearTimeout,
    console,
    postMessage: (response: LayoutResponse) => waiting.get(response.id)?.(response),
  }) as { onmessage?: ((event: { data: unknown }) => unknown) | null };
  // a worker's global is `self`
  runInContext('globalThis.self = globalThis;', context);
  runInContext(await workerBundle(), context);
  return (request) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`request ${request.id} got no answer`)),
        10_000,
      );
      waiting.set(request.id, (response) => {
        clearTimeout(timer);
        resolve(response);
      });
      // as a worker's messages come: each in a task of its own
      setImmediate(() => void context.onmessage?.({ data: request }));
    });
}

function chain(id: number, length: number): LayoutRequest {
  const nodes = Array.from({ length }, (_, index) => ({
    id: `File[/f${index}]`,
    width: 90,
    height: 26,
  }));
  const edges = nodes
    .slice(1)
    .map((node, index) => ({ source: nodes[index]!.id, target: node.id }));
  return { id, direction: 'TB', nodes, edges };
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

  test('a big graph first is answered without loading ELK', async () => {
    const send = await startWorker();
    const big = await send(chain(1, 700));
    assert.equal(big.engine, 'fast');
    assert.equal((await send(chain(2, 4))).engine, 'elk');
  });
});
