/**
 * End to end in headless Chromium: many PuppetDBs at once, in the dark, light and high-contrast
 * themes (the views opened in dark, then the theme switched under them: a second and third
 * opening of each showed the same rows and took most of the script's time), with three connections — this run's PuppetDB, a second one with another fleet
 * (test/vscode/secondServer.ts) and one whose server is down (a fault proxy refusing).
 * - "Open Connections Overview": a row per PuppetDB with its counts, the stopped one's
 *   error in its row, the total; a PuppetDB's name opens its own overview.
 * - "Run Query on Several Connections…" on a query of a .pql file, all three picked: the rows of
 *   both fleets in one table with a `connection` column, a line per connection above it (its
 *   rows, or its error).
 * - A notebook cell whose `# @connection` line names all three (dark theme): the merged rows, and
 *   a line per connection above them.
 * Screenshots: test-results/connections-overview-<theme>.png, several-connections-<theme>.png,
 * several-connections-notebook.png.
 *
 *   node --import tsx test/e2e/severalConnections.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { connect } from '../../src/client';
import { testServer } from '../integration/support/puppetdb';
import { startFaultProxy } from '../support/faultProxy';
import { secondServer } from '../vscode/secondServer';
import {
  applyTheme,
  e2eArguments,
  frameWith,
  hideSideBars,
  openFile,
  runCommand,
  webviewFrame,
  withWorkbench,
  type WorkbenchRun,
} from './support/workbench';
import { saveReadmeScreenshot } from './support/readmeScreenshots';
import { Checks, runScript, THEMES, type Check } from './support/themedChecks';

const QUERY = 'nodes[certname, latest_report_status] { order by certname }';
const NAMES = { east: 'Local PuppetDB', west: 'West PuppetDB', down: 'Stopped PuppetDB' };

async function putCursorOnLine(page: Page, line: number): Promise<void> {
  await page.keyboard.press('Control+G');
  await page.keyboard.type(String(line));
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await page
    .locator('.statusbar-item[id="status.editor.selection"]')
    .filter({ hasText: new RegExp(`^Ln ${line}, Col 1\\b`) })
    .waitFor({ timeout: 15_000 });
}

/** The connections overview: a row per PuppetDB, the stopped one's error in its row, the total. */
async function assertOverviewRows(
  overview: Frame,
  expected: { east: number; west: number },
): Promise<void> {
  const rows = overview.locator('tbody tr');
  assert.deepEqual(await overview.locator('tbody th[scope="row"]').allInnerTexts(), [
    NAMES.east,
    NAMES.west,
    NAMES.down,
    'All connections (the 2 that answered)',
  ]);
  const active = async (index: number) =>
    Number((await rows.nth(index).locator('td').first().innerText()).replace(/,/g, ''));
  assert.equal(await active(0), expected.east);
  assert.equal(await active(1), expected.west);
  assert.equal(await active(3), expected.east + expected.west);
  assert.match(await rows.nth(2).innerText(), /Failed: .*(refused|ECONNREFUSED)/i);
}

/** The query's results: both fleets' rows in one table, a line per connection above it. */
async function assertMergedResults(
  results: Frame,
  expected: { east: number; west: number },
): Promise<void> {
  const tallies = await results.locator('.connection-tallies .tally').allInnerTexts();
  assert.equal(tallies.length, 3);
  assert.match(tallies[0]!, new RegExp(`^${NAMES.east}\\s+${expected.east} rows$`));
  assert.match(tallies[1]!, new RegExp(`^${NAMES.west}\\s+${expected.west} rows$`));
  assert.match(tallies[2]!, new RegExp(`^${NAMES.down}\\s+failed: `));
  assert.match(
    await results.locator('.counts').innerText(),
    new RegExp(`^${expected.east + expected.west} rows`),
  );
  const headers = await results.locator('.grid-header-cell, [role="columnheader"]').allInnerTexts();
  assert.ok(
    headers.some((text) => text.trim().startsWith('connection')),
    `columns: ${headers.join(', ')}`,
  );
}

/** Everything, in the dark theme the workbench opens in. */
async function exerciseInDark(
  page: Page,
  expected: { east: number; west: number },
  screenshots: string,
  check: Check,
): Promise<void> {
  await runCommand(page, 'PuppetDB: Open Connections Overview');
  const overview = await webviewFrame(page, 'connectionsOverview', { timeoutMs: 60_000 });
  await overview.locator('.connection-row.row-error').waitFor({ timeout: 60_000 });
  await overview
    .locator('.page-title', { hasText: /on 2 of 3 PuppetDBs$/ })
    .waitFor({ timeout: 60_000 });
  await hideSideBars(page);
  await check(`dark: a row per PuppetDB, the stopped one's error in its row, the total`, () =>
    assertOverviewRows(overview, expected),
  );
  await page.screenshot({ path: join(screenshots, `connections-overview-dark.png`) });
  await saveReadmeScreenshot(page, 'connections-overview');
  await overview.locator('button.open-overview', { hasText: NAMES.west }).click();
  await page
    .locator(`.tabs-container .tab[aria-label^="Overview · ${NAMES.west}"]`)
    .first()
    .waitFor({ timeout: 60_000 });
  await check(`dark: a PuppetDB's name opens its own overview`, async () => {
    const own = await webviewFrame(page, 'overview', { timeoutMs: 60_000 });
    await own
      .locator('.page-title', { hasText: `${NAMES.west} · ${expected.west} active nodes` })
      .waitFor({ timeout: 60_000 });
  });
  await page.keyboard.press('Escape');

  await openFile(page, 'queries.pql');
  await putCursorOnLine(page, 1);
  await runCommand(page, 'PuppetDB: Run Query on Several Connections…');
  // the active connection comes picked: the two others picked with a click each, then OK
  await page
    .locator('.quick-input-widget input[placeholder^="The PuppetDB connections"]')
    .waitFor({ timeout: 30_000 });
  for (const other of [NAMES.west, NAMES.down]) {
    await page.locator('.quick-input-list .monaco-list-row', { hasText: other }).first().click();
  }
  await page
    .locator('.quick-input-widget .quick-input-count', { hasText: '3 Selected' })
    .waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  const results = await webviewFrame(page, 'results', { timeoutMs: 60_000 });
  await results.locator('.state-done').waitFor({ timeout: 60_000 });
  await results.locator('.connection-tallies .tally-error').waitFor({ timeout: 30_000 });
  await hideSideBars(page);
  await check(`dark: both fleets' rows in one table, a line per connection above it`, () =>
    assertMergedResults(results, expected),
  );
  await page.screenshot({ path: join(screenshots, `several-connections-dark.png`) });
  await saveReadmeScreenshot(page, 'several-connections');

  // a notebook cell naming the three: their rows merged, each one's rows or error above them
  await openFile(page, 'several.pqlbook');
  await page.locator('.notebook-editor .cell-list-container').first().waitFor();
  await page.getByRole('button', { name: 'Run All', exact: false }).first().click();
  const output = await frameWith(
    page,
    '.pqlbook-connections',
    'no notebook output lists its connections',
    60_000,
  );
  await page.getByRole('button', { name: 'Run All', exact: false }).first().waitFor();
  await page.screenshot({ path: join(screenshots, 'several-connections-notebook.png') });
  await check("dark: a notebook cell on the three lists each one's rows or error", async () => {
    const lines = await output.locator('.pqlbook-connections li').allInnerTexts();
    assert.deepEqual(lines.slice(0, 2), [
      `${NAMES.east}: ${expected.east} rows`,
      `${NAMES.west}: ${expected.west} rows`,
    ]);
    assert.match(lines[2]!, new RegExp(`^${NAMES.down}: failed: .*connection refused`));
    const summary = await output.locator('.pqlbook-summary').innerText();
    assert.match(summary, new RegExp(`^${expected.east + expected.west} rows`));
    // the cell's status bar names the three it runs on, not the first alone
    await page
      .locator('.cell-statusbar-container', {
        hasText: `${NAMES.east}, ${NAMES.west}, ${NAMES.down}`,
      })
      .first()
      .waitFor({ timeout: 15_000 });
  });
}

/**
 * The connections overview and the query's results again in `theme`, switched to under them: each
 * tab brought to the front, its rows checked and its screenshot taken.
 */
async function inTheme(
  run: WorkbenchRun,
  theme: (typeof THEMES)[number],
  expected: { east: number; west: number },
  screenshots: string,
  check: Check,
): Promise<void> {
  const { page, folder } = run;
  await applyTheme(page, folder, theme.theme);
  const themed = `body.${theme.webviewClass}`;
  await page.locator('.tabs-container .tab[aria-label^="Overview · All Connections"]').click();
  const overview = await webviewFrame(page, 'connectionsOverview', {
    timeoutMs: 60_000,
    showing: '.connection-row.row-error',
  });
  await overview.locator(themed).waitFor({ state: 'attached', timeout: 30_000 });
  await check(
    `${theme.name}: a row per PuppetDB, the stopped one's error in its row, the total`,
    () => assertOverviewRows(overview, expected),
  );
  await page.screenshot({ path: join(screenshots, `connections-overview-${theme.name}.png`) });
  await page
    .locator(`.tabs-container .tab[aria-label*="${QUERY.slice(0, 20)}"]`)
    .first()
    .click();
  const results = await webviewFrame(page, 'results', {
    timeoutMs: 60_000,
    showing: '.connection-tallies .tally-error',
  });
  await results.locator(themed).waitFor({ state: 'attached', timeout: 30_000 });
  await check(`${theme.name}: both fleets' rows in one table, a line per connection above it`, () =>
    assertMergedResults(results, expected),
  );
  await page.screenshot({ path: join(screenshots, `several-connections-${theme.name}.png`) });
}

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const east = testServer();
  const second = await secondServer();
  const down = await startFaultProxy({ target: { host: east.host, port: east.httpPort } });
  await down.refuseConnections();
  const count = async (server: { host: string; httpPort: number }) => {
    const client = connect({ host: server.host, port: server.httpPort });
    const rows = await client.stream('pql', { query: QUERY }).toArray();
    await client.disconnect();
    return rows.length;
  };
  const expected = { east: await count(east), west: await count(second.server) };
  const checks = new Checks();
  const settings = {
    'puppetdbExplorer.connections': [
      { id: 'local', name: NAMES.east, url: `http://${east.host}:${east.httpPort}` },
      {
        id: 'west',
        name: NAMES.west,
        url: `http://${second.server.host}:${second.server.httpPort}`,
      },
      { id: 'down', name: NAMES.down, url: down.url },
    ],
  };
  try {
    // one workbench, dark first; a Content Security Policy violation in any theme fails this
    await checks.check('no Content Security Policy violation, in any theme', () =>
      withWorkbench(
        {
          name: 'several-connections',
          theme: THEMES[0].theme,
          settings,
          files: {
            'queries.pql': `${QUERY}\n`,
            'several.pqlbook': JSON.stringify({
              format: 'pqlbook',
              version: 1,
              cells: [
                {
                  kind: 'pql',
                  source: [`# @connection ${NAMES.east}, ${NAMES.west}, ${NAMES.down}`, QUERY],
                },
              ],
            }),
          },
          screenshots,
        },
        async (run) => {
          await exerciseInDark(run.page, expected, screenshots, checks.check);
          for (const theme of THEMES.slice(1)) {
            await inTheme(run, theme, expected, screenshots, checks.check);
          }
        },
      ),
    );
  } finally {
    await down.close();
    await second.release();
  }
  checks.report('several-connections');
}

runScript('several-connections', main);
