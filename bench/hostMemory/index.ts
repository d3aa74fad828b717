/**
 * npm run bench:memory — runs inside the real VS Code extension host (webviews in headless
 * Chromium) against the 10,000-node fleet: opens every view at once, one after another (the tree
 * a few levels deep, the overview, the inventory, the fact explorer, recent runs, fleet events, a
 * catalog graph of 3,000 resources, a report, a PQL result of 100,000 rows), then closes them all.
 * After each step it prints the extension host's heap and RSS after a full GC beside the idle
 * host's (measured first, before the extension asked PuppetDB anything), and Chromium's memory as
 * the driver reads it (bench's PDBX_BROWSER_PROBE): the workbench renderer's JS heap, each webview
 * frame's heap and DOM size, and the PSS of Chromium's processes. Nothing is asserted: the
 * targets (≤ 250 MB of heap above idle with everything open, ≤ 10 % above idle after closing
 * everything) are printed beside the figures. MEMORY_HEAP_SNAPSHOTS=<dir> writes a heap snapshot of
 * the host when idle and when everything is closed (bench/heapDiff.ts shows what stayed).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as v8 from 'node:v8';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/extension';
import type { GraphPanelState } from '../../src/extension/graph/catalogGraphPanel';
import { Commands, Views } from '../../src/extension/ids';
import type { EventsPanelInfo } from '../../src/extension/reports/eventsPanel';
import type { ReportPanelInfo } from '../../src/extension/reports/reportPanel';
import { testServer } from '../../test/integration/support/puppetdb';
import { until } from '../../test/vscode/until';
import { checkpoint, webviewTabs, type Checkpoint } from '../soak/probes';
import { bigCatalog, submit } from './bigCatalog';

const log = (text: string) => console.log(`[pdbx] ${text}`);
const CONNECTION_ID = 'memory';
const PQL_ROWS = 100_000;
const GRAPH_RESOURCES = 3000;
const HEAP_TARGET_MB = 250;
const AFTER_CLOSE_TARGET = 1.1;

interface BrowserMemory {
  workbenchJsHeapMb: number;
  webviews: Array<{ view: string; jsHeapMb?: number; domNodes: number }>;
  chromiumPssMb: number;
  chromiumProcesses: number;
}

async function browserMemory(): Promise<BrowserMemory | undefined> {
  const origin = process.env.PDBX_BROWSER_PROBE;
  if (!origin) return undefined;
  const response = await fetch(`${origin}/memory`);
  if (!response.ok) throw new Error(`the browser probe: HTTP ${response.status}`);
  return (await response.json()) as BrowserMemory;
}

const mb = (value: number) => `${value.toFixed(1)} MB`;

async function report(label: string, api: ExtensionApi, idle?: Checkpoint): Promise<Checkpoint> {
  const point = await checkpoint(label, api);
  const open = Object.values(point.webviews).reduce((sum, count) => sum + count, 0);
  const above = idle
    ? `, ${mb(point.heapUsedMb - idle.heapUsedMb)} heap and ${mb(point.rssMb - idle.rssMb)} RSS above idle`
    : '';
  log(
    `${label}: host heap ${mb(point.heapUsedMb)}, RSS ${mb(point.rssMb)} (after GC)${above}; ${open} panels open`,
  );
  const browser = await browserMemory();
  if (browser) {
    const frames = browser.webviews
      .map(
        (frame) =>
          `${frame.view} ${frame.jsHeapMb === undefined ? '?' : mb(frame.jsHeapMb)} / ${frame.domNodes} nodes`,
      )
      .join('; ');
    log(
      `  Chromium: workbench JS heap ${mb(browser.workbenchJsHeapMb)}, ${browser.chromiumProcesses} processes ${mb(browser.chromiumPssMb)} PSS; webview frames (JS heap of their renderer / DOM nodes): ${frames || 'none'}`,
    );
  }
  return point;
}

function snapshot(label: string): void {
  const directory = process.env.MEMORY_HEAP_SNAPSHOTS;
  if (!directory) return;
  mkdirSync(resolve(directory), { recursive: true });
  log(
    `heap snapshot: ${v8.writeHeapSnapshot(join(resolve(directory), `memory-${label}.heapsnapshot`))}`,
  );
}

async function setUp(): Promise<{ api: ExtensionApi; url: string }> {
  const extension = vscode.extensions.getExtension<ExtensionApi>(
    'puppetdb-explorer.puppetdb-explorer',
  )!;
  const api = await extension.activate();
  const server = testServer();
  const url = `http://${server.host}:${server.httpPort}`;
  await api.testing.addConnection({
    connection: { id: CONNECTION_ID, name: 'Memory', url, timeout: 300 },
    secrets: {},
  });
  return { api, url };
}

/** Opens a view through its command and checks what the command answered. */
async function step<T>(
  name: string,
  command: string,
  argument: unknown,
  done: (answer: T | undefined) => string | undefined,
): Promise<void> {
  const started = performance.now();
  const answer = await vscode.commands.executeCommand<T>(command, argument);
  const problem = done(answer);
  if (problem) throw new Error(`${name}: ${problem}`);
  log(`opened ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function graph(certname: string): Promise<void> {
  const started = performance.now();
  for (;;) {
    const state = await vscode.commands.executeCommand<GraphPanelState | undefined>(
      Commands.openCatalogGraph,
      { connectionId: CONNECTION_ID, certname },
    );
    if (state?.error) throw new Error(`the graph of ${certname}: ${state.error}`);
    if (state?.drawn) {
      log(
        `opened the catalog graph (${state.resources} resources, ${state.edges} edges) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      return;
    }
    if (performance.now() - started > 300_000) throw new Error('the graph was not drawn');
    // asking again reveals the open panel and answers its state
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function openTree(api: ExtensionApi): Promise<number> {
  await vscode.commands.executeCommand(`${Views.explorer}.focus`);
  const explorer = api.services.explorer;
  const root = explorer.root(CONNECTION_ID);
  if (!root) throw new Error('the explorer does not show the connection');
  const [nodesFolder] = await explorer.getChildren(root);
  const nodes = await explorer.getChildren(nodesFolder);
  let items = nodes.length;
  for (const node of nodes.slice(0, 3)) {
    await api.services.treeView.reveal(node, { expand: true, select: false, focus: false });
    for (const section of await explorer.getChildren(node)) {
      items += (await explorer.getChildren(section)).length;
      await api.services.treeView.reveal(section, { expand: true, select: false, focus: false });
    }
  }
  return items;
}

async function measure(): Promise<void> {
  const { api, url } = await setUp();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const idle = await report('idle (activated, nothing asked yet)', api);
  snapshot('idle');

  const certname = `memory-bench-${GRAPH_RESOURCES}.example.com`;
  await submit(url, 'replace_catalog', 9, certname, bigCatalog(certname, GRAPH_RESOURCES));
  const client = await api.services.store.client(CONNECTION_ID);
  const [latest] = (await client
    .stream('pql', {
      query: 'reports[hash, certname] { latest_report? = true order by certname limit 1 }',
    })
    .toArray()) as Array<{ hash: string; certname: string }>;
  if (!latest) throw new Error('the fleet has no report');
  try {
    const items = await openTree(api);
    log(`opened the tree: ${items} items listed (3 nodes expanded with their sections)`);
    await report('tree', api, idle);
    await step<{ error?: string }>(
      'the overview',
      Commands.openOverview,
      { connectionId: CONNECTION_ID, waitForPaint: true },
      (info) => info?.error,
    );
    await report('+ overview', api, idle);
    await step<{ state?: string }>(
      'the inventory',
      Commands.openInventory,
      { connectionId: CONNECTION_ID, waitForPaint: true },
      (info) => (info?.state === 'done' ? undefined : `state ${info?.state}`),
    );
    await report('+ inventory', api, idle);
    await step<{ distribution?: unknown; error?: string }>(
      'the fact explorer',
      Commands.exploreFact,
      { connectionId: CONNECTION_ID, path: ['os', 'family'], waitForPaint: true },
      (info) => (info?.distribution ? undefined : (info?.error ?? 'no distribution')),
    );
    await report('+ fact explorer', api, idle);
    await step<{ error?: string }>(
      'recent runs',
      Commands.showRecentRuns,
      { connectionId: CONNECTION_ID, waitForPaint: true },
      (info) => info?.error,
    );
    await report('+ recent runs', api, idle);
    await step<EventsPanelInfo>(
      'fleet events',
      Commands.openEvents,
      { connectionId: CONNECTION_ID, fleet: {} },
      (info) => (info?.state === 'done' ? undefined : `${info?.state} ${info?.error ?? ''}`),
    );
    await report('+ fleet events', api, idle);
    await graph(certname);
    await report(`+ catalog graph of ${GRAPH_RESOURCES} resources`, api, idle);
    await step<ReportPanelInfo>(
      `the report of ${latest.certname}`,
      Commands.openReport,
      { connectionId: CONNECTION_ID, reportHash: latest.hash },
      (info) => (info?.report ? undefined : (info?.error ?? 'no report')),
    );
    await report('+ report', api, idle);
    await step<{ state: string; rows: number }>(
      `a PQL result of ${PQL_ROWS} rows`,
      Commands.runQuery,
      {
        connectionId: CONNECTION_ID,
        query: `facts[certname, name, value] { order by certname, name limit ${PQL_ROWS} }`,
      },
      (outcome) =>
        outcome?.state === 'done' && outcome.rows === PQL_ROWS
          ? undefined
          : `${outcome?.state}, ${outcome?.rows} rows`,
    );
    await until('the results panel to paint every row', () =>
      api.pqlResults()?.shownAllMs !== undefined ? true : undefined,
    );
    const open = await report('everything open', api, idle);
    log(
      `everything open: ${mb(open.heapUsedMb - idle.heapUsedMb)} heap above idle (target <= ${HEAP_TARGET_MB} MB)`,
    );

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await until('every panel to close', () => (webviewTabs().length === 0 ? true : undefined));
    await until('the results panel to be let go', () =>
      api.pqlResults() === undefined ? true : undefined,
    );
    await vscode.commands.executeCommand(
      'workbench.actions.treeView.puppetdbExplorer.explorer.collapseAll',
    );
    const closed = await report('everything closed', api, idle);
    snapshot('closed');
    log(
      `everything closed: heap ${(closed.heapUsedMb / idle.heapUsedMb).toFixed(2)}× idle (target <= ${AFTER_CLOSE_TARGET.toFixed(2)}), RSS ${(closed.rssMb / idle.rssMb).toFixed(2)}× idle`,
    );
  } finally {
    await submit(url, 'deactivate_node', 3, certname, {
      certname,
      producer_timestamp: new Date().toISOString(),
    }).catch((error: unknown) => log(`deactivating ${certname} failed: ${String(error)}`));
  }
}

export async function run(): Promise<void> {
  try {
    await measure();
  } catch (error) {
    // the driver only echoes "[pdbx]" lines: say here why the bench stopped
    log(
      `bench:memory failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    throw error;
  }
}
