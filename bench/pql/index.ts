/**
 * Runs inside the real VS Code extension host (via test/vscode/runtime.ts, in headless
 * Chromium): a PQL query of at least 100,000 rows through the extension (Run Query → results
 * panel) against a raw request of the same query (undici + JSON.parse), alternately, in the same
 * run. Prints the time to the first row and to all rows, for both, with a "[pdbx]" prefix.
 */
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/extension';
import { testServer } from '../../test/integration/support/puppetdb';
import { timedGet } from '../timedGet';

const QUERY = process.env.PDBX_BENCH_PQL_QUERY ?? 'facts[certname, name, value] {}';
const log = (text: string) => console.log(`[pdbx] ${text}`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function until<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('the results panel did not paint every row');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** undici + JSON.parse of the whole body: what a client without streaming does. */
async function rawRun(url: string): Promise<{ firstByte: number; all: number; rows: number }> {
  const { rows, firstBytesMs, ms } = await timedGet(
    `${url}/pdb/query/v4?${new URLSearchParams({ query: QUERY })}`,
  );
  return { firstByte: firstBytesMs, all: ms, rows: rows.length };
}

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<ExtensionApi>(
    'puppetdb-explorer.puppetdb-explorer',
  )!;
  const api = await extension.activate();
  const server = testServer();
  const url = `http://${server.host}:${server.httpPort}`;
  const configuration = vscode.workspace.getConfiguration('puppetdbExplorer');
  // every row in one go, as the raw request gets them
  await configuration.update('pql.pageSize', 0, vscode.ConfigurationTarget.Global);
  await api.testing.addConnection({
    connection: { id: 'bench', name: 'Bench', url, timeout: 300 },
    secrets: {},
  });
  const rounds = Number(process.env.PDBX_BENCH_ROUNDS ?? '3');
  const raw = { firstByte: [] as number[], all: [] as number[] };
  const panel = {
    firstRows: [] as number[],
    firstShown: [] as number[],
    allRows: [] as number[],
    allShown: [] as number[],
  };
  let rows = 0;
  for (let round = 0; round <= rounds; round++) {
    const rawResult = await rawRun(url);
    const outcome = await vscode.commands.executeCommand<{ state: string; rows: number }>(
      'puppetdbExplorer.runQuery',
      { connectionId: 'bench', query: QUERY },
    );
    if (outcome.state !== 'done') throw new Error(`the query ended ${outcome.state}`);
    const allShown = await until(() => api.pqlResults()?.shownAllMs, 120_000);
    const results = api.pqlResults()!;
    if (results.rows.length !== rawResult.rows) {
      throw new Error(
        `the panel holds ${results.rows.length} rows, the raw request ${rawResult.rows}`,
      );
    }
    rows = rawResult.rows;
    if (round === 0) continue; // warm-up
    raw.firstByte.push(rawResult.firstByte);
    raw.all.push(rawResult.all);
    panel.firstRows.push(results.firstRowsMs!);
    panel.firstShown.push(results.shownFirstMs!);
    panel.allRows.push(results.elapsedMs);
    panel.allShown.push(allShown);
  }
  const ms = (values: number[]) => `${median(values).toFixed(0)} ms`;
  log(
    `query: ${QUERY} → ${rows.toLocaleString('en-US')} rows; median of ${rounds} rounds after a warm-up`,
  );
  log(
    `raw request (undici + JSON.parse): first byte ${ms(raw.firstByte)}, all rows parsed ${ms(raw.all)}`,
  );
  log(
    `extension: first rows in the host ${ms(panel.firstRows)}, first rows painted in the results panel ${ms(panel.firstShown)}; all rows in the host ${ms(panel.allRows)}, all rows painted ${ms(panel.allShown)}`,
  );
  log(
    `ratios: first row shown / raw all rows ${(median(panel.firstShown) / median(raw.all)).toFixed(3)}; all rows shown / raw all rows ${(median(panel.allShown) / median(raw.all)).toFixed(2)}`,
  );
  await configuration.update('pql.pageSize', undefined, vscode.ConfigurationTarget.Global);
}
