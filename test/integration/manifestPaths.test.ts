/**
 * The reverse lookup's pattern (code/manifestPaths.ts suffixPattern: which manifest paths PuppetDB
 * knows may be a workspace file), asked of the real PuppetDB as Show Events for This Line and the
 * failure diagnostics ask it: where the workspace's file system ignores case (Windows, macOS) it
 * finds the paths that differ from the file only in case, on the resources and the events
 * endpoints; where it does not (Linux), only those spelt alike.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { PuppetDB } from '../../src/client';
import { suffixPattern } from '../../src/extension/code/manifestPaths';
import type { PathRules } from '../../src/extension/code/pathRules';
import { httpClient } from './support/puppetdb';

const LINUX: PathRules = { path: path.posix, caseInsensitive: false };
const MACOS: PathRules = { path: path.posix, caseInsensitive: true };
const WINDOWS: PathRules = { path: path.win32, caseInsensitive: true };

/** The distinct `file`s of an endpoint matching `query` (as serverPaths.ts asks). */
async function files(client: PuppetDB, endpoint: 'resources' | 'events', query: unknown[]) {
  const rows = (await client
    .stream(endpoint, { query: ['extract', ['file'], query, ['group_by', 'file']] })
    .toArray()) as Array<{ file: string }>;
  return rows.map((row) => row.file).sort();
}

describe("the reverse lookup's pattern, against the real PuppetDB", () => {
  const client = httpClient();

  test("a Windows or macOS workspace's file finds the paths that differ from it only in case; a Linux one's does not", async () => {
    const all = await files(client, 'resources', ['~', 'file', '^/']);
    const expected = all.filter((file) => file.endsWith('/profile/manifests/base.pp'));
    assert.ok(expected.length > 1, `the fleet's base.pp: ${expected.join(', ')}`);
    for (const [local, rules, want] of [
      ['C:\\Users\\me\\Control-Repo\\site-modules\\profile\\Manifests\\Base.pp', WINDOWS, expected],
      ['/Users/me/control-repo/site-modules/profile/MANIFESTS/base.PP', MACOS, expected],
      ['/home/me/control-repo/site-modules/profile/manifests/base.pp', LINUX, expected],
      ['/home/me/control-repo/site-modules/profile/manifests/Base.pp', LINUX, []],
    ] as const) {
      const pattern = suffixPattern(local, rules);
      assert.deepEqual(await files(client, 'resources', ['~', 'file', pattern]), want, local);
    }
  });

  test('the events of a file (failure diagnostics) are found the same way', async () => {
    const failed = await files(client, 'events', [
      'and',
      ['=', 'status', 'failure'],
      ['~', 'file', '/profile/manifests/db\\.pp$'],
    ]);
    assert.ok(failed.length > 0, 'the fleet has failed events in profile/manifests/db.pp');
    const pattern = suffixPattern('C:\\Repo\\site-modules\\profile\\manifests\\DB.pp', WINDOWS);
    assert.deepEqual(
      await files(client, 'events', ['and', ['=', 'status', 'failure'], ['~', 'file', pattern]]),
      failed,
    );
  });
});
