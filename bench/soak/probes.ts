/**
 * What the soak measures in the extension host: heap and RSS after a full GC, the webview panels
 * open, and what would show a leak of listeners or handles (the listeners on the extension's own
 * event emitters, the disposables it registered, the Node handles and process listeners alive).
 */
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/extension';
import { WebviewPanels } from '../../src/extension/ids';

/** The extension host's own `gc()`: the host runs without --expose-gc, so turn it on here. */
const collectGarbage: () => void = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();

export interface Checkpoint {
  label: string;
  heapUsedMb: number;
  rssMb: number;
  externalMb: number;
  /** Webview tabs open, by view type (the extension's panels only). */
  webviews: Record<string, number>;
  /** The PQL results panel, as the extension reports it (open or not). */
  resultsPanelOpen: boolean;
  /** Listeners on each event emitter the extension's services hold, by path. */
  emitterListeners: Record<string, number>;
  /** Disposables the extension registered with VS Code (context.subscriptions). */
  subscriptions: number;
  /** Open PuppetDB clients (one per connection used). */
  openClients: number;
  /** Node handles and requests alive (timers, sockets, …), by kind. */
  activeResources: Record<string, number>;
  /** Listeners on `process`, all events together. */
  processListeners: number;
}

const megabytes = (bytes: number) => bytes / 1024 / 1024;

/** Collects until the heap stops shrinking (weak maps and finalizers need more than one pass). */
async function settledHeap(): Promise<NodeJS.MemoryUsage> {
  let usage = process.memoryUsage();
  for (let pass = 0; pass < 4; pass++) {
    collectGarbage();
    await new Promise((resolve) => setImmediate(resolve));
    const next = process.memoryUsage();
    const shrank = usage.heapUsed - next.heapUsed;
    usage = next;
    if (pass > 0 && shrank < 256 * 1024) break;
  }
  return usage;
}

export function webviewTabs(viewType?: string): vscode.Tab[] {
  const ours = new Set<string>(Object.values(WebviewPanels));
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => {
      if (!(tab.input instanceof vscode.TabInputWebview)) return false;
      // the tab's view type carries a prefix (e.g. "mainThreadWebview-")
      const type = [...ours].find((entry) =>
        (tab.input as vscode.TabInputWebview).viewType.endsWith(entry),
      );
      return type !== undefined && (viewType === undefined || type === viewType);
    });
}

/** Every vscode.EventEmitter reachable from the services (a few levels deep), with its path. */
function emitters(root: object, depth = 3): Map<string, vscode.EventEmitter<unknown>> {
  const found = new Map<string, vscode.EventEmitter<unknown>>();
  const seen = new Set<object>();
  const walk = (value: unknown, path: string, level: number) => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (value instanceof vscode.EventEmitter) {
      found.set(path, value);
      return;
    }
    if (level === 0 || Array.isArray(value) || value instanceof Map) return;
    for (const key of Object.keys(value)) {
      if (key === 'context') continue; // VS Code's ExtensionContext, not the extension's
      walk((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key, level - 1);
    }
  };
  walk(root, '', depth);
  return found;
}

/** Listeners on a VS Code Emitter: its internal `_size` (the count VS Code keeps itself). */
function listenerCount(emitter: vscode.EventEmitter<unknown>): number {
  const size = (emitter as unknown as { _size?: unknown })._size;
  return typeof size === 'number' ? size : Number.NaN;
}

export async function checkpoint(label: string, api: ExtensionApi): Promise<Checkpoint> {
  const usage = await settledHeap();
  const webviews: Record<string, number> = {};
  for (const type of Object.values(WebviewPanels)) webviews[type] = webviewTabs(type).length;
  const emitterListeners: Record<string, number> = {};
  for (const [path, emitter] of emitters(api.services)) {
    emitterListeners[path] = listenerCount(emitter);
  }
  const activeResources: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) {
    activeResources[kind] = (activeResources[kind] ?? 0) + 1;
  }
  const clients = (api.services.store as unknown as { clients?: Map<string, unknown> }).clients;
  return {
    label,
    heapUsedMb: megabytes(usage.heapUsed),
    rssMb: megabytes(usage.rss),
    externalMb: megabytes(usage.external),
    webviews,
    resultsPanelOpen: api.pqlResults() !== undefined,
    emitterListeners,
    subscriptions: api.services.context.subscriptions.length,
    openClients: clients?.size ?? Number.NaN,
    activeResources,
    processListeners: process
      .eventNames()
      .reduce((sum, name) => sum + process.listenerCount(name), 0),
  };
}

/** One line per measure, for the driver's output. */
export function describe(point: Checkpoint): string[] {
  const entries = (record: Record<string, number>) =>
    Object.entries(record)
      .map(([key, value]) => `${key.replace(/^puppetdbExplorer\./, '')}=${value}`)
      .join(', ') || 'none';
  return [
    `${point.label}: heap used ${point.heapUsedMb.toFixed(1)} MB, RSS ${point.rssMb.toFixed(1)} MB, external ${point.externalMb.toFixed(1)} MB (after GC)`,
    `  webview tabs open: ${entries(point.webviews)}; results panel held: ${point.resultsPanelOpen}`,
    `  emitter listeners: ${entries(point.emitterListeners)}`,
    `  context.subscriptions: ${point.subscriptions}; open clients: ${point.openClients}; process listeners: ${point.processListeners}`,
    `  active handles: ${entries(point.activeResources)}`,
  ];
}
