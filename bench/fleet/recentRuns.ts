/**
 * bench:fleet's "recent runs (24 h) first rows": from "Show Recent Runs" (a new panel) to the
 * webview's paint of its first rows, beside a raw request of the same PuppetDB query (the
 * reports of the last 24 hours, newest first, the summary fields only) read to its end, in the
 * same run; medians after a warm-up.
 */
import type { FleetBench } from './fleetBench';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { RecentRunsPanelInfo } from '../../src/extension/runs/recentRunsPanel';
import { recentRunsRequest, windowBounds, type RunsFilter } from '../../src/shared/recentRuns';
import { timedGet } from '../timedGet';
import { median, viewTarget } from './overviewTiming';

const FILTER: RunsFilter = { window: { last: '24h' } };

/** The rows request the panel sends, sent raw; the time until its whole answer is parsed. */
async function rawRequest(
  url: string,
): Promise<{ ms: number; firstChunkMs: number; rows: number }> {
  const { query, orderBy, limit } = recentRunsRequest(
    FILTER,
    windowBounds(FILTER.window, new Date()),
  );
  const search = new URLSearchParams({
    query: JSON.stringify(query),
    order_by: JSON.stringify(orderBy),
    limit: String(limit),
  });
  const { rows, firstBytesMs, ms } = await timedGet(`${url}/pdb/query/v4/reports?${search}`);
  return { ms, firstChunkMs: firstBytesMs, rows: rows.length };
}

export async function benchRecentRuns(options: FleetBench): Promise<void> {
  const { url, connectionId, rounds, log } = options;
  const firstRows: number[] = [];
  const raws: number[] = [];
  const rawFirstChunks: number[] = [];
  let rows = 0;
  let loaded = 0;
  for (let round = 0; round <= rounds; round++) {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const started = performance.now();
    const info = await vscode.commands.executeCommand<RecentRunsPanelInfo>(
      'puppetdbExplorer.showRecentRuns',
      { connectionId, filter: FILTER, firstRows: true },
    );
    const firstRowsMs = performance.now() - started;
    if (info.error) throw new Error(info.error);
    const raw = await rawRequest(url);
    rows = raw.rows;
    loaded = info.shown?.rows ?? 0;
    if (round === 0) continue; // warm-up
    firstRows.push(firstRowsMs);
    raws.push(raw.ms);
    rawFirstChunks.push(raw.firstChunkMs);
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const shown = median(firstRows);
  const raw = median(raws);
  log(
    `recent runs (24 h) first rows: ${shown.toFixed(1)} ms (${loaded} rows painted first, of the window's ${rows}), raw request of the same query ${raw.toFixed(1)} ms to its end (first bytes ${median(rawFirstChunks).toFixed(1)} ms), ratio ${(shown / raw).toFixed(2)} (target <= 500 ms; ${viewTarget(shown, raw)})`,
  );
}
