/**
 * The extension's entry (dist/extension.js). At VS Code's start it runs only the startup shell
 * (startup/startupShell.ts): the extension itself (dist/extensionMain.js, half a megabyte) loads
 * when something first needs it, with V8's code cache kept in the extension's global storage, as
 * the client library is loaded (codeCachedModule.ts). With the cache, V8 reads the bytecode it
 * made at an earlier start instead of compiling the bundle again. The cache is written once per
 * build, after the first load that compiled.
 *
 * The extension's own tests and benchmarks (ExtensionMode.Test) get its API from activate(): for
 * them it loads at once.
 */
// first: it marks when this bundle began to run
import { bundleStarted, bundleStartedCpu, cpuMsSince } from './bundleStart';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type * as Main from './extension';
import { StartupShell, type BundleLoader } from './startup/startupShell';

let shell: StartupShell<Main.ExtensionApi> | undefined;
/** When this bundle's modules had run (VS Code calls activate() some time later). */
const modulesRan = performance.now();
const modulesCpuMs = cpuMsSince(bundleStartedCpu);

export function activate(
  context: vscode.ExtensionContext,
): Promise<Main.ExtensionApi | undefined> | undefined {
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  const log = vscode.window.createOutputChannel('PuppetDB Explorer', { log: true });
  shell = new StartupShell(context, log, loadBundle(context));
  context.subscriptions.push(log, shell);
  const modulesMs = modulesRan - bundleStarted;
  const activateMs = performance.now() - started;
  const cpuMs = modulesCpuMs + cpuMsSince(startedCpu);
  log.info(
    `Activated in ${(modulesMs + activateMs).toFixed(1)} ms (${cpuMs.toFixed(1)} ms of the ` +
      `host's CPU): the startup shell's modules ran in ` +
      `${modulesMs.toFixed(1)} ms, its activate() took ${activateMs.toFixed(1)} ms; the ` +
      'extension loads when a command, the PuppetDB view, a manifest or a query first needs it',
  );
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return shell.load('the tests').then((loaded) => loaded.api);
}

function loadBundle(context: vscode.ExtensionContext): BundleLoader<Main.ExtensionApi> {
  return async () => {
    const started = performance.now();
    // loaded here, not at the start: it needs node:crypto, which costs a start 20 ms or more
    const { requireWithCodeCache } = await import('./connections/codeCachedModule');
    const main = await requireWithCodeCache<typeof Main>(
      join(__dirname, 'extensionMain.js'),
      join(context.globalStorageUri.fsPath, 'code-cache'),
    );
    return {
      bundle: main.exports,
      loading: { ms: performance.now() - started, fromCache: main.cacheUsed },
      // what the extension's start compiled is in it too
      started: () => void main.saveCache().catch(() => undefined),
    };
  };
}

export function deactivate(): void {
  shell?.deactivate();
}
