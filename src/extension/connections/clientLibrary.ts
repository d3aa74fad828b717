/**
 * The client library, loaded once on first use (activation does not pay for undici). In the
 * packaged extension it is dist/client.js beside the host bundle, loaded with V8's code cache in
 * the extension's global storage (codeCachedModule.ts); where there is no such file (the test and
 * bench bundles, which hold the client inside), it is the bundled module itself.
 *
 * Every part of the extension loads the client here: two loadings would be two copies of it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type * as vscode from 'vscode';
import type * as Client from '../../client';
import { requireWithCodeCache, type CodeCachedModule } from './codeCachedModule';

export type ClientLibrary = typeof Client;

/** The folder of the code cache and the log that says how the client was loaded. */
let codeCache: { dir: string; log: vscode.LogOutputChannel } | undefined;
let loaded: Promise<ClientLibrary> | undefined;
let cachedModule: CodeCachedModule<ClientLibrary> | undefined;
let saving = false;

/** Where the client's code cache is kept: a folder of the extension's own global storage. */
export function keepClientCodeCacheIn(dir: string, log: vscode.LogOutputChannel): void {
  codeCache = { dir, log };
}

export function loadClientLibrary(): Promise<ClientLibrary> {
  loaded ??= load().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/**
 * Keeps the code V8 has compiled of the client for the next start: once per start, and only when
 * it did not come from the cache. Called after a request was answered, so that the cache holds
 * the request's path too, not only what loading ran. A cache that can't be written is a warning
 * in the log: the next start only compiles again.
 */
export function saveClientCodeCache(): void {
  if (saving || !codeCache || !cachedModule || cachedModule.cacheUsed) return;
  saving = true;
  const { dir, log } = codeCache;
  cachedModule.saveCache().then(
    () => log.info(`Kept the client's compiled code for the next start in ${dir}`),
    (error: unknown) => log.warn(`The client's compiled code could not be kept: ${String(error)}`),
  );
}

async function load(): Promise<ClientLibrary> {
  const bundle = join(__dirname, 'client.js');
  if (!codeCache || !existsSync(bundle)) {
    // eslint-disable-next-line no-restricted-syntax -- the one place that loads the client
    return import('../../client');
  }
  const start = performance.now();
  cachedModule = await requireWithCodeCache<ClientLibrary>(bundle, codeCache.dir);
  codeCache.log.info(
    `Loaded the client in ${Math.round(performance.now() - start)} ms ` +
      (cachedModule.cacheUsed
        ? '(from its compiled code, kept by an earlier start)'
        : '(compiled: its compiled code is kept after the first answer)'),
  );
  return cachedModule.exports;
}
