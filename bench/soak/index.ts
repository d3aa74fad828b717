/**
 * npm run bench:soak — runs inside the real VS Code extension host (via test/vscode/runtime.ts,
 * webviews in headless Chromium) against the real PuppetDB: 1,000 tree refreshes with a node's
 * Facts, Resources and Reports expanded, 200 PQL runs of 5,000 rows through Run Query and the
 * results panel, 50 catalog graphs and 50 events tables opened and closed. The work is spread
 * evenly over rounds, so that the second half repeats the first; the heap and RSS (after a full
 * GC) are printed at the start, after every round, at the middle and at the end, with the panels
 * left open and the listeners and handles the extension holds. heap end / heap middle is printed,
 * never asserted (target <= 1.10).
 *
 * Environment: SOAK_SCALE (default 1) scales every count, SOAK_ROUNDS (default 10, even) the
 * rounds, SOAK_HEAP_SNAPSHOTS=<dir> writes a heap snapshot at the middle and at the end (object
 * ids match across the two, so a diff shows what the second half added; writing one raises the
 * RSS for good, so the RSS after the middle means little in such a run).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as v8 from 'node:v8';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/extension';
import { Views } from '../../src/extension/ids';
import { testServer } from '../../test/integration/support/puppetdb';
import { checkpoint, describe, type Checkpoint } from './probes';
import { eventsCycle, graphCycle, pqlRun, treeCycle, type SoakTarget } from './workloads';

const log = (text: string) => console.log(`[pdbx] ${text}`);
const CONNECTION_ID = 'soak';
const ROWS_PER_RUN = 5000;
const QUERY = `facts[certname, name, value] { order by certname, name limit ${ROWS_PER_RUN} }`;

const scale = Number(process.env.SOAK_SCALE ?? '1');
const rounds = Number(process.env.SOAK_ROUNDS ?? '10');
const counts = {
  tree: Math.round(1000 * scale),
  pql: Math.round(200 * scale),
  graphs: Math.round(50 * scale),
  events: Math.round(50 * scale),
};

/** How many of `total` fall in round `round` (0-based) when spread evenly over the rounds. */
const share = (total: number, round: number) =>
  Math.floor((total * (round + 1)) / rounds) - Math.floor((total * round) / rounds);

function snapshot(label: string): void {
  const directory = process.env.SOAK_HEAP_SNAPSHOTS;
  if (!directory) return;
  mkdirSync(resolve(directory), { recursive: true });
  const file = v8.writeHeapSnapshot(join(resolve(directory), `soak-${label}.heapsnapshot`));
  log(`heap snapshot: ${file}`);
}

async function setUp(): Promise<SoakTarget> {
  const extension = vscode.extensions.getExtension<ExtensionApi>(
    'puppetdb-explorer.puppetdb-explorer',
  )!;
  const api = await extension.activate();
  const server = testServer();
  await api.testing.addConnection({
    connection: {
      id: CONNECTION_ID,
      name: 'Soak',
      url: `http://${server.host}:${server.httpPort}`,
      timeout: 120,
    },
    secrets: {},
  });
  // the view on screen, so that VS Code's tree takes part in the refreshes
  await vscode.commands.executeCommand(`${Views.explorer}.focus`);
  const client = await api.services.store.client(CONNECTION_ID);
  const nodes = (await client
    .stream('pql', { query: 'nodes[certname] { order by certname }' })
    .toArray()) as Array<{ certname: string }>;
  if (nodes.length === 0) throw new Error('the PuppetDB holds no nodes: load a fleet first');
  return {
    api,
    connectionId: CONNECTION_ID,
    certnames: nodes.map((node) => node.certname),
    query: QUERY,
    rowsPerRun: ROWS_PER_RUN,
  };
}

/** Seconds spent on each activity, over the whole soak. */
const seconds = { tree: 0, pql: 0, graphs: 0, events: 0 };

async function timed(activity: keyof typeof seconds, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  seconds[activity] += (performance.now() - started) / 1000;
}

async function round(target: SoakTarget, index: number, done: typeof counts): Promise<void> {
  for (let step = share(counts.tree, index); step > 0; step--) {
    await timed('tree', () => treeCycle(target, done.tree++));
  }
  // the results panel is reused run after run, as a user does, and closed after the round's last
  for (let step = share(counts.pql, index); step > 0; step--) {
    done.pql++;
    await timed('pql', () => pqlRun(target, step === 1));
  }
  for (let step = share(counts.graphs, index); step > 0; step--) {
    await timed('graphs', () => graphCycle(target, done.graphs++));
  }
  for (let step = share(counts.events, index); step > 0; step--) {
    await timed('events', () => eventsCycle(target, done.events++));
  }
}

function leaks(start: Checkpoint, end: Checkpoint): string[] {
  const lines: string[] = [];
  const open = Object.values(end.webviews).reduce((sum, count) => sum + count, 0);
  lines.push(
    `webview panels left open: ${open} (0 expected); results panel held: ${end.resultsPanelOpen}`,
  );
  for (const [path, listeners] of Object.entries(end.emitterListeners)) {
    const before = start.emitterListeners[path] ?? 0;
    lines.push(
      `listeners on ${path}: ${before} → ${listeners} (${listeners - before >= 0 ? '+' : ''}${listeners - before})`,
    );
  }
  const delta = (label: string, before: number, after: number) =>
    lines.push(
      `${label}: ${before} → ${after} (${after - before >= 0 ? '+' : ''}${after - before})`,
    );
  delta('context.subscriptions', start.subscriptions, end.subscriptions);
  delta('open clients', start.openClients, end.openClients);
  delta('process listeners', start.processListeners, end.processListeners);
  const kinds = new Set([
    ...Object.keys(start.activeResources),
    ...Object.keys(end.activeResources),
  ]);
  for (const kind of kinds) {
    delta(`active ${kind}`, start.activeResources[kind] ?? 0, end.activeResources[kind] ?? 0);
  }
  return lines;
}

export async function run(): Promise<void> {
  try {
    await soak();
  } catch (error) {
    // the driver only echoes "[pdbx]" lines: say here why the soak stopped
    log(`soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    throw error;
  }
}

async function soak(): Promise<void> {
  if (!(scale > 0)) {
    throw new Error(
      `SOAK_SCALE must be a number above 0 (e.g. 0.2), not "${process.env.SOAK_SCALE}"`,
    );
  }
  if (!Number.isInteger(rounds) || rounds < 2 || rounds % 2 !== 0) {
    throw new Error(
      `SOAK_ROUNDS must be an even number of 2 or more, not "${process.env.SOAK_ROUNDS}"`,
    );
  }
  const began = performance.now();
  const target = await setUp();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  log(
    `soak: ${counts.tree} tree refreshes, ${counts.pql} PQL runs of ${ROWS_PER_RUN} rows, ${counts.graphs} catalog graphs, ${counts.events} events tables (scale ${scale}) in ${rounds} rounds; ${target.certnames.length} nodes; explorer view visible: ${target.api.services.treeView.visible}; query: ${QUERY}`,
  );
  const start = await checkpoint('start', target.api);
  describe(start).forEach(log);
  const done = { tree: 0, pql: 0, graphs: 0, events: 0 };
  let middle: Checkpoint | undefined;
  let end = start;
  for (let index = 0; index < rounds; index++) {
    const roundStarted = performance.now();
    await round(target, index, done);
    const seconds = ((performance.now() - roundStarted) / 1000).toFixed(1);
    const label =
      index + 1 === rounds / 2 ? 'middle' : index + 1 === rounds ? 'end' : `round ${index + 1}`;
    const point = await checkpoint(label, target.api);
    if (label === 'middle') {
      middle = point;
      describe(point).forEach(log);
      snapshot('middle');
    } else if (label === 'end') {
      end = point;
      describe(point).forEach(log);
      snapshot('end');
    }
    log(
      `round ${index + 1}/${rounds} (${seconds} s): heap used ${point.heapUsedMb.toFixed(1)} MB, RSS ${point.rssMb.toFixed(1)} MB`,
    );
  }
  log(
    `--- after ${((performance.now() - began) / 1000).toFixed(0)} s: tree ${seconds.tree.toFixed(0)} s, PQL ${seconds.pql.toFixed(0)} s, graphs ${seconds.graphs.toFixed(0)} s, events ${seconds.events.toFixed(0)} s`,
  );
  log(
    `heap end / heap middle: ${(end.heapUsedMb / middle!.heapUsedMb).toFixed(3)} (target <= 1.10); RSS end / middle: ${(end.rssMb / middle!.rssMb).toFixed(3)}`,
  );
  leaks(start, end).forEach(log);
}
