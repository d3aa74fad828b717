/**
 * npm run bench:notebook — PQL notebooks in a real VS Code (the workbench in headless Chromium,
 * as the e2e scripts run it) against a real PuppetDB with at least `--rows` facts (default
 * 100,000: a fleet of 1,000 nodes has 107,000). Prints medians of `--runs` runs beside their
 * baselines, measured in the same run; asserts nothing.
 *
 * - A cell of 100,000 rows (`facts[certname, name, value] { limit 100000 }`). A timing proxy in
 *   front of PuppetDB stamps the cell's request and its answer's first bytes; the renderer marks
 *   each output it has painted (renderer.ts, markPainted). First rows painted after the first
 *   bytes (target ≤ 300 ms), and the whole answer painted after the request left (target ≤ 1.2×
 *   the raw request: the same query read whole and parsed by undici through the same proxy).
 * - A saved notebook of 20 cells with saved outputs, opened from Quick Open: from Enter to its
 *   first output painted ("interactive", target ≤ 500 ms), and to its cells shown; beside it the
 *   same 20 cells without outputs to their cells shown.
 *
 *   node esbuild.mjs --production && node --import tsx bench/notebook/index.ts --state-dir .work/notebook-fleet [--runs 3] [--rows 100000]
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Frame, Page } from 'playwright-core';
import { timedGet } from '../timedGet';
import { testServer } from '../../test/integration/support/puppetdb';
import { until } from '../../test/e2e/support/until';
import {
  frameWith,
  runCommand,
  showInQuickInput,
  withWorkbench,
} from '../../test/e2e/support/workbench';
import { startTimingProxy, wallClock, type TimedRequest } from './timingProxy';

const SAVED_CELLS = 20;
const SAVED_QUERY =
  'nodes[certname, latest_report_status, report_timestamp, catalog_environment] { order by certname limit 300 }';

interface Painted {
  at: number;
  rows: number;
  ended: boolean;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

/** The renderer's paint marks in `frame`, on the wall clock. */
async function paintedIn(frame: Frame): Promise<Painted[]> {
  return (await frame.evaluate(`performance.getEntriesByName('pqlbook-output-painted').map((mark) => ({
    at: performance.timeOrigin + mark.startTime, rows: mark.detail.rows, ended: mark.detail.ended,
  }))`)) as Painted[];
}

/**
 * The page's wall-clock time at which `selector` first matched, from a MutationObserver set now
 * (the evaluation answers nothing: Playwright would wait for the promise itself).
 */
async function watchFor(page: Page, selector: string): Promise<() => Promise<number>> {
  await page.evaluate(`window.__benchSeen = new Promise((resolve) => {
    const seen = () => document.querySelector(${JSON.stringify(selector)});
    const observer = new MutationObserver(() => {
      if (seen()) { observer.disconnect(); resolve(performance.timeOrigin + performance.now()); }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  }), undefined`);
  return async () => (await page.evaluate('window.__benchSeen')) as number;
}

function book(cells: Array<{ source: string; output?: unknown }>): string {
  return JSON.stringify(
    {
      format: 'pqlbook',
      version: 1,
      connection: 'Local PuppetDB',
      cells: cells.map((cell) => ({ kind: 'pql', ...cell })),
    },
    null,
    2,
  );
}

async function closeEditors(page: Page): Promise<void> {
  await runCommand(page, 'View: Close All Editors');
  await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached' });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'state-dir': { type: 'string', default: '.work/notebook-fleet' },
      runs: { type: 'string', default: '3' },
      rows: { type: 'string', default: '100000' },
      screenshots: { type: 'string', default: 'test-results' },
    },
  });
  process.env.PDB_STATE_DIR = values['state-dir'];
  const runs = Number(values.runs);
  const rowCount = Number(values.rows);
  const server = testServer();
  const proxy = await startTimingProxy({ host: server.host, port: server.httpPort });
  const bigQuery = `facts[certname, name, value] { limit ${rowCount} }`;
  const rawUrl = `${proxy.url}/pdb/query/v4?query=${encodeURIComponent(bigQuery)}`;
  const saved = await timedGet(
    `${proxy.url}/pdb/query/v4?query=${encodeURIComponent(SAVED_QUERY)}`,
  );
  const savedOutput = { rows: saved.rows, connection: 'Local PuppetDB', elapsedMs: 100 };
  const cells = Array.from({ length: SAVED_CELLS }, () => ({ source: SAVED_QUERY }));
  try {
    await withWorkbench(
      {
        name: 'notebook-bench',
        theme: 'Default Dark Modern',
        settings: {
          'puppetdbExplorer.connections': [{ id: 'local', name: 'Local PuppetDB', url: proxy.url }],
        },
        files: {
          'big.pqlbook': book([{ source: bigQuery }]),
          'saved.pqlbook': book(cells.map((cell) => ({ ...cell, output: savedOutput }))),
          'bare.pqlbook': book(cells),
          'baseline.ipynb': jupyterBook(saved.rows),
        },
        screenshots: values.screenshots!,
      },
      async ({ page }) => {
        // --- a saved notebook of 20 cells with outputs -------------------------------------------
        const interactive: number[] = [];
        const frameStarted: number[] = [];
        const rendererReady: number[] = [];
        const cellsShown: number[] = [];
        const bareShown: number[] = [];
        const jupyterPainted: number[] = [];
        for (let run = 0; run < runs; run++) {
          const open = await timedOpen(page, 'saved.pqlbook');
          const frame = await frameWith(page, '.pqlbook-output', 'no output', 60_000);
          let painted: Painted[] = [];
          await until('an output painted', async () => {
            painted = (await paintedIn(frame)).filter((mark) => mark.at > open.startedAt);
            return painted.length > 0;
          });
          interactive.push(painted[0]!.at - open.startedAt);
          // VS Code's part: the notebook's output frame made, then our renderer loaded into it
          const frameOrigin = (await frame.evaluate('performance.timeOrigin')) as number;
          const activated = (await frame.evaluate(
            `performance.getEntriesByName('pqlbook-renderer-activated').map((mark) => performance.timeOrigin + mark.startTime).at(-1)`,
          )) as number;
          frameStarted.push(frameOrigin - open.startedAt);
          rendererReady.push(activated - open.startedAt);
          cellsShown.push(open.cellsShownAt - open.startedAt);
          await closeEditors(page);
          const bare = await timedOpen(page, 'bare.pqlbook');
          bareShown.push(bare.cellsShownAt - bare.startedAt);
          await closeEditors(page);
          const jupyter = await timedOpen(page, 'baseline.ipynb');
          jupyterPainted.push((await firstSeen(page, '.output-plaintext')) - jupyter.startedAt);
          await closeEditors(page);
          console.log(
            `  run ${run + 1}: saved notebook's first output painted ${ms(interactive.at(-1)!)} (its output frame made at ${ms(frameStarted.at(-1)!)}, the renderer activated at ${ms(rendererReady.at(-1)!)}), cells shown ${ms(cellsShown.at(-1)!)}; without outputs, cells shown ${ms(bareShown.at(-1)!)}; VS Code's own Jupyter notebook, first output shown ${ms(jupyterPainted.at(-1)!)}`,
          );
        }
        console.log(
          `a saved notebook of ${SAVED_CELLS} cells with outputs (${saved.rows.length} rows each), opened (median of ${runs}):`,
        );
        console.log(
          `  first output painted ${ms(median(interactive))} after Enter (target ≤ 500 ms): VS Code made the notebook's output frame at ${ms(median(frameStarted))}, the renderer was activated in it at ${ms(median(rendererReady))}; cells shown ${ms(median(cellsShown))}; the same cells without outputs shown ${ms(median(bareShown))}`,
        );
        console.log(
          `  baseline: VS Code's own Jupyter notebook of ${SAVED_CELLS} cells with the same rows as text outputs (its built-in renderer, cut to its line limit), first output shown ${ms(median(jupyterPainted))} after Enter`,
        );

        // --- a cell of 100,000 rows ------------------------------------------------------------
        const firstRows: number[] = [];
        const whole: number[] = [];
        const raw: number[] = [];
        const rawFirstBytes: number[] = [];
        let shownRows = 0;
        await openNotebook(page, 'big.pqlbook');
        for (let run = 0; run < runs; run++) {
          const base = await timedGet(rawUrl);
          raw.push(base.ms);
          rawFirstBytes.push(base.firstBytesMs);
          const before = proxy.requests.length;
          await page.getByRole('button', { name: 'Run All', exact: false }).first().click();
          const frame = await frameWith(page, '.pqlbook-output', 'no output', 120_000);
          let request: TimedRequest | undefined;
          let painted: Painted[] = [];
          await until(
            'the whole answer painted',
            async () => {
              request ??= proxy.requests
                .slice(before)
                .find(
                  (each) =>
                    /limit[+ ]/.test(each.url + each.body) &&
                    (each.url + each.body).includes(String(rowCount)),
                );
              if (!request?.endedAt) return false;
              painted = (await paintedIn(frame)).filter((mark) => mark.at > request!.startedAt);
              return painted.some((mark) => mark.ended);
            },
            300_000,
          );
          const first = painted.find((mark) => mark.rows > 0)!;
          const last = painted.find((mark) => mark.ended)!;
          shownRows = last.rows;
          firstRows.push(first.at - request!.firstBytesAt!);
          whole.push(last.at - request!.startedAt);
          console.log(
            `  run ${run + 1}: first rows painted ${ms(first.at - request!.firstBytesAt!)} after the first bytes (${first.rows.toLocaleString('en-US')} rows), ${painted.length} paints; whole answer painted ${ms(last.at - request!.startedAt)} (PuppetDB's answer ended after ${ms(request!.endedAt! - request!.startedAt)}); raw request ${ms(base.ms)}`,
          );
        }
        await page.screenshot({ path: join(values.screenshots!, 'notebook-bench-100k.png') });
        console.log(`a cell of ${shownRows.toLocaleString('en-US')} rows (median of ${runs}):`);
        console.log(
          `  first rows painted ${ms(median(firstRows))} after the first bytes (target ≤ 300 ms); raw request's first bytes ${ms(median(rawFirstBytes))} after it left`,
        );
        console.log(
          `  whole answer painted ${ms(median(whole))}; raw request (undici, read whole, JSON.parse) ${ms(median(raw))} → ${(median(whole) / median(raw)).toFixed(2)}× (target ≤ 1.2×)`,
        );
        // (last: its outputs made the notebook dirty, and the workbench closes unsaved)
      },
    );
  } finally {
    await proxy.close();
  }
}

/**
 * A Jupyter notebook (VS Code's built-in `.ipynb` support) of SAVED_CELLS cells, each with the
 * `rows` as a text output: the baseline of opening a saved notebook, VS Code's own work.
 */
function jupyterBook(rows: readonly unknown[]): string {
  const text = rows.map((row) => `${JSON.stringify(row)}\n`);
  const cell = {
    cell_type: 'code',
    execution_count: 1,
    metadata: {},
    source: [SAVED_QUERY],
    outputs: [
      {
        output_type: 'execute_result',
        execution_count: 1,
        metadata: {},
        data: { 'text/plain': text },
      },
    ],
  };
  return JSON.stringify({
    cells: Array.from({ length: SAVED_CELLS }, () => cell),
    metadata: { language_info: { name: 'python' } },
    nbformat: 4,
    nbformat_minor: 5,
  });
}

/**
 * The wall-clock time at which some frame of the page first showed `selector`, looked for every
 * few milliseconds (an output frame VS Code makes after Enter has no observer to hand yet).
 */
async function firstSeen(page: Page, selector: string): Promise<number> {
  await frameWith(page, selector, `no frame showed ${selector}`, 60_000, 5);
  return wallClock();
}

async function openNotebook(page: Page, name: string): Promise<void> {
  const row = await showInQuickInput(page, { key: 'Control+P', text: name, rowText: name });
  await row.click();
  await page.locator('.notebook-editor .code-cell-row').first().waitFor();
}

/** Opens `name` from Quick Open: when Enter was pressed, and when its first cell showed. */
async function timedOpen(
  page: Page,
  name: string,
): Promise<{ startedAt: number; cellsShownAt: number }> {
  await showInQuickInput(page, { key: 'Control+P', text: name, rowText: name });
  // the list may still show the recent files with another one focused: Enter opens the focused row
  await page
    .locator('.quick-input-list .monaco-list-row.focused')
    .filter({ hasText: name })
    .waitFor();
  const shown = await watchFor(page, '.notebook-editor .code-cell-row');
  const startedAt = wallClock();
  await page.keyboard.press('Enter');
  return { startedAt, cellsShownAt: await shown() };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
