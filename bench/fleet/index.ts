/**
 * Runs inside the real VS Code extension host (via test/vscode/runtime.ts), against the PuppetDB
 * of PDB_STATE_DIR holding a large fleet (bench/fleet.sh): the overview's first paint after open
 * and after a refresh, each beside a raw request of the same PuppetDB queries (sent at once, as
 * the overview sends them) in the same run, and prints them with a "[pdbx]" prefix.
 */
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/extension';
import { overviewQueries } from '../../src/extension/overview/overviewQueries';
import type { OverviewPanelInfo } from '../../src/extension/overview/overviewPanel';
import { testServer } from '../../test/integration/support/puppetdb';

const log = (text: string) => console.log(`[pdbx] ${text}`);
const CONNECTION = 'bench-fleet';

/** What the first paint waits for: every query but the flapping ones (they follow apart). */
function firstPaintQueries(unreportedHours = 2) {
  return Object.entries(overviewQueries({ unreportedHours, range: 'hours', now: new Date() }))
    .filter(([name]) => name !== 'changesPerNode' && name !== 'runsPerNode')
    .map(([, query]) => query);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<ExtensionApi>(
    'puppetdb-explorer.puppetdb-explorer',
  )!;
  await extension.activate();
  const server = testServer();
  const url = `http://${server.host}:${server.httpPort}`;
  await vscode.commands.executeCommand('puppetdbExplorer.addConnection', {
    connection: { id: CONNECTION, name: 'Bench fleet', url },
    secrets: {},
  });
  const rounds = Number(process.env.PDBX_BENCH_ROUNDS ?? '7');
  const unreportedHours = vscode.workspace
    .getConfiguration('puppetdbExplorer')
    .get<number>('unreportedHours', 2);

  /** Every query of the overview, raw and at once; the time until the last answer is parsed. */
  const raw = async (): Promise<number> => {
    const queries = firstPaintQueries(unreportedHours);
    const started = performance.now();
    await Promise.all(
      queries.map(async ({ endpoint, query }) => {
        const search = new URLSearchParams({ query: JSON.stringify(query) });
        const response = await request(`${url}/pdb/query/v4/${endpoint}?${search}`);
        if (response.statusCode !== 200) {
          throw new Error(`${endpoint}: HTTP ${response.statusCode}`);
        }
        JSON.parse(await response.body.text());
      }),
    );
    return performance.now() - started;
  };
  const open = () =>
    vscode.commands.executeCommand<OverviewPanelInfo>('puppetdbExplorer.openOverview', {
      connectionId: CONNECTION,
      waitForPaint: true,
    });

  const openTimes: number[] = [];
  const refreshTimes: number[] = [];
  const rawTimes: number[] = [];
  let nodes = 0;
  for (let round = 0; round <= rounds; round++) {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // open: a new panel, its webview loaded, PuppetDB asked, the overview painted
    const openStart = performance.now();
    const info = await open();
    const openTime = performance.now() - openStart;
    if (info.error) throw new Error(info.error);
    nodes = info.overview!.fleet.active + info.overview!.fleet.deactivated;
    // refresh: the open panel asks again and paints again
    const refreshStart = performance.now();
    await open();
    const refreshTime = performance.now() - refreshStart;
    const rawTime = await raw();
    if (round === 0) continue; // warm-up
    openTimes.push(openTime);
    refreshTimes.push(refreshTime);
    rawTimes.push(rawTime);
  }
  const rawMedian = median(rawTimes);
  log(`fleet: ${nodes} nodes (active and deactivated); ${rounds} rounds after a warm-up, medians`);
  log(
    `overview first paint after open: ${median(openTimes).toFixed(1)} ms, raw requests of the same ${firstPaintQueries().length} queries ${rawMedian.toFixed(1)} ms, ratio ${(median(openTimes) / rawMedian).toFixed(2)} (target <= 1000 ms)`,
  );
  log(
    `overview refresh to paint: ${median(refreshTimes).toFixed(1)} ms, raw ${rawMedian.toFixed(1)} ms, ratio ${(median(refreshTimes) / rawMedian).toFixed(2)} (target <= 500 ms)`,
  );
}
