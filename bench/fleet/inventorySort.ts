/**
 * bench:fleet's inventory sort: the real inventory bundle (dist/webview/inventory.js) in headless
 * Chromium (bench/webviews/benchPage.ts), fed every row of the large fleet's inventory as the host
 * posts them, then sorted by a click on a column header until the table has painted again;
 * beside a raw request of the same PuppetDB inventory query in the same run. Only the webview
 * sorts, so this runs outside VS Code.
 *
 *   node --import tsx bench/fleet/inventorySort.ts STATE_DIR
 */
import { performance } from 'node:perf_hooks';
import { CERTNAME_COLUMN, DEFAULT_INVENTORY_COLUMNS } from '../../src/shared/inventoryTable';
import { packRows } from '../../src/shared/packedRows';
import { serverIn } from '../../test/integration/support/puppetdb';
import { openBenchPage } from '../webviews/benchPage';
import { rawInventory } from './rawInventory';

const log = (text: string) => console.log(text);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** In the page: clicks the header of `column`, answers the ms until the table said it painted. */
const CLICK_AND_WAIT = `async (column) => {
  const before = window.toHost.length;
  const started = performance.now();
  document.querySelectorAll('.inventory-viewport .grid-sort')[column].click();
  await new Promise((resolve) => {
    const check = () =>
      window.toHost.slice(before).some((m) => m.type === 'shown') ? resolve() : setTimeout(check, 0);
    check();
  });
  return performance.now() - started;
}`;

async function main(): Promise<void> {
  const stateDir = process.argv[2];
  if (!stateDir) throw new Error('usage: inventorySort.ts STATE_DIR');
  const server = serverIn(stateDir);
  const url = `http://${server.host}:${server.httpPort}`;
  const rounds = Number(process.env.PDBX_BENCH_ROUNDS ?? '7');
  const columns = [
    CERTNAME_COLUMN,
    ...DEFAULT_INVENTORY_COLUMNS.filter((c) => c !== CERTNAME_COLUMN),
  ];
  const records = (await rawInventory(url, columns)) as Array<Record<string, unknown>>;
  const rows = records.map((record) => columns.map((column) => record[column] ?? null));
  const { page, close } = await openBenchPage('inventory');
  try {
    const painted = (await page.evaluate(
      `(async (message) => {
        const started = performance.now();
        window.postMessage(message, '*');
        await new Promise((resolve) => {
          const check = () =>
            window.toHost.some((m) => m.type === 'shown' && m.loaded === message.rows.count)
              ? resolve()
              : setTimeout(check, 0);
          check();
        });
        return performance.now() - started;
      })(${JSON.stringify({ type: 'inventory', title: 'Inventory', columns, rows: packRows(rows, columns.length), complete: true })})`,
    )) as number;
    log(
      `inventory in Chromium: ${rows.length} rows painted ${painted.toFixed(1)} ms after the message`,
    );
    const sorts: number[] = [];
    const raws: number[] = [];
    // the second column (a fact): ascending, descending, load order, again and again
    for (let round = 0; round <= rounds; round++) {
      const sort = (await page.evaluate(`(${CLICK_AND_WAIT})(1)`)) as number;
      const rawStart = performance.now();
      await rawInventory(url, columns);
      const raw = performance.now() - rawStart;
      if (round === 0) continue; // warm-up
      sorts.push(sort);
      raws.push(raw);
    }
    const [sort, raw] = [median(sorts), median(raws)];
    log(
      `inventory sort of ${rows.length} rows by ${columns[1]} (click to paint): ${sort.toFixed(1)} ms, raw request of the same inventory query ${raw.toFixed(1)} ms, ratio ${(sort / raw).toFixed(2)}`,
    );
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
