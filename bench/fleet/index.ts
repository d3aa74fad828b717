/**
 * Runs inside the real VS Code extension host (via test/vscode/runtime.ts), against the PuppetDB
 * of PDB_STATE_DIR holding a large fleet (bench/fleet.sh): the overview's first paint after open
 * and after a refresh, each beside a raw request of the same PuppetDB queries (sent at once, as
 * the overview sends them) in the same run, and prints them with a "[pdbx]" prefix.
 */
import { benchRecentRuns } from './recentRuns';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/extension';
import { testServer } from '../../test/integration/support/puppetdb';
import { benchFactDistribution } from './factDistribution';
import { median, measureOverview, viewTarget } from './overviewTiming';
import { blankPanelFirstPaint } from './blankPanel';
import { benchInventory } from './inventory';
import { benchSecondEvents } from './eventsSecond';
import { benchSecondGraph } from './graphSecond';
import { benchSecondReport } from './reportSecond';
import { benchSecondComparison } from './compareSecond';

const log = (text: string) => console.log(`[pdbx] ${text}`);
const CONNECTION = 'bench-fleet';

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<ExtensionApi>(
    'puppetdb-explorer.puppetdb-explorer',
  )!;
  const api = await extension.activate();
  const server = testServer();
  const url = `http://${server.host}:${server.httpPort}`;
  await api.testing.addConnection({
    connection: { id: CONNECTION, name: 'Bench fleet', url },
    secrets: {},
  });
  const rounds = Number(process.env.PDBX_BENCH_ROUNDS ?? '7');
  // BENCH_FLEET_ONLY=inventory,runs (a comma-separated subset) runs only those rows
  const only = process.env.BENCH_FLEET_ONLY?.split(',');
  const wanted = (row: string) => !only || only.includes(row);
  const blank = await blankPanelFirstPaint(rounds, median);
  log(
    `a blank webview panel (VS Code's own part of every view's first paint): first paint ${blank.toFixed(1)} ms after createWebviewPanel`,
  );
  const bench = { url, connectionId: CONNECTION, rounds, log, median };
  if (wanted('runs')) await benchRecentRuns(bench);
  if (wanted('overview')) await benchOverview(url, rounds);
  if (wanted('facts')) await benchFactDistribution(bench);
  if (wanted('inventory')) await benchInventory(bench);
  if (wanted('events')) await benchSecondEvents(bench);
  if (wanted('report')) await benchSecondReport(bench);
  if (wanted('compare')) await benchSecondComparison(bench);
  if (wanted('graph')) await benchSecondGraph({ ...bench, api });
}

async function benchOverview(url: string, rounds: number): Promise<void> {
  const timing = await measureOverview(CONNECTION, url, rounds);
  log(
    `fleet: ${timing.nodes} nodes (active and deactivated); ${rounds} rounds after a warm-up, medians`,
  );
  log(
    `overview first paint after open: ${timing.openMs.toFixed(1)} ms, raw requests of the same ${timing.queries} queries ${timing.rawMs.toFixed(1)} ms, ratio ${(timing.openMs / timing.rawMs).toFixed(2)} (target <= 1000 ms; ${viewTarget(timing.openMs, timing.rawMs)})`,
  );
  log(
    `  after open, since the panel was made: PuppetDB answered ${timing.steps.answered.toFixed(1)} ms, the webview ready ${timing.steps.ready.toFixed(1)} ms, painted ${timing.steps.painted.toFixed(1)} ms`,
  );
  log(
    `overview refresh to paint: ${timing.refreshMs.toFixed(1)} ms, raw ${timing.rawMs.toFixed(1)} ms, ratio ${(timing.refreshMs / timing.rawMs).toFixed(2)} (target <= 500 ms)`,
  );
}
