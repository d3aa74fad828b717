/**
 * Loading a bundle with V8's code cache: it behaves as `require` does, a later load takes the
 * cache, and no cache (another build, a damaged file, a folder that can't be written) ever runs
 * the wrong code or stops the module from loading.
 *
 * Each load is from a folder of its own: V8 also keeps compiled scripts in memory, by name, and a
 * second load of the same file in one process would be answered from there, not from the file.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { requireWithCodeCache } from '../../../../src/extension/connections/codeCachedModule';

const root = mkdtempSync(join(tmpdir(), 'code-cache-test-'));
after(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;
/** A bundle named client.js, in a new folder, with this text. */
function bundle(source: string): string {
  const dir = join(root, `bundle-${folders++}`);
  mkdirSync(dir);
  const file = join(dir, 'client.js');
  writeFileSync(file, source);
  return file;
}

interface Exports {
  answer: string;
  filename: string;
  dirname: string;
  hasPath: boolean;
}

const source = (answer: string): string =>
  `"use strict";
const path = require('node:path');
function answerOf() { return ${JSON.stringify(answer)}; }
module.exports = { answer: answerOf(), filename: __filename, dirname: __dirname, hasPath: typeof path.join === 'function' };
`;

describe('requireWithCodeCache', () => {
  test('runs the module as require would: its exports, require, __filename and __dirname', async () => {
    const file = bundle(source('first'));
    const loaded = await requireWithCodeCache<Exports>(file, join(root, 'cache-a'));
    assert.equal(loaded.cacheUsed, false);
    assert.deepEqual(loaded.exports, {
      answer: 'first',
      filename: file,
      dirname: join(file, '..'),
      hasPath: true,
    });
  });

  test('a later load takes the cache the first one saved', async () => {
    const cacheDir = join(root, 'cache-b');
    const first = await requireWithCodeCache<Exports>(bundle(source('same')), cacheDir);
    await first.saveCache();
    assert.equal(readdirSync(cacheDir).length, 1);
    const second = await requireWithCodeCache<Exports>(bundle(source('same')), cacheDir);
    assert.equal(second.cacheUsed, true);
    assert.equal(second.exports.answer, 'same');
  });

  test('another build of the same length never runs the cached code, and replaces its cache', async () => {
    const cacheDir = join(root, 'cache-c');
    const old = await requireWithCodeCache<Exports>(bundle(source('old build')), cacheDir);
    await old.saveCache();
    const [oldCache] = readdirSync(cacheDir);
    assert.equal(source('old build').length, source('new build').length);
    const updated = await requireWithCodeCache<Exports>(bundle(source('new build')), cacheDir);
    assert.equal(updated.cacheUsed, false);
    assert.equal(updated.exports.answer, 'new build');
    await updated.saveCache();
    const caches = readdirSync(cacheDir);
    assert.equal(caches.length, 1, "the old build's cache is removed");
    assert.notEqual(caches[0], oldCache);
  });

  test('a damaged cache is refused, the module loads, and the cache is written anew', async () => {
    const cacheDir = join(root, 'cache-d');
    const first = await requireWithCodeCache<Exports>(bundle(source('intact')), cacheDir);
    await first.saveCache();
    const [name] = readdirSync(cacheDir);
    writeFileSync(join(cacheDir, name!), Buffer.alloc(4096, 0x5a));
    const damaged = await requireWithCodeCache<Exports>(bundle(source('intact')), cacheDir);
    assert.equal(damaged.cacheUsed, false);
    assert.equal(damaged.exports.answer, 'intact');
    await damaged.saveCache();
    const again = await requireWithCodeCache<Exports>(bundle(source('intact')), cacheDir);
    assert.equal(again.cacheUsed, true);
  });

  test('a cache folder that cannot be written fails the saving only', async () => {
    const notAFolder = join(root, 'a-file');
    writeFileSync(notAFolder, 'not a folder');
    const loaded = await requireWithCodeCache<Exports>(bundle(source('still works')), notAFolder);
    assert.equal(loaded.exports.answer, 'still works');
    await assert.rejects(loaded.saveCache());
  });

  test("saving removes only this bundle's older caches", async () => {
    const cacheDir = join(root, 'cache-e');
    mkdirSync(cacheDir);
    const others = ['other-0123456789abcdef0123456789abcdef.v8cache', 'notes.txt'];
    for (const name of others) writeFileSync(join(cacheDir, name), 'keep');
    const stale = `client-${'0'.repeat(32)}.v8cache`;
    writeFileSync(join(cacheDir, stale), 'stale');
    const loaded = await requireWithCodeCache<Exports>(bundle(source('tidy')), cacheDir);
    await loaded.saveCache();
    const left = readdirSync(cacheDir).sort();
    assert.equal(left.length, 3);
    assert.ok(!left.includes(stale));
    for (const name of others) assert.ok(left.includes(name));
  });

  test('a module that throws fails the load as require would', async () => {
    const file = bundle('throw new Error("broken bundle");');
    await assert.rejects(requireWithCodeCache(file, join(root, 'cache-f')), /broken bundle/);
  });
});
