/**
 * The batch of e2e scripts (test/e2e/support/workbenchBatch.ts): the scripts that ask for
 * compatible workbenches share one, in the order the batch names them; a script that ends
 * without asking holds no one up; each request hears its own failure; and a script's second
 * request, or one outside a batch, is its own.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  asBatchScript,
  type BatchRequest,
  inBatch,
  runBatchedMain,
  startBatch,
} from '../../e2e/support/workbenchBatch';

type Options = { settings: string };
type Request = BatchRequest<Options, string>;

/** Starts a batch whose shared runs are recorded (as the scripts' names and passes). */
function recordingBatch(scripts: string[], fail: (request: Request) => unknown = () => undefined) {
  const runs: string[][] = [];
  startBatch<Options, string>(
    scripts,
    async (requests) => {
      runs.push(
        requests.flatMap((request) => request.passes.map((pass) => `${request.script}:${pass}`)),
      );
      return requests.map(fail);
    },
    (a, b) => a.settings === b.settings,
  );
  return runs;
}

/** A script of the batch that asks for a workbench with `settings` and `passes`. */
function asking(script: string, settings: string, passes: string[]): Promise<string> {
  return new Promise((resolve) => {
    asBatchScript(script, () => {
      void runBatchedMain(async () => {
        const shared = inBatch<Options, string>({ options: { settings }, passes });
        assert.ok(shared, `${script}'s first request is the batch's`);
        await shared.then(
          () => resolve('ran'),
          (error: unknown) => resolve(`failed: ${String(error)}`),
        );
      });
    });
  });
}

describe('a batch of e2e scripts', () => {
  test('compatible requests share a workbench, in the order the batch names the scripts', async () => {
    const runs = recordingBatch(['a', 'b', 'c', 'd']);
    // they arrive in another order than named, and d asks for nothing
    const c = asking('c', 'local', ['dark', 'light']);
    const b = asking('b', 'proxy', ['dark']);
    const a = asking('a', 'local', ['hc']);
    assert.deepEqual(runs, [], 'nothing runs while a script may still ask');
    asBatchScript('d', () => void runBatchedMain(async () => undefined));
    assert.deepEqual(await Promise.all([a, b, c]), ['ran', 'ran', 'ran']);
    assert.deepEqual(runs, [['a:hc', 'c:dark', 'c:light'], ['b:dark']]);
  });

  test("each request hears its own failure, and the others' passes still count", async () => {
    recordingBatch(['a', 'b'], (request) =>
      request.script === 'b' ? new Error('b broke') : undefined,
    );
    const a = asking('a', 'local', ['dark']);
    const b = asking('b', 'local', ['dark']);
    assert.deepEqual(await Promise.all([a, b]), ['ran', 'failed: Error: b broke']);
  });

  test("a script's second request, and one outside the batch, are its own", async () => {
    recordingBatch(['a']);
    await asking('a', 'local', ['dark']);
    asBatchScript('a', () => {
      assert.equal(
        inBatch<Options, string>({ options: { settings: 'local' }, passes: [] }),
        undefined,
      );
    });
    asBatchScript('z', () => {
      assert.equal(
        inBatch<Options, string>({ options: { settings: 'local' }, passes: [] }),
        undefined,
      );
    });
  });
});
