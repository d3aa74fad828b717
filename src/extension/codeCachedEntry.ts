/**
 * The extension's entry (dist/extension.js): loads the extension itself (dist/extensionMain.js)
 * with V8's code cache kept in the extension's global storage, as the client library is loaded
 * (codeCachedModule.ts). Without it, every start of the extension host compiles the half-megabyte
 * bundle again before activate() can run; with it, V8 reads the bytecode it made at an earlier
 * start. The cache is written once per build, after the first activation that compiled.
 *
 * Where there is no separate main bundle (the test and bench bundles import extension.ts
 * themselves), nothing here is used.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type * as vscode from 'vscode';
import { requireWithCodeCache, type CodeCachedModule } from './connections/codeCachedModule';
import type * as Main from './extension';

let main: CodeCachedModule<typeof Main> | undefined;

export async function activate(
  context: vscode.ExtensionContext,
): Promise<Main.ExtensionApi | undefined> {
  const started = performance.now();
  main = await requireWithCodeCache<typeof Main>(
    join(__dirname, 'extensionMain.js'),
    join(context.globalStorageUri.fsPath, 'code-cache'),
  );
  const loaded = main;
  const api = loaded.exports.activate(context, {
    ms: performance.now() - started,
    fromCache: loaded.cacheUsed,
  });
  // what activation compiled is in it too; written after it, not during it
  if (!loaded.cacheUsed) setTimeout(() => void loaded.saveCache().catch(() => undefined), 0);
  return api;
}

export function deactivate(): void {
  main?.exports.deactivate();
}
