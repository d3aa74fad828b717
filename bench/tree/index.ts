/**
 * Runs inside the real VS Code extension host (via test/vscode/runtime.ts) against the PuppetDB of
 * PDB_STATE_DIR holding a large fleet (bench/tree.sh): times the extension's activation; the first
 * page of "Nodes", "Load more" and two filters (a name pattern, a status), each against a raw
 * request of the same PuppetDB query; and the overview's first paint against raw requests of its
 * queries. Prints medians with a "[pdbx]" prefix for the driver.
 */
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/extension';
import { nodeFilterQuery, type NodeFilter } from '../../src/extension/tree/nodeFilter';
import type { NodesFolder } from '../../src/extension/tree/nodesFolder';
import { testServer } from '../../test/integration/support/puppetdb';
import { measureOverview, median } from '../fleet/overviewTiming';

const log = (text: string) => console.log(`[pdbx] ${text}`);
const CONNECTION = 'bench';
const PAGE_SIZE = 500;

interface Step {
  name: string;
  /** What the tree does, resolving to the nodes it shows. */
  tree(folder: NodesFolder): Promise<number>;
  /** The same PuppetDB query: its filter and offset. */
  raw: { filter?: NodeFilter; offset: number };
}

/** How many nodes the folder shows (its children but "Load more"). */
async function shownNodes(folder: NodesFolder): Promise<number> {
  const children = await folder.getChildren();
  const last = children.length > 0 ? await children.at(-1)!.toTreeItem() : undefined;
  return last?.contextValue === 'loadMore' ? children.length - 1 : children.length;
}

export async function run(): Promise<void> {
  // VS Code's own split: loading the entry, then the activate() call (which, for tests, loads the
  // extension's bundle and starts it)
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
  const settings = vscode.workspace.getConfiguration('puppetdbExplorer');
  await settings.update('pageSize', PAGE_SIZE, vscode.ConfigurationTarget.Global);
  const unreportedHours = settings.get<number>('unreportedHours', 2);
  await api.testing.addConnection({
    connection: { id: CONNECTION, name: 'Bench', url },
    secrets: {},
  });
  const rounds = Number(process.env.PDBX_BENCH_ROUNDS ?? '7');

  /** The page the tree asks for: ordered, with the total and the status fields. */
  const raw = async ({ filter, offset }: Step['raw']): Promise<number> => {
    const query = nodeFilterQuery(filter, unreportedHours);
    const search = new URLSearchParams({
      ...(query ? { query: JSON.stringify(query) } : {}),
      order_by: JSON.stringify([{ field: 'certname', order: 'asc' }]),
      limit: String(PAGE_SIZE),
      offset: String(offset),
      include_total: 'true',
    });
    const response = await request(`${url}/pdb/query/v4/nodes?${search}`);
    if (response.statusCode !== 200) throw new Error(`nodes: HTTP ${response.statusCode}`);
    return (JSON.parse(await response.body.text()) as unknown[]).length;
  };
  const byName: NodeFilter = { namePattern: '^web' };
  const byStatus: NodeFilter = { status: 'failed' };
  const steps: Step[] = [
    { name: 'first page of Nodes', tree: shownNodes, raw: { offset: 0 } },
    {
      name: 'Load more (the second page)',
      tree: async (folder) => {
        await folder.loadMore();
        return (await shownNodes(folder)) - PAGE_SIZE;
      },
      raw: { offset: PAGE_SIZE },
    },
    {
      name: `filter by name /${byName.namePattern}/`,
      tree: async (folder) => {
        folder.setFilter(byName);
        return shownNodes(folder);
      },
      raw: { filter: byName, offset: 0 },
    },
    {
      name: `filter by status ${byStatus.status}`,
      tree: async (folder) => {
        folder.setFilter(byStatus);
        return shownNodes(folder);
      },
      raw: { filter: byStatus, offset: 0 },
    },
  ];
  const times = steps.map(() => ({ tree: [] as number[], raw: [] as number[], rows: 0 }));
  let total = '';
  for (let round = 0; round <= rounds; round++) {
    api.services.explorer.refresh();
    const [root] = await api.services.explorer.getChildren();
    const [folder] = (await root!.getChildren()) as [NodesFolder];
    folder.setFilter(undefined);
    for (const [index, step] of steps.entries()) {
      const treeStart = performance.now();
      const shown = await step.tree(folder);
      const treeTime = performance.now() - treeStart;
      const rawStart = performance.now();
      const rows = await raw(step.raw);
      const rawTime = performance.now() - rawStart;
      if (rows !== shown) {
        throw new Error(`${step.name}: the raw page has ${rows}, the tree ${shown}`);
      }
      if (index === 0) total = String((await folder.toTreeItem()).description);
      if (round === 0) continue; // warm-up
      times[index]!.tree.push(treeTime);
      times[index]!.raw.push(rawTime);
      times[index]!.rows = rows;
    }
  }
  log(`fleet: Nodes shows ${total} nodes; ${rounds} rounds after a warm-up, medians`);
  log(
    `extension activation (tests load the whole extension at once; bench:startup measures a user's start): the entry's code ${codeLoading.toFixed(1)} ms + the extension's start() ${api.activationMs.toFixed(1)} ms = ${(codeLoading + api.activationMs).toFixed(1)} ms (target <= 50 ms); the extension host's whole activation round trip, its bundle loaded, took ${activation.toFixed(1)} ms`,
  );
  for (const [index, step] of steps.entries()) {
    const tree = median(times[index]!.tree);
    const rawTime = median(times[index]!.raw);
    log(
      `${step.name} (${times[index]!.rows} nodes): tree ${tree.toFixed(1)} ms, raw request of the same query ${rawTime.toFixed(1)} ms, ratio ${(tree / rawTime).toFixed(2)} (target <= 300 ms)`,
    );
  }
  const overview = await measureOverview(CONNECTION, url, rounds);
  log(
    `overview first paint after open (${overview.nodes} nodes): ${overview.openMs.toFixed(1)} ms, raw requests of the same ${overview.queries} queries ${overview.rawMs.toFixed(1)} ms, ratio ${(overview.openMs / overview.rawMs).toFixed(2)} (target <= 1000 ms); refresh to paint ${overview.refreshMs.toFixed(1)} ms, ratio ${(overview.refreshMs / overview.rawMs).toFixed(2)}`,
  );
}
