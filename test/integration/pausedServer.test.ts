/**
 * A PuppetDB that stops answering (its JVM paused with SIGSTOP): a call times out with a clear
 * error, and the server answers again once it continues.
 *
 * @runsAlone (scripts/run-node-tests.mjs): it pauses the PuppetDB the other files read, and their
 * requests, queued meanwhile, would otherwise meet it as it continues (CI: this test failed with
 * another file's requests beside it).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { PuppetDBTimeoutError } from '../../src/client';
import { httpClient, testServer } from './support/puppetdb';

const plain = httpClient();
after(() => plain.disconnect());

test('a server that stops answering (its JVM paused with SIGSTOP) times out', async () => {
  const pid = testServer().pid;
  const db = httpClient({ timeout: 1 });
  process.kill(pid, 'SIGSTOP');
  try {
    await assert.rejects(db.facts().toArray(), (error: unknown) => {
      assert.ok(error instanceof PuppetDBTimeoutError, `got ${String(error)}`);
      assert.match(
        error.message,
        /timed out on 127\.0\.0\.1:\d+ over HTTP: the server did not answer within 1 s/,
      );
      return true;
    });
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  assert.ok((await plain.currentVersion()).startsWith('7.'), 'the server answers again');
  await db.disconnect();
});
