/**
 * bench:fleet's inventory rows, inside the real VS Code extension host: from "Open Inventory" (a
 * new panel) to the webview's report that it painted its first rows, beside the first bytes of a
 * raw request of the same PuppetDB inventory query; and to its report that it painted every row,
 * beside that raw request read to its end; in the same run, medians after a warm-up. (The sort is timed in
 * Chromium by bench/fleet/inventorySort.ts: only the webview sorts.)
 */
import type { FleetBench } from './fleetBench';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { InventoryPanelInfo } from '../../src/extension/inventory/inventoryPanel';
import { firstScreenQuery } from '../../src/shared/inventoryTable';
import { viewTarget } from './overviewTiming';
import { timedRawInventory } from './rawInventory';

export async function benchInventory({ url, connectionId, rounds, log, median }: FleetBench) {
  const firsts: number[] = [];
  const paints: number[] = [];
  const raws: number[] = [];
  const rawFirstBytes: number[] = [];
  const rawFirstScreens: number[] = [];
  let info: InventoryPanelInfo | undefined;
  let firstRows = 0;
  for (let round = 0; round <= rounds; round++) {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const started = performance.now();
    const first = await vscode.commands.executeCommand<InventoryPanelInfo>(
      'puppetdbExplorer.openInventory',
      { connectionId, firstRows: true },
    );
    const firstMs = performance.now() - started;
    // the same panel again: it answers once every row is painted
    info = await vscode.commands.executeCommand<InventoryPanelInfo>(
      'puppetdbExplorer.openInventory',
      { connectionId, waitForPaint: true },
    );
    const paint = performance.now() - started;
    if (info.state !== 'done' || info.shown?.rows !== info.loaded) {
      throw new Error(`the inventory did not paint: ${JSON.stringify(info)}`);
    }
    const raw = await timedRawInventory(url, info.columns);
    const rawFirstScreen = await timedRawInventory(
      url,
      info.columns,
      firstScreenQuery(info.columns),
    );
    if (round === 0) continue; // warm-up
    firstRows = first.shown?.rows ?? 0;
    firsts.push(firstMs);
    paints.push(paint);
    raws.push(raw.ms);
    rawFirstBytes.push(raw.firstBytesMs);
    rawFirstScreens.push(rawFirstScreen.ms);
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const [first, paint, raw, rawFirst, rawScreen] = [
    firsts,
    paints,
    raws,
    rawFirstBytes,
    rawFirstScreens,
  ].map(median) as [number, number, number, number, number];
  log(
    `inventory ${info!.loaded} rows first paint (${info!.columns.length} columns): first rows on screen ${first.toFixed(1)} ms (${firstRows} rows painted first, in their final order), raw request of the same first-screen query ${rawScreen.toFixed(1)} ms to its end, ratio ${(first / rawScreen).toFixed(2)} (target <= 1000 ms; ${viewTarget(first, rawScreen)}; the whole query's first bytes come at ${rawFirst.toFixed(1)} ms); every row painted ${paint.toFixed(1)} ms, raw request of the same inventory query ${raw.toFixed(1)} ms to its end, ratio ${(paint / raw).toFixed(2)}`,
  );
}
