/**
 * The host's graph layouts (src/extension/graph/hostLayouts.ts), in a real worker thread of the
 * layout thread's bundle built as esbuild.mjs builds it: a page's graph laid out by ELK exactly as
 * the page's own worker lays it out, a request with an edge outside its resources refused, and the
 * thread stopped with the last graph panel.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as esbuild from 'esbuild';
import ElkBundled from 'elkjs/lib/elk.bundled.js';
import { HostLayouts, layoutThread } from '../../../../src/extension/graph/hostLayouts';
import { answerLayout } from '../../../../src/shared/graphLayout/elkLayout';
import type { LayoutWorker } from '../../../../src/shared/graphLayout/layoutClient';
import { encodeRequest } from '../../../../src/shared/graphLayout/layoutWire';
import type { HostLayoutRequest } from '../../../../src/shared/graphLayouts';
import { chainGraph } from '../../../fixtures/graph/chainGraph';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `condition` holds (checked every 10 ms, for 10 s at most). */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 10_000) throw new Error('the condition did not come true within 10 s');
    await delay(10);
  }
}

let folder: string;
let threadPath: string;

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'host-layouts-'));
  threadPath = join(folder, 'graphLayoutThread.js');
  const built = await esbuild.build({
    entryPoints: ['src/extension/graph/layoutThread.ts'],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20.18',
    write: false,
    logLevel: 'silent',
  });
  writeFileSync(threadPath, built.outputFiles[0]!.text);
});
after(() => rmSync(folder, { recursive: true, force: true }));

/** The threads started, and whether each was stopped. */
function counted() {
  const threads: Array<{ stopped: boolean }> = [];
  const start = (): LayoutWorker => {
    const worker = layoutThread(threadPath);
    const record = { stopped: false };
    threads.push(record);
    const terminate = worker.terminate.bind(worker);
    worker.terminate = () => {
      record.stopped = true;
      terminate();
    };
    return worker;
  };
  return { threads, start };
}

function warnings() {
  const said: string[] = [];
  return { said, log: { warn: (message: string) => void said.push(message) } };
}

/** `chainGraph` as a page sends it to the host. */
function asPageSends(id: number, size: number): HostLayoutRequest {
  const { message } = encodeRequest(id, chainGraph(size, 'TB'));
  return {
    id,
    direction: message.direction,
    sizes: Array.from(message.sizes),
    ends: Array.from(message.ends),
  };
}

describe('HostLayouts', () => {
  test("lays a page's graph out in its thread, by ELK, corner for corner as the page's worker does", async () => {
    const { threads, start } = counted();
    const { said, log } = warnings();
    const layouts = new HostLayouts(start, log);
    const panel = layouts.open();
    layouts.prepare();
    assert.equal(threads.length, 1, 'the thread starts while the page is made');
    const answer = await layouts.answer(asPageSends(7, 40));
    assert.equal(answer.id, 7);
    assert.equal(answer.engine, 'elk');
    assert.equal(answer.error, undefined);
    // what a page's worker gives for the same graph (elkLayout.ts, ELK run here)
    const { message } = encodeRequest(7, chainGraph(40, 'TB'));
    const inPage = await answerLayout(message, async () => new ElkBundled());
    assert.deepEqual(answer.corners, Array.from(inPage.corners));
    assert.equal(threads.length, 1, 'one thread');
    assert.deepEqual(said, []);
    panel.dispose();
  });

  test('a request whose edge ends outside its resources is answered without corners, and logged', async () => {
    const { start } = counted();
    const { said, log } = warnings();
    const layouts = new HostLayouts(start, log);
    const panel = layouts.open();
    const request = { ...asPageSends(3, 4), ends: [0, 1, 2, 4] };
    const answer = await layouts.answer(request);
    assert.deepEqual(answer.corners, []);
    assert.match(answer.error ?? '', /edge ends at resource 4 of 4/);
    assert.equal(said.length, 1);
    panel.dispose();
  });

  test("a thread that fails answers without corners, for the page's worker; the next request starts another", async () => {
    const { said, log } = warnings();
    let starts = 0;
    const crashing = (): LayoutWorker => {
      const worker: LayoutWorker = {
        postMessage: () =>
          void setTimeout(() => worker.onerror?.({ message: 'out of memory (test)' }), 0),
        terminate: () => undefined,
        onmessage: null,
        onerror: null,
        onmessageerror: null,
      };
      return worker;
    };
    const layouts = new HostLayouts(
      () => (++starts === 1 ? crashing() : layoutThread(threadPath)),
      log,
    );
    const panel = layouts.open();
    const failed = await layouts.answer(asPageSends(5, 6));
    assert.deepEqual(failed.corners, [], 'no fast layout in its place');
    assert.match(failed.error ?? '', /out of memory \(test\)/);
    assert.match(said.join('\n'), /layout thread failed .*out of memory/);
    const next = await layouts.answer(asPageSends(6, 6));
    assert.equal(next.engine, 'elk');
    assert.equal(next.corners.length, 12);
    assert.equal(starts, 2);
    panel.dispose();
  });

  test('the thread outlives the last graph panel for a while, then stops; the next panel starts another', async () => {
    const { threads, start } = counted();
    const layouts = new HostLayouts(start, warnings().log, 50);
    const first = layouts.open();
    const second = layouts.open();
    await layouts.answer(asPageSends(1, 5));
    first.dispose();
    first.dispose();
    second.dispose();
    // a panel opened meanwhile finds the same thread
    const meanwhile = layouts.open();
    // (past the idle time: the timer under test)
    await delay(150);
    assert.equal((await layouts.answer(asPageSends(2, 5))).engine, 'elk');
    assert.deepEqual(threads, [{ stopped: false }], 'one thread, still running');
    meanwhile.dispose();
    await until(() => threads[0]!.stopped);
    const third = layouts.open();
    assert.equal((await layouts.answer(asPageSends(3, 5))).engine, 'elk');
    assert.deepEqual(threads, [{ stopped: true }, { stopped: false }]);
    third.dispose();
    await until(() => threads[1]!.stopped);
  });
});
