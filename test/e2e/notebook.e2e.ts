/**
 * End to end in headless Chromium: a PQL notebook of the workspace (a markdown cell, a query of
 * nodes, a count() by status) run with the notebook toolbar's Run All shows its rows as a table
 * (the hostile certname as text) and the count as a bar chart; saved and opened again, its outputs
 * are there without running anything, and a certname in them shows its node in the explorer.
 * "PuppetDB: Open as Notebook" turns a .pql file into a notebook of its queries. Screenshots:
 * notebook-table.png, notebook-chart.png, notebook-reopened.png, notebook-light.png,
 * notebook-hc.png (and the README's pql-notebook.png).
 *
 *   node --import tsx test/e2e/notebook.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
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
const BOOK = {
  format: 'pqlbook',
  version: 1,
  connection: 'Local PuppetDB',
  cells: [
    { kind: 'markdown', source: '# Fleet report' },
    { kind: 'pql', source: NODES_QUERY },
    { kind: 'pql', source: COUNT_QUERY },
  ],
};

/** The notebook's output frame once it shows `selector`. */
function outputFrame(page: Page, selector: string): Promise<Frame> {
  return frameWith(page, selector, `no notebook output shows ${selector}`, 60_000);
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
      const table = await outputFrame(page, '.pqlbook-table table');
      await table.locator('.pqlbook-chart').first().waitFor({ timeout: 60_000 });
      // both runs ended: the toolbar offers Run All again (not Stop Execution)
      await page.getByRole('button', { name: 'Run All', exact: false }).first().waitFor();
      await page.screenshot({ path: join(screenshots, 'notebook-table.png') });
      await checks.check(
        `the nodes cell shows the ${active.length} active nodes as a table`,
        async () => {
          const caption = await table.locator('.pqlbook-table caption').first().innerText();
          assert.match(caption, new RegExp(`^${active.length} rows · on Local PuppetDB`));
          const certnames = await table
            .locator('.pqlbook-table tbody tr td:first-child')
            .allInnerTexts();
          assert.deepEqual([...certnames].sort(), active.map((node) => node.certname).sort());
        },
      );
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
          await table.locator('.pqlbook-toolbar button', { hasText: 'Table' }).click();
          await table.locator('.pqlbook-table').nth(1).waitFor();
          assert.equal(await table.locator('.pqlbook-chart').count(), 0, 'the chart gave way');
        },
      );
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
        parsePqlBook(text).cells.filter((cell) => cell.output?.rows).length === 2;
      let savedText = '';
      await until('File: Save to write both outputs to the file', () =>
        hasOutputs((savedText = readFileSync(file, 'utf8'))),
      );
      const saved = parsePqlBook(savedText);
      await checks.check('the saved file holds the rows of both cells', () => {
        assert.ok(
          saved.cells.slice(1).every((cell) => cell.output),
          savedText.slice(0, 2000),
        );
        assert.equal(saved.cells[1]!.output!.rows!.length, active.length);
        assert.ok(saved.cells[2]!.output!.rows!.length > 0);
        assert.equal(saved.cells[1]!.output!.connection, 'Local PuppetDB');
      });
      await closeEditors(page);
      await openFile(page, 'report.pqlbook');
      const reopened = await outputFrame(page, '.pqlbook-table table');
      await page.screenshot({ path: join(screenshots, 'notebook-reopened.png') });
      await checks.check('reopened, its outputs are there without a run', async () => {
        const caption = await reopened.locator('.pqlbook-table caption').first().innerText();
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
        const certname = active.map((node) => node.certname).sort()[0]!;
        // by keyboard (a click at its place may land on the workbench's title bar above the output)
        await reopened.locator('.pqlbook-link', { hasText: certname }).first().focus();
        await page.keyboard.press('Enter');
        await page
          .locator('.part.sidebar .monaco-list-row.selected', { hasText: certname })
          .waitFor({ timeout: 30_000 });
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
