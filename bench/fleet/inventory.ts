/**
 * bench:fleet's inventory rows, inside the real VS Code extension host: the inventory table's
 * first paint of every node (command to the webview's report that it painted all rows), beside a
 * raw request of the same PuppetDB inventory query in the same run. (The sort is timed in
 * Chromium by bench/fleet/inventorySort.ts: only the webview sorts.)
 */
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { InventoryPanelInfo } from '../../src/extension/inventory/inventoryPanel';
import { rawInventory } from './rawInventory';

export interface FleetBench {
  url: string;
  connectionId: string;
  rounds: number;
  log(text: string): void;
  median(values: number[]): number;
}

export async function benchInventory({ url, connectionId, rounds, log, median }: FleetBench) {
  const paints: number[] = [];
  const raws: number[] = [];
  let info: InventoryPanelInfo | undefined;
  for (let round = 0; round <= rounds; round++) {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const started = performance.now();
    info = await vscode.commands.executeCommand<InventoryPanelInfo>(
      'puppetdbExplorer.openInventory',
      { connectionId, waitForPaint: true },
    );
    const paint = performance.now() - started;
    if (info.state !== 'done' || info.shown?.rows !== info.loaded) {
      throw new Error(`the inventory did not paint: ${JSON.stringify(info)}`);
    }
    const rawStart = performance.now();
    await rawInventory(url, info.columns);
    const raw = performance.now() - rawStart;
    if (round === 0) continue; // warm-up
    paints.push(paint);
    raws.push(raw);
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const [paint, raw] = [median(paints), median(raws)];
  log(
    `inventory ${info!.loaded} rows first paint (${info!.columns.length} columns): ${paint.toFixed(1)} ms, raw request of the same inventory query ${raw.toFixed(1)} ms, ratio ${(paint / raw).toFixed(2)}`,
  );
}
