/**
 * Runs inside the real VS Code extension host (via test/vscode/runtime.ts): times the extension's
 * activation, and the first page of "Nodes" against a raw request of the same page, and prints
 * the numbers with a "[pdbx]" prefix for the driver.
 */
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/extension';
import { testServer } from '../../test/integration/support/puppetdb';

const log = (text: string) => console.log(`[pdbx] ${text}`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function run(): Promise<void> {
  // VS Code's own split: loading the bundle, then the activate() call
  const extension = vscode.extensions.getExtension<ExtensionApi>(
    'puppetdb-explorer.puppetdb-explorer',
  )!;
  const loadStart = performance.now();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(`${extension.extensionPath}/dist/extension.js`);
  const codeLoading = performance.now() - loadStart;
  const started = performance.now();
  const api = await extension.activate();
  const activation = performance.now() - started;
  const server = testServer();
  const url = `http://${server.host}:${server.httpPort}`;
  const pageSize = 500;
  await vscode.workspace
    .getConfiguration('puppetdbExplorer')
    .update('pageSize', pageSize, vscode.ConfigurationTarget.Global);
  await vscode.commands.executeCommand('puppetdbExplorer.addConnection', {
    connection: { id: 'bench', name: 'Bench', url },
    secrets: {},
  });
  const rounds = Number(process.env.PDBX_BENCH_ROUNDS ?? '7');
  const treeTimes: number[] = [];
  const rawTimes: number[] = [];
  let items = 0;
  let total = '';
  // the same page the tree asks for: ordered, with the total and the status fields
  const query = new URLSearchParams({
    order_by: JSON.stringify([{ field: 'certname', order: 'asc' }]),
    limit: String(pageSize),
    offset: '0',
    include_total: 'true',
  });
  for (let round = 0; round <= rounds; round++) {
    api.services.explorer.refresh();
    const [root] = await api.services.explorer.getChildren();
    const [nodesFolder] = await root!.getChildren();
    const treeStart = performance.now();
    const children = await nodesFolder!.getChildren();
    const treeTime = performance.now() - treeStart;
    items = children.length;
    const last = await children.at(-1)!.toTreeItem();
    const nodesShown = last.contextValue === 'loadMore' ? children.length - 1 : children.length;
    total = String(last.label);
    const rawStart = performance.now();
    const response = await request(`${url}/pdb/query/v4/nodes?${query}`);
    const rows = JSON.parse(await response.body.text()) as unknown[];
    const rawTime = performance.now() - rawStart;
    if (rows.length !== nodesShown) {
      throw new Error(`the raw page has ${rows.length} rows, the tree ${nodesShown}`);
    }
    if (round === 0) continue; // warm-up
    treeTimes.push(treeTime);
    rawTimes.push(rawTime);
  }
  log(
    `extension activation: code loading ${codeLoading.toFixed(1)} ms + activate() ${api.activationMs.toFixed(1)} ms = ${(codeLoading + api.activationMs).toFixed(1)} ms (target <= 50 ms); the extension host's whole activation round trip took ${activation.toFixed(1)} ms`,
  );
  log(
    `first page of Nodes (${items} items, the last "${total}"): tree ${median(treeTimes).toFixed(1)} ms, raw request of the same page ${median(rawTimes).toFixed(1)} ms, ratio ${(median(treeTimes) / median(rawTimes)).toFixed(2)} (target <= 300 ms)`,
  );
}
