/**
 * The client's compiled code is kept for the next start: after the first answer, the extension
 * writes V8's code cache of dist/client.js into its global storage, and the V8 of this very
 * extension host takes it (loading a copy of the bundle with it, as the next start will).
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ClientLibrary } from '../../../src/extension/connections/clientLibrary';
import { requireWithCodeCache } from '../../../src/extension/connections/codeCachedModule';
import type { ExtensionApi } from '../../../src/extension/extension';
import { testServer } from '../../integration/support/puppetdb';
import { extensionLog } from '../extensionLog';
import { until } from '../until';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';

describe("the client's code cache", () => {
  it('is written after the first answer and taken by the V8 of the extension host', async () => {
    const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!;
    const api = await extension.activate();
    const { store, context } = api.services;
    const server = testServer();
    const copyDir = mkdtempSync(join(tmpdir(), 'client-copy-'));
    try {
      await addConnection({
        connection: {
          id: 'code-cache',
          name: 'Code cache',
          url: `http://${server.host}:${server.httpPort}`,
        },
        secrets: {},
      });
      const client = await store.client('code-cache');
      assert.match(await client.currentVersion(), /^\d+\./);

      const how = await until(
        'the log to say how the client was loaded',
        () =>
          /Loaded the client in \d+ ms \((from its compiled code|compiled)/.exec(
            extensionLog(context),
          )?.[1],
      );
      const cacheDir = join(context.globalStorageUri.fsPath, 'code-cache');
      const caches = await until('the code cache in the global storage', () => {
        try {
          // the extension's own bundle keeps its cache there too (codeCachedEntry.ts)
          const names = readdirSync(cacheDir).filter(
            (name) => name.startsWith('client-') && name.endsWith('.v8cache'),
          );
          return names.length > 0 && names;
        } catch {
          return false;
        }
      });
      assert.equal(caches.length, 1, `one cache, not ${caches.join(', ')}`);
      assert.match(caches[0]!, /^client-[0-9a-f]{32}\.v8cache$/);
      if (how === 'compiled') {
        await until('the log to say the compiled code was kept', () =>
          extensionLog(context).includes("Kept the client's compiled code for the next start"),
        );
      }

      // another file of the same text: V8 compiles it anew, from the cache
      const copy = join(copyDir, 'client.js');
      copyFileSync(join(extension.extensionPath, 'dist', 'client.js'), copy);
      const next = await requireWithCodeCache<ClientLibrary>(copy, cacheDir);
      assert.equal(next.cacheUsed, true, "this host's V8 refused the cache");
      assert.equal(typeof next.exports.connect, 'function');
    } finally {
      await store.remove('code-cache');
      rmSync(copyDir, { recursive: true, force: true });
    }
  });
});
