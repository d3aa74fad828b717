/**
 * End to end in headless Chromium: a PQL notebook of the workspace (a markdown cell, a query of
 * nodes, a count() by status, the reports with their times) run with the notebook toolbar's Run
 * All shows its rows on the one grid (every row reachable, the hostile certname as text), the
 * count as a bar chart or a pie, and the reports as a time series; saved and opened again, its
 * outputs are there without running anything, and a certname in them shows its node in the
 * explorer. "PuppetDB: Open as Notebook" turns a .pql file into a notebook of its queries.
 * Screenshots: notebook-table.png, notebook-chart.png, notebook-pie.png, notebook-series.png,
 * notebook-reopened.png, notebook-light.png, notebook-hc.png (and the README's
 * pql-notebook.png).
 *
 *   node --import tsx test/e2e/notebook.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import { parsePqlBook } from '../../src/shared/notebook/pqlBook';
import { loadedFleet, testServer } from '../integration/support/puppetdb';
import { blocking, auditView } from './support/a11yAudit';
import { saveReadmeScreenshot } from './support/readmeScreenshots';
import { Checks, runScript, THEMES } from './support/themedChecks';
import { until } from './support/until';
import {
  applyTheme,
  e2eArguments,
  frameWith,
  hideSideBars,
  localConnection,
  openFile,
  runCommand,
  withWorkbench,
} from './support/workbench';

const NODES_QUERY = 'nodes[certname, latest_report_status] { order by certname }';
const COUNT_QUERY = 'nodes[latest_report_status, count()] { group by latest_report_status }';
const REPORTS_QUERY =
  'reports[certname, status, producer_timestamp] { order by producer_timestamp }';
const BOOK = {
  format: 'pqlbook',
  version: 1,
  connection: 'Local PuppetDB',
  cells: [
    { kind: 'markdown', source: '# Fleet report' },
    { kind: 'pql', source: NODES_QUERY },
    { kind: 'pql', source: COUNT_QUERY },
    { kind: 'pql', source: REPORTS_QUERY },
  ],
};

/** The notebook's output frame once it shows `selector`. */
function outputFrame(page: Page, selector: string): Promise<Frame> {
  return frameWith(page, selector, `no notebook output shows ${selector}`, 60_000);
}

/**
 * Each cell's output, by what it offers (the webview holds the outputs in the order they were
 * drawn, not the cells'): the nodes' a table and JSON, the count's a pie too, the reports' a
 * series.
 */
const OUTPUTS = {
  // by its own column: a reports output still streaming has no chart button yet
  nodes:
    '.pqlbook-output:has(.grid-header-cell[data-column="latest_report_status"]):not(:has(button[data-view="pie"]))',
  count: '.pqlbook-output:has(button[data-view="pie"])',
  reports: '.pqlbook-output:has(button[data-view="series"])',
};

/**
 * The texts of `column` in every row of the grid of `output`, read by scrolling it from the top to
 * the bottom (only the rows in view are drawn), each once, in the grid's order; then the grid is
 * scrolled back to its top.
 */
async function gridColumnTexts(frame: Frame, output: string, column: string): Promise<string[]> {
  // a string, evaluated in the webview (the tests are compiled without the DOM's types)
  return (await frame.evaluate(`(async () => {
    const grid = document.querySelector(${JSON.stringify(`${output} .pqlbook-grid`)});
    const painted = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const texts = new Map();
    grid.scrollTop = 0;
    await painted();
    for (;;) {
      for (const row of grid.querySelectorAll('.grid-spacer > .grid-row')) {
        if (row.hidden) continue;
        const cell = row.querySelector('[data-column=${JSON.stringify(column)}]');
        texts.set(Number(row.dataset.position), cell.textContent);
      }
      if (grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 1) break;
      grid.scrollTop += Math.max(1, grid.clientHeight / 2);
      await painted();
    }
    grid.scrollTop = 0;
    await painted();
    return [...texts.entries()].sort((a, b) => a[0] - b[0]).map((entry) => entry[1]);
  })()`)) as string[];
}

/** The sum of the numbers in `column` (1 = the first) of the data table of an output's chart. */
async function dataTableSum(output: Locator, column: number): Promise<number> {
  const texts = await output
    .locator(`.pqlbook-data tbody tr td:nth-child(${column})`)
    .allTextContents();
  return texts.reduce((sum, text) => sum + Number(text.replace(/,/g, '')), 0);
}

/** One turn of the mouse wheel over the notebook's left margin (over an output, a grid would scroll). */
async function wheelNotebook(page: Page, deltaY: number): Promise<void> {
  const box = (await page.locator('.notebook-editor').first().boundingBox())!;
  await page.mouse.move(box.x + 12, box.y + box.height / 2);
  await page.mouse.wheel(0, deltaY);
}

/** Scrolls the notebook, as a user does, until `what` (in an output) is wholly in view. */
async function scrollNotebookTo(page: Page, what: Locator): Promise<void> {
  await until('the notebook to show the output', async () => {
    const notebook = (await page.locator('.notebook-editor').first().boundingBox())!;
    const box = (await what.boundingBox())!;
    if (box.y < notebook.y + 40) await wheelNotebook(page, box.y - notebook.y - 80);
    else if (box.y + box.height > notebook.y + notebook.height) {
      await wheelNotebook(page, box.y + box.height - notebook.y - notebook.height + 20);
    } else return true;
    return false;
  });
}

/** Presses a button of an output from the keyboard (a click at its place may land on the workbench). */
async function press(page: Page, button: Locator): Promise<void> {
  await button.focus();
  await page.keyboard.press('Enter');
}

async function closeEditors(page: Page): Promise<void> {
  await runCommand(page, 'View: Close All Editors');
  await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached' });
}

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const checks = new Checks();
  const fleet = loadedFleet();
  const active = fleet.nodes.filter((node) => !fleet.deactivated.includes(node.certname));
  const hostile = active.find((node) => node.hostileText);
  await withWorkbench(
    {
      name: 'notebook',
      theme: 'Default Dark Modern',
      settings: localConnection(testServer()),
      files: {
        'report.pqlbook': JSON.stringify(BOOK, null, 2),
        'queries.pql': `${NODES_QUERY}\n\n# @connection Local PuppetDB\n${COUNT_QUERY}\n`,
      },
      screenshots,
    },
    async ({ page, dialogs, folder }) => {
      await openFile(page, 'report.pqlbook');
      await page.locator('.notebook-editor .cell-list-container').first().waitFor();
      // the notebook toolbar's Run All, as a user runs it (the palette's is not listed here)
      await page.getByRole('button', { name: 'Run All', exact: false }).first().click();
      const table = await outputFrame(page, '.pqlbook-grid');
      await table.locator('.pqlbook-chart').first().waitFor({ timeout: 60_000 });
      // both runs ended: the toolbar offers Run All again (not Stop Execution)
      await page.getByRole('button', { name: 'Run All', exact: false }).first().waitFor();
      await page.screenshot({ path: join(screenshots, 'notebook-table.png') });
      await checks.check(
        `the nodes cell shows the ${active.length} active nodes on the grid`,
        async () => {
          const caption = await table.locator(`${OUTPUTS.nodes} .pqlbook-summary`).innerText();
          assert.match(caption, new RegExp(`^${active.length} rows · on Local PuppetDB`));
          const certnames = await gridColumnTexts(table, OUTPUTS.nodes, 'certname');
          assert.deepEqual([...certnames].sort(), active.map((node) => node.certname).sort());
          // a screen reader is told of every row (and the header row), not of those drawn
          const grid = table.locator(`${OUTPUTS.nodes} .pqlbook-grid`);
          assert.equal(await grid.getAttribute('aria-rowcount'), String(active.length + 1));
        },
      );
      await checks.check('the grid sorts from its header', async () => {
        const grid = table.locator(`${OUTPUTS.nodes} .pqlbook-grid`);
        const header = grid.locator('.grid-header-cell[data-column="certname"]');
        await press(page, header.locator('button'));
        await until(
          'the certname column sorted ascending',
          async () => (await header.getAttribute('aria-sort')) === 'ascending',
        );
        await press(page, header.locator('button'));
        await until(
          'the certname column sorted descending',
          async () => (await header.getAttribute('aria-sort')) === 'descending',
        );
        const first = await grid
          .locator('.grid-row:not([hidden])[aria-rowindex="2"] [data-column="certname"]')
          .innerText();
        assert.equal(first, [...active.map((node) => node.certname)].sort().reverse()[0]);
        await press(page, header.locator('button'));
        await until(
          'the grid back in arrival order',
          async () => (await header.getAttribute('aria-sort')) === 'none',
        );
      });
      await checks.check('a hostile certname is text, and nothing ran', async () => {
        assert.ok(hostile, 'the fleet has a node with hostile text');
        assert.equal(
          await table
            .locator('.pqlbook-output img, .pqlbook-output script, .pqlbook-output a')
            .count(),
          0,
        );
        assert.deepEqual(dialogs, []);
      });
      await checks.check(
        'the rows are JSON a button away, the hostile certname as text',
        async () => {
          // held by its place: its JSON view has no grid columns for OUTPUTS.nodes to find
          const outputs = table.locator('.pqlbook-output');
          const place = await outputs.evaluateAll(
            (elements, nodes) => elements.findIndex((element) => element.matches(nodes)),
            OUTPUTS.nodes,
          );
          const output = outputs.nth(place);
          await press(page, output.locator('button[data-view="json"]'));
          const raw = output.getByRole('region', { name: 'The rows as JSON' });
          const rows = JSON.parse(await raw.innerText()) as Array<{ certname: string }>;
          assert.deepEqual(
            rows.map((row) => row.certname).sort(),
            active.map((node) => node.certname).sort(),
          );
          assert.ok(rows.some((row) => row.certname === hostile!.certname));
          assert.equal(await output.locator('.pqlbook-json *').count(), 0, 'only text');
          await raw.focus();
          await page.screenshot({ path: join(screenshots, 'notebook-json.png') });
          await press(page, output.locator('button[data-view="table"]'));
          await output.locator('.pqlbook-grid').waitFor();
        },
      );
      await checks.check(
        'the count by status is a bar chart, and the table is a click away',
        async () => {
          const bars = await table.locator('.pqlbook-chart .pqlbook-bar').count();
          // one bar per status among the active nodes (unreported ones have a status too)
          assert.ok(bars > 0 && bars <= active.length, `${bars} bars`);
          // the notebook scrolled down to the chart, as a user scrolls it (the wheel over the cells)
          await hideSideBars(page);
          await page.locator('.notebook-editor .code-cell-row .monaco-editor').first().hover();
          await page.mouse.wheel(0, 320);
          await page.evaluate(
            'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
          );
          await page.screenshot({ path: join(screenshots, 'notebook-chart.png') });
          await saveReadmeScreenshot(page, 'pql-notebook');
          const countOutput = table.locator(OUTPUTS.count);
          await press(page, countOutput.locator('button[data-view="pie"]'));
          await countOutput.locator('.pqlbook-pie').waitFor();
          await scrollNotebookTo(page, countOutput.locator('.pqlbook-pie'));
          await page.screenshot({ path: join(screenshots, 'notebook-pie.png') });
          assert.equal(await countOutput.locator('.pqlbook-pie path').count(), Math.min(bars, 8));
          assert.equal(await dataTableSum(countOutput, 2), active.length);
          await press(page, countOutput.locator('.pqlbook-toolbar button', { hasText: 'Table' }));
          await countOutput.locator('.pqlbook-grid').waitFor();
          assert.equal(await table.locator('.pqlbook-chart').count(), 0, 'the chart gave way');
          // the counts line up on their last digit, as in the results panel
          const count = countOutput.locator('.pqlbook-grid .grid-cell.number').first();
          assert.equal(
            await count.evaluate(
              (cell: unknown) =>
                (
                  globalThis as unknown as {
                    getComputedStyle(element: unknown): { textAlign: string };
                  }
                ).getComputedStyle(cell).textAlign,
            ),
            'right',
          );
        },
      );
      await checks.check('the reports, by their time, are a time series', async () => {
        const reportsOutput = table.locator(OUTPUTS.reports);
        // the notebook draws an output once its cell scrolls into view: scrolled down to it
        await until('the reports cell to show its output', async () => {
          if (await reportsOutput.count()) return true;
          await wheelNotebook(page, 300);
          return false;
        });
        const summaryText = await reportsOutput.locator('.pqlbook-summary').innerText();
        const reports = Number(/^([\d,]+) rows/.exec(summaryText)![1]!.replace(/,/g, ''));
        assert.ok(reports > active.length, `${reports} reports`);
        await press(page, reportsOutput.locator('button[data-view="series"]'));
        await reportsOutput.locator('.pqlbook-series .pqlbook-line').waitFor();
        await scrollNotebookTo(page, reportsOutput.locator('.pqlbook-series'));
        await page.screenshot({ path: join(screenshots, 'notebook-series.png') });
        const name = await reportsOutput.locator('.pqlbook-series').getAttribute('aria-label');
        assert.match(name ?? '', /^Time series: rows per (minute|hour|day) of producer_timestamp/);
        // every report counted once, in its bucket
        assert.equal(await dataTableSum(reportsOutput, 2), reports);
      });
      await checks.check('the outputs pass axe (serious or critical)', async () => {
        const findings = await auditView(page, table);
        const ours = blocking(findings).filter((violation) =>
          JSON.stringify(violation).includes('pqlbook'),
        );
        assert.deepEqual(ours, []);
      });

      const file = join(folder, 'report.pqlbook');
      // from the palette: the keyboard's focus may be in an output's webview after the checks
      await runCommand(page, 'File: Save');
      // saved once the file on disk holds both cells' outputs (an auto-save may have come first)
      const hasOutputs = (text: string) =>
        parsePqlBook(text).cells.filter((cell) => cell.output?.rows).length === 3;
      let savedText = '';
      await until('File: Save to write the three outputs to the file', () =>
        hasOutputs((savedText = readFileSync(file, 'utf8'))),
      );
      const saved = parsePqlBook(savedText);
      await checks.check('the saved file holds the rows of the three cells', () => {
        assert.ok(
          saved.cells.slice(1).every((cell) => cell.output),
          savedText.slice(0, 2000),
        );
        assert.equal(saved.cells[1]!.output!.rows!.length, active.length);
        assert.ok(saved.cells[2]!.output!.rows!.length > 0);
        assert.ok(saved.cells[3]!.output!.rows!.length > active.length);
        assert.equal(saved.cells[1]!.output!.connection, 'Local PuppetDB');
      });
      await closeEditors(page);
      await openFile(page, 'report.pqlbook');
      const reopened = await outputFrame(page, '.pqlbook-grid');
      await page.screenshot({ path: join(screenshots, 'notebook-reopened.png') });
      await checks.check('reopened, its outputs are there without a run', async () => {
        const caption = await reopened.locator(`${OUTPUTS.nodes} .pqlbook-summary`).innerText();
        assert.match(caption, new RegExp(`^${active.length} rows`));
      });
      // the reopened outputs in the light and high-contrast themes' own colours
      for (const { theme, name } of THEMES.filter((entry) => entry.name !== 'dark')) {
        await applyTheme(page, folder, theme);
        await page.screenshot({ path: join(screenshots, `notebook-${name}.png`) });
        await checks.check(`${name}: the outputs pass axe (serious or critical)`, async () => {
          const findings = await auditView(page, reopened);
          const ours = blocking(findings).filter((violation) =>
            JSON.stringify(violation).includes('pqlbook'),
          );
          assert.deepEqual(ours, []);
        });
      }
      await checks.check('a certname in the output shows its node in the explorer', async () => {
        const grid = reopened.locator(`${OUTPUTS.nodes} .pqlbook-grid`);
        const certname = await grid
          .locator('.grid-row:not([hidden])[aria-rowindex="2"] [data-column="certname"]')
          .innerText();
        assert.ok(
          await grid
            .locator('.grid-row:not([hidden])[aria-rowindex="2"] [data-column="certname"].link')
            .count(),
          'the certname is a link',
        );
        // by keyboard (a click at its place may land on the workbench's title bar above the
        // output): the first row, its certname cell (after the row number), Enter
        // each key once the grid has taken the one before (on a busy machine keys pressed
        // straight after one another reached a grid not yet focused)
        const firstRow = grid.locator('.grid-row:not([hidden])[aria-rowindex="2"]');
        await grid.focus();
        // Ctrl+Home keeps the column the sort above left active; Home goes to the row's first
        await page.keyboard.press('Control+Home');
        await firstRow.locator('.grid-cell.is-active').waitFor();
        await page.keyboard.press('Home');
        await firstRow.locator('.grid-cell.row-number.is-active').waitFor();
        await page.keyboard.press('ArrowRight');
        await firstRow.locator('[data-column="certname"].is-active').waitFor();
        await page.keyboard.press('Enter');
        await page
          .locator('.part.sidebar .monaco-list-row.selected', { hasText: certname })
          .waitFor({ timeout: 60_000 });
        // the reveal also takes the keyboard's focus into the tree: once it has, the palette
        // opened next is not closed by it
        await page.locator('.part.sidebar :focus').first().waitFor();
      });
      await closeEditors(page);

      await openFile(page, 'queries.pql');
      await runCommand(page, 'PuppetDB: Open as Notebook');
      await checks.check('Open as Notebook makes a cell of each query of a .pql file', async () => {
        await page.locator('.notebook-editor .code-cell-row').nth(1).waitFor();
        assert.equal(await page.locator('.notebook-editor .code-cell-row').count(), 2);
      });
    },
  );
  checks.report('notebook');
}

runScript('notebook', main);
