/**
 * The fact explorer's row of bench:fleet: the distribution of a structured fact path over the
 * fleet, from the command to the webview's first paint, beside a raw request of the same
 * PuppetDB query in the same run (medians after a warm-up).
 */
import type { FleetBench } from './fleetBench';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import * as vscode from 'vscode';
import { viewTarget } from './overviewTiming';
import { distributionQuery } from '../../src/extension/factExplorer/factQueries';
import type { FactExplorerInfo } from '../../src/extension/factExplorer/factExplorerPanel';
import { formatFactPath, type FactPath } from '../../src/shared/factExplorer';

const PATH: FactPath = ['os', 'release', 'major'];

export async function benchFactDistribution(options: FleetBench): Promise<void> {
  const { url, connectionId, rounds, median, log } = options;
  const { endpoint, query } = distributionQuery(PATH);
  const raw = async (): Promise<number> => {
    const search = new URLSearchParams({ query: JSON.stringify(query) });
    const started = performance.now();
    const response = await request(`${url}/pdb/query/v4/${endpoint}?${search}`);
    if (response.statusCode !== 200) throw new Error(`${endpoint}: HTTP ${response.statusCode}`);
    JSON.parse(await response.body.text());
    return performance.now() - started;
  };
  const openTimes: number[] = [];
  const rawTimes: number[] = [];
  let info: FactExplorerInfo | undefined;
  for (let round = 0; round <= rounds; round++) {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // a new panel, its webview loaded, PuppetDB asked, the distribution painted
    const started = performance.now();
    info = await vscode.commands.executeCommand<FactExplorerInfo>('puppetdbExplorer.exploreFact', {
      connectionId,
      path: PATH,
      waitForPaint: true,
    });
    const openTime = performance.now() - started;
    if (!info?.distribution) throw new Error(info?.error ?? 'the fact explorer did not open');
    const rawTime = await raw();
    if (round === 0) continue; // warm-up
    openTimes.push(openTime);
    rawTimes.push(rawTime);
  }
  const open = median(openTimes);
  const rawMedian = median(rawTimes);
  log(
    `fact distribution of ${formatFactPath(PATH)} (${info!.distribution!.nodes} nodes, ${info!.distribution!.distinct} values, ${endpoint} endpoint) first paint: ${open.toFixed(1)} ms, raw request of the same query ${rawMedian.toFixed(1)} ms, ratio ${(open / rawMedian).toFixed(2)} (target <= 1000 ms; ${viewTarget(open, rawMedian)})`,
  );
}
