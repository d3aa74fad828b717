/**
 * End to end in headless Chromium: the workbench with the extension and a connection to the real
 * PuppetDB; the events table of a failed report (the node whose resources carry XSS payloads)
 * opened from the command palette, sorted, filtered and grouped, its rows compared with the
 * server's events; then the report view's summary, logs, metrics and events; in the dark theme a
 * window reload, after which both panels come back; then (dark) the table at events.maxEvents,
 * set in the workspace settings, whose "Export all events" writes every event to the file
 * answered in the save dialog.
 * All of it runs in light, high contrast and dark, in one workbench switched from theme to theme;
 * the screenshots go to test-results/events-*.png and report-*.png; look at them.
 *
 *   node esbuild.mjs && node --import tsx test/e2e/events.e2e.ts [--state-dir .work/puppetdb-test]
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Frame, Page } from 'playwright-core';
import { CONTROL_REPO } from '../fixtures/fleet/controlRepo';
import { httpClient, testServer } from '../integration/support/puppetdb';
import { postToView } from './support/hostileValues';
import { startRecordingProxy } from './support/recordingProxy';
import { shownEvents } from './support/eventRows';
import { assertGridAria, gridAria } from './support/gridAria';
import {
  editorCursorOn,
  notificationInCenter,
  reloadWindow,
  runCommand,
  settingShown,
  webviewFrame,
  withWorkbenchInThemes,
  writeWorkspaceSetting,
} from './support/workbench';
import { saveReadmeScreenshot } from './support/readmeScreenshots';

const THEMES = [
  { name: 'Default Dark Modern', shade: 'dark' },
  { name: 'Default Light Modern', shade: 'light' },
  { name: 'Default High Contrast', shade: 'hc' },
] as const;

const XSS_TITLE = '<img src=x onerror=alert(1)>';

async function settle(frame: Frame): Promise<void> {
  await frame.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
}

/** The events table of the node's latest report, from the palette, once its page shows `showing`. */
async function openLatestReportEvents(
  page: Page,
  certname: string,
  showing: string,
): Promise<Frame> {
  await runCommand(page, 'PuppetDB: Open Events Table', [
    { asks: 'Node (certname)', answer: certname },
    { asks: `Events of ${certname}`, answer: 'Latest report' },
  ]);
  return webviewFrame(page, 'events', { timeoutMs: 60_000, showing });
}

/**
 * The table at its limit (events.maxEvents one below the report's events): the "Truncated" note
 * offers the export of every event; answering the save dialog with its proposal writes all of
 * them, as PuppetDB has them, to the file.
 */
async function truncatedTable(
  { page, folder, dialogs }: { page: Page; folder: string; dialogs: readonly unknown[] },
  options: {
    screenshots: string;
    certname: string;
    /** The report's events, as PuppetDB answers them. */
    serverEvents: unknown[];
    check: (name: string, assertion: () => unknown) => Promise<void>;
  },
): Promise<void> {
  const { certname, serverEvents, check } = options;
  const maxEvents = serverEvents.length - 1;
  assert.ok(maxEvents >= 1, `the report has only ${serverEvents.length} events`);
  // in the workbench the themes ran in (a VS Code start less): its editors closed, the limit set
  // in the workspace settings as a user sets it, and in force once the Settings editor shows it
  await runCommand(page, 'View: Close All Editors');
  await page.locator('iframe.webview').first().waitFor({ state: 'detached', timeout: 30_000 });
  writeWorkspaceSetting(folder, 'puppetdbExplorer.events.maxEvents', maxEvents);
  await settingShown(page, 'puppetdbExplorer.events.maxEvents', String(maxEvents));
  const events = await openLatestReportEvents(
    page,
    certname,
    '.truncated:not([hidden]) vscode-button',
  );
  const note = events.locator('.truncated');
  const buttons = note.locator('vscode-button');
  await check(
    `dark: at events.maxEvents (${maxEvents}) the table says so and offers the export of every event`,
    async () => {
      assert.match(await note.innerText(), new RegExp(`Truncated at ${maxEvents} events\\.`));
      assert.deepEqual(
        (await buttons.allInnerTexts()).map((text) => text.trim()),
        ['Export all events as CSV…', 'Export all events as JSON…'],
      );
      assert.equal(
        await events
          .locator('.events-grid .grid-spacer > .grid-row:not([hidden]):not(.is-group)')
          .count(),
        maxEvents,
      );
    },
  );
  await page.screenshot({ path: join(options.screenshots, 'events-truncated-dark.png') });

  await buttons.filter({ hasText: 'JSON' }).click();
  // the save dialog (VS Code's own in the browser) proposes events.json in the workspace
  const path = page.locator('.quick-input-widget input').first();
  await page.waitForFunction(
    `document.querySelector('.quick-input-widget input')?.value.endsWith('events.json')`,
    undefined,
    { timeout: 30_000 },
  );
  const proposed = await path.inputValue();
  await page.keyboard.press('Enter');
  // the closing message is a notification: the list of notifications keeps it
  await page.locator('.statusbar .codicon-bell-dot').waitFor({ timeout: 60_000 });
  await notificationInCenter(page, `Exported all ${serverEvents.length} rows`);
  await page.screenshot({ path: join(options.screenshots, 'events-exported-dark.png') });
  await check(
    `dark: "Export all events as JSON…" writes all ${serverEvents.length} events to the file picked in the save dialog`,
    () => {
      assert.equal(resolve(proposed), join(folder, 'events.json'));
      const written = JSON.parse(readFileSync(join(folder, 'events.json'), 'utf8')) as unknown[];
      const rows = (list: unknown[]) => list.map((row) => JSON.stringify(row)).sort();
      assert.deepEqual(rows(written), rows(serverEvents));
    },
  );

  // the table is a preview: the node's week of events is shown in its panel, by the same
  // page started over (not a new one), without the filters set on the report's events: text,
  // a column's filter, a status turned off, a grouping
  await events.locator('.events-column-filter[data-column="resource"] input').fill('[');
  await events.locator('.events-status-toggle-success').click();
  await events.evaluate(`(() => {
    const select = document.querySelector('.events-group-select');
    select.value = 'resource';
    select.dispatchEvent(new Event('change'));
  })()`);
  await events.locator('.events-grid .grid-row.is-group').first().waitFor();
  await events.locator('.events-text-filter input').fill('no event says this');
  await events
    .locator('.events-grid .grid-spacer > .grid-row:not([hidden]):not(.is-group)')
    .first()
    .waitFor({ state: 'hidden' });
  await runCommand(page, 'PuppetDB: Open Events Table', [
    { asks: 'Node (certname)', answer: certname },
    { asks: `Events of ${certname}`, answer: 'Last 7 days' },
  ]);
  // (a week's title names its two ends)
  await events.locator('.page-title', { hasText: ' – ' }).waitFor({ timeout: 60_000 });
  await events
    .locator('.events-grid .grid-spacer > .grid-row:not([hidden]):not(.is-group)')
    .first()
    .waitFor();
  await page.screenshot({ path: join(options.screenshots, 'events-preview-next-dark.png') });
  await check(
    "dark: the next events open in the preview's panel, its page started over without the last table's filter",
    async () => {
      assert.equal(events.isDetached(), false, 'the page was loaded anew');
      assert.equal(await page.locator('.tabs-container .tab[aria-label^="Events · "]').count(), 1);
      assert.equal(await events.locator('.events-text-filter input').inputValue(), '');
      assert.equal(
        await events.locator('.events-column-filter[data-column="resource"] input').inputValue(),
        '',
      );
      assert.equal(
        await events
          .locator('.events-status-toggle-success')
          .evaluate((toggle: unknown) => (toggle as { checked: boolean }).checked),
        true,
        'every status is shown again',
      );
      assert.equal(
        await events
          .locator('.events-group-select')
          .evaluate((select: unknown) => (select as { value: string }).value),
        'none',
      );
      assert.equal(await events.locator('.events-grid .grid-row.is-group').count(), 0);
    },
  );
  // Keep Open, on the preview's title bar, keeps it: the next events open a panel of their own
  const keep = page.locator('.editor-actions .action-label[aria-label="Keep Open"]');
  await keep.click();
  await keep.waitFor({ state: 'hidden' });
  await runCommand(page, 'PuppetDB: Open Events Table', [
    { asks: 'Node (certname)', answer: certname },
    { asks: `Events of ${certname}`, answer: 'Latest report' },
  ]);
  await page.locator('.tabs-container .tab', { hasText: 'latest report' }).waitFor();
  await keep.waitFor();
  await check(
    'dark: Keep Open keeps the preview; the next events open beside it, the preview now',
    async () => {
      assert.equal(await page.locator('.tabs-container .tab[aria-label^="Events · "]').count(), 2);
    },
  );
  assert.deepEqual(dialogs, [], 'no dialog opened');
}

interface ActiveCell {
  column: string;
  row: number;
  status: string;
  /** aria-rowindex of every selected row drawn. */
  selected: number[];
}

/** The grid's active cell (its aria-activedescendant) and the rows selected. */
async function activeCell(frame: Frame): Promise<ActiveCell | null> {
  return (await frame.evaluate(`(() => {
    const grid = document.querySelector('.events-grid');
    const cell = document.getElementById(grid.getAttribute('aria-activedescendant'));
    const row = cell && cell.closest('[role="row"]');
    return row && {
      column: cell.dataset.column,
      row: Number(row.getAttribute('aria-rowindex')),
      status: row.querySelector('.events-status-text').textContent,
      selected: [...grid.querySelectorAll('.grid-spacer > [role="row"][aria-selected="true"]')]
        .filter((each) => !each.hidden)
        .map((each) => Number(each.getAttribute('aria-rowindex')))
        .sort((a, b) => a - b),
    };
  })()`)) as ActiveCell | null;
}

/**
 * The one grid's own keys, copy and columns, on the events table sorted by status (failures
 * first): Ctrl+End/Home, End/Home, type-to-find, Shift+arrow; Ctrl+A and Ctrl+C copy the rows
 * as tab-separated text, the row's menu copies a cell; "Columns…" hides and shows a column;
 * dragging a header's edge widens it.
 */
async function gridChecks(
  events: Frame,
  page: Page,
  serverEvents: Array<{ status: string; type: string; title: string }>,
  shade: string,
  screenshots: string,
  check: (name: string, assertion: () => unknown) => Promise<void>,
): Promise<void> {
  const rank: Record<string, number> = { failure: 0, skipped: 1, noop: 2, success: 3 };
  const statuses = serverEvents.map((event) => event.status).sort((a, b) => rank[a]! - rank[b]!);
  const count = serverEvents.length;
  // the rows' aria-rowindex start after the two header rows
  const firstRow = 3;
  const nextS = (from: number) =>
    statuses.findIndex((each, at) => at > from && each.startsWith('s'));
  const [firstS, secondS] = [nextS(0), nextS(nextS(0))];
  assert.ok(firstS > 0 && secondS > firstS, `two statuses with an s after the first: ${statuses}`);
  const lastRow = firstRow + count - 1;
  const below = Math.min(firstRow + secondS + 1, lastRow);
  const grid = events.locator('.events-grid[role="grid"]');
  /** Presses `key`, waits until the active cell is in `row` (and `column`), and reads it. */
  const press = async (key: string, row: number, column?: string) => {
    await page.keyboard.press(key);
    const at = column ? `[data-column="${column}"]` : '';
    await events
      .locator(`.events-grid .grid-spacer > .grid-row[aria-rowindex="${row}"] .is-active${at}`)
      .waitFor({ timeout: 10_000 });
    return activeCell(events);
  };
  await grid.focus();
  const last = await press('Control+End', lastRow);
  const first = await press('Control+Home', firstRow, 'status');
  const lastColumn = await press('End', firstRow, 'location');
  await press('Home', firstRow, 'status');
  // typing a row's first letter moves to the next row whose first column starts with it (the same
  // letter again to the one after: whether or not a pause ended the word, the answer is the same)
  const foundFirst = await press('s', firstRow + firstS);
  const found = await press('s', firstRow + secondS);
  const extended = await press('Shift+ArrowDown', below);
  await check(
    `${shade}: the grid's keys: Ctrl+End/Home, End/Home, typing a row's first letters, Shift+arrow`,
    () => {
      assert.deepEqual(last?.selected, [lastRow]);
      assert.deepEqual(first && [first.row, first.column, first.status], [
        firstRow,
        'status',
        statuses[0],
      ]);
      assert.equal(lastColumn?.column, 'location');
      assert.deepEqual(foundFirst && [foundFirst.row, foundFirst.status], [
        firstRow + firstS,
        statuses[firstS],
      ]);
      assert.deepEqual(found && [found.row, found.status], [firstRow + secondS, statuses[secondS]]);
      assert.deepEqual(extended?.selected, [...new Set([firstRow + secondS, below])]);
    },
  );

  // copy: what a copy event carries (the page's own listener answers it)
  await events.evaluate(`(() => {
    window.__copied = [];
    document.addEventListener('copy', (event) => {
      window.__copied.push(event.clipboardData.getData('text/plain'));
      document.body.dataset.copied = String(window.__copied.length);
    });
  })()`);
  await page.keyboard.press('Control+A');
  await events
    .locator(
      `.events-grid .grid-spacer > .grid-row[aria-rowindex="${firstRow}"][aria-selected="true"]`,
    )
    .waitFor();
  await page.keyboard.press('Control+C');
  await events.locator('body[data-copied="1"]').waitFor({ timeout: 10_000 });
  const copiedRows = ((await events.evaluate('window.__copied')) as string[]).at(-1) ?? '';
  const failureRow = events
    .locator('.events-grid .grid-spacer > .grid-row:not([hidden]) .events-cell-resource')
    .first();
  await failureRow.click({ button: 'right' });
  const menu = events.locator('[role="menu"]');
  await menu.waitFor();
  const items = await menu.locator('[role="menuitem"]').allInnerTexts();
  await page.screenshot({ path: join(screenshots, `events-grid-menu-${shade}.png`) });
  await menu.locator('[role="menuitem"]', { hasText: 'Copy cell' }).click();
  await events.locator('body[data-copied="2"]').waitFor({ timeout: 10_000 });
  const copiedCell = ((await events.evaluate('window.__copied')) as string[]).at(-1);
  const failure = serverEvents.find((event) => event.status === statuses[0])!;
  await check(
    `${shade}: Ctrl+A, Ctrl+C copy every row as tab-separated text; the row's menu copies a cell`,
    () => {
      const lines = copiedRows.split('\n');
      assert.equal(lines.length, count);
      assert.ok(
        lines.every((line) => line.split('\t').length === 9),
        copiedRows,
      );
      assert.ok(copiedRows.includes(`Notify[${XSS_TITLE}]`), copiedRows);
      assert.deepEqual(items.slice(0, 3), [
        'Copy cell',
        `Copy ${count} rows`,
        `Copy ${count} rows with column names`,
      ]);
      assert.equal(copiedCell, `${failure.type}[${failure.title}]`);
    },
  );

  // columns: hidden and shown again from "Columns…"
  const columnsMenu = async () => {
    await events.locator('.events-table .grid-columns-button').click();
    await events
      .locator('[role="menu"] [role="menuitemcheckbox"]', { hasText: 'Property' })
      .click();
  };
  const headers = () =>
    events
      .locator('.events-grid .grid-header-cell')
      .evaluateAll((cells) =>
        cells.map((cell) => (cell as unknown as { dataset: { column: string } }).dataset.column),
      );
  await columnsMenu();
  const hidden = { count: await grid.getAttribute('aria-colcount'), headers: await headers() };
  await columnsMenu();
  const shown = { count: await grid.getAttribute('aria-colcount'), headers: await headers() };
  // resize: the edge of Property's header dragged 80 px to the right
  const property = events.locator('.events-grid .grid-header-cell[data-column="property"]');
  const before = (await property.boundingBox())!;
  const edge = (await property.locator('.grid-resize').boundingBox())!;
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width / 2 + 80, edge.y + edge.height / 2, { steps: 4 });
  await page.mouse.up();
  const after = (await property.boundingBox())!;
  const cell = (await events
    .locator('.events-grid .grid-spacer > .grid-row:not([hidden]) .events-cell-property')
    .first()
    .boundingBox())!;
  await check(
    `${shade}: "Columns…" hides a column and shows it again; a header's edge resizes it`,
    () => {
      assert.equal(hidden.count, '8');
      assert.ok(!hidden.headers.includes('property'));
      assert.equal(shown.count, '9');
      assert.ok(shown.headers.includes('property'));
      assert.ok(Math.abs(after.width - before.width - 80) <= 3, `${before.width} → ${after.width}`);
      assert.ok(
        Math.abs(cell.width - after.width) <= 1,
        `cells ${cell.width}, header ${after.width}`,
      );
    },
  );
}

/**
 * A report of 12,000 logs, posted into the report view as its host posts a report: the logs grid
 * holds every one (aria-rowcount), Ctrl+End reaches the last, and the level filter keeps the
 * errors among all of them.
 */
async function manyLogs(
  reportView: Frame,
  page: Page,
  shade: string,
  screenshots: string,
  check: (name: string, assertion: () => unknown) => Promise<void>,
): Promise<void> {
  const many = 12_000;
  const logs = Array.from({ length: many }, (_, index) => ({
    level: index % 1000 === 7 ? 'err' : 'notice',
    message: `log ${index + 1}`,
    source: 'Puppet',
    tags: [],
    time: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
    file: null,
    line: null,
  }));
  const errors = logs.filter((log) => log.level === 'err').length;
  await postToView(reportView, {
    type: 'report',
    report: {
      certname: 'many-logs.example.com',
      hash: 'f'.repeat(40),
      status: 'failed',
      noop: false,
      noopPending: false,
      startTime: logs[0]!.time,
      endTime: logs.at(-1)!.time,
      runTimeMs: many * 1000,
      puppetVersion: '7.23.0',
      configurationVersion: '1',
      reportFormat: 12,
      environment: 'production',
      cachedCatalogStatus: null,
      producer: null,
      transactionUuid: null,
      catalogUuid: null,
      codeId: null,
      correctiveChange: null,
      logs,
      metrics: [],
      events: [],
    },
  });
  await reportView.locator('.report-node-link', { hasText: 'many-logs.example.com' }).waitFor();
  await reportView.locator('vscode-tab-header', { hasText: 'Logs' }).click();
  const grid = reportView.locator('.report-log-list[role="grid"]');
  await grid.focus();
  await page.keyboard.press('Control+End');
  const last = reportView.locator(
    `.report-log-list .grid-spacer > .grid-row[aria-rowindex="${many + 1}"]:has(.is-active)`,
  );
  await last.waitFor({ timeout: 10_000 });
  const lastMessage = await last.locator('.report-log-message').textContent();
  const rowCount = await grid.getAttribute('aria-rowcount');
  const countText = await reportView.locator('.report-log-count').textContent();
  await page.screenshot({ path: join(screenshots, `report-logs-many-${shade}.png`) });
  await reportView.evaluate(`(() => {
    const select = document.querySelector('.report-logs vscode-single-select');
    select.value = 'error';
    select.dispatchEvent(new Event('change'));
  })()`);
  const filtered = reportView
    .locator('.report-log-count')
    .filter({ hasText: `${errors} logs of ${many.toLocaleString('en-US')}` });
  await filtered.waitFor({ timeout: 10_000 });
  const levels = await reportView
    .locator('.report-log-list .grid-spacer > .grid-row:not([hidden]) .report-log-level')
    .allTextContents();
  await check(
    `${shade}: a report's ${many.toLocaleString('en-US')} logs are all in its grid (no cap); the level filter finds the errors among them`,
    () => {
      assert.equal(rowCount, String(many + 1));
      assert.equal(countText, `${many.toLocaleString('en-US')} logs`);
      assert.equal(lastMessage, `log ${many}`);
      assert.equal(levels.length, errors);
      assert.ok(
        levels.every((level) => level.trim() === 'err'),
        levels.join(),
      );
    },
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'state-dir': { type: 'string', default: '.work/puppetdb-test' },
      screenshots: { type: 'string', default: 'test-results' },
      /** Only this theme (dark, light or hc); all three by default. */
      theme: { type: 'string' },
    },
  });
  process.env.PDB_STATE_DIR = resolve(values['state-dir']!);
  const screenshots = resolve(values.screenshots!);
  mkdirSync(screenshots, { recursive: true });
  const server = testServer();
  const client = httpClient();

  // the failed report whose events hold the XSS payloads
  const hostile = (await client.events({ query: ['=', 'resource_title', XSS_TITLE] }).first())!;
  assert.ok(hostile, 'the fleet has the hostile Notify resource');
  const certname = hostile.node;
  const [report] = (await client
    .stream('reports', {
      query: ['extract', ['hash', 'status'], ['=', 'hash', hostile.hash]],
    })
    .toArray()) as Array<{ hash: string; status: string }>;
  assert.equal(report?.status, 'failed', `${certname}'s report with the payloads failed`);
  const serverEvents = await client.events({ query: ['=', 'report', hostile.hash] }).toArray();
  const expected = serverEvents
    .map((event) => `${event.status} ${event.type}[${event.title}] ${event.message ?? ''}`)
    .sort();

  const checks: string[] = [];
  const check = async (name: string, assertion: () => unknown) => {
    await assertion();
    checks.push(name);
    console.log(`  ✔ ${name}`);
  };

  // the report's events as PuppetDB answers them, for the table at its limit (dark)
  const truncatedEvents = (await client.query('events', {
    query: ['=', 'report', hostile.hash],
  })) as unknown[];

  // every request of the extension goes through it: what a window reload sends is recorded
  const proxy = await startRecordingProxy({ host: server.host, port: server.httpPort });
  // one workbench, switched from theme to theme: dark last, as its own steps reload the window
  const themes = [THEMES[1], THEMES[2], THEMES[0]].filter(
    (each) => !values.theme || each.shade === values.theme,
  );
  const consoleErrors: string[] = [];
  let listening = false;
  await withWorkbenchInThemes(
    {
      name: 'events',
      themes: themes.map((each) => each.name),
      settings: {
        'puppetdbExplorer.connections': [{ id: 'local', name: 'Local PuppetDB', url: proxy.url }],
      },
      screenshots,
    },
    async ({ page, dialogs, folder, theme: themeName }) => {
      const theme = themes.find((each) => each.name === themeName)!;
      if (!listening) {
        page.on('console', (message) => {
          if (message.type() === 'error') consoleErrors.push(message.text());
        });
        listening = true;
      }
      // the manifests the fleet's events name: "Open manifest" opens them
      cpSync(CONTROL_REPO, folder, { recursive: true });
      try {
        // (the workbench has restored its parts, the secondary side bar among them: see
        // inOneWorkbench) the (empty) secondary side bar would only narrow the panels
        const closeSecondary = page.locator('.part.auxiliarybar .codicon-close').first();
        if (await closeSecondary.isVisible()) await closeSecondary.click();

        // --- the events table, from the palette: node, then "Latest report"
        const events = await openLatestReportEvents(
          page,
          certname,
          '.events-grid .grid-spacer > .grid-row:not([hidden])',
        );
        await events
          .locator('.events-summary-total')
          .filter({ hasText: `${serverEvents.length} event` })
          .waitFor();
        const shown = await shownEvents(events);
        await check(
          `${theme.shade}: the table shows the report's ${serverEvents.length} events, as PuppetDB has them`,
          () =>
            assert.deepEqual(
              shown.map((event) => `${event.status} ${event.resource} ${event.message}`).sort(),
              expected,
            ),
        );
        const aria = await gridAria(
          events,
          '.events-grid[role="grid"]',
          '.events-grid .grid-spacer > .grid-row',
        );
        await check(
          `${theme.shade}: the grid's aria-rowcount is every event and the two header rows; the rows are numbered after them; no live region holds rows`,
          () => assertGridAria(aria, serverEvents.length, 2),
        );
        await check(`${theme.shade}: statuses have their icon and colour`, async () => {
          const failure = events.locator('.events-cell-status.status-failure').first();
          assert.equal(await failure.locator('.codicon-error').count(), 1);
          const colours =
            await events.evaluate(`[...new Set([...document.querySelectorAll('.events-cell-status')]
            .map((cell) => [...cell.classList].find((name) => name.startsWith('status-')) + '|' + getComputedStyle(cell).color))]`);
          const byStatus = new Map(
            (colours as string[]).map((entry) => [entry.split('|')[0], entry.split('|')[1]]),
          );
          assert.notEqual(byStatus.get('status-failure'), byStatus.get('status-success'));
        });

        // XSS payloads: shown as text, nothing made of them
        await check(`${theme.shade}: the XSS payloads render as inert text`, async () => {
          assert.ok(shown.some((event) => event.resource === `Notify[${XSS_TITLE}]`));
          assert.ok(shown.some((event) => event.change.includes('javascript:alert(1)')));
          assert.equal(await events.locator('img').count(), 0, 'no <img> element in the webview');
          assert.equal(await events.locator('a[href^="javascript"]').count(), 0);
          assert.equal(
            await events.evaluate(
              `[...document.querySelectorAll('*')].filter((element) => [...element.attributes].some((attribute) => attribute.name.startsWith('on'))).length + [...document.scripts].filter((script) => script.textContent.includes('alert(')).length`,
            ),
            0,
            'no event-handler attribute and no script made of the payloads',
          );
          assert.deepEqual(dialogs, [], 'no alert() ran');
        });

        // The grid's behaviour does not depend on the theme: it is checked once, in dark (each
        // view's colours and focus in every theme are a11y.e2e's)
        if (theme.shade === 'dark') {
          // sort by resource: header click, then again for descending; keyboard on Status
          const resourceHeader = events.locator(
            '.events-grid .grid-header-cell[data-column="resource"]',
          );
          await resourceHeader.locator('button').click();
          await settle(events);
          const ascending = (await shownEvents(events)).map((event) =>
            event.resource.toLowerCase(),
          );
          await check(`${theme.shade}: clicking Resource sorts ascending (aria-sort)`, async () => {
            assert.equal(await resourceHeader.getAttribute('aria-sort'), 'ascending');
            assert.deepEqual(ascending, [...ascending].sort());
          });
          await resourceHeader.locator('button').click();
          await settle(events);
          const descending = (await shownEvents(events)).map((event) =>
            event.resource.toLowerCase(),
          );
          await check(`${theme.shade}: clicking it again sorts descending`, async () => {
            assert.equal(await resourceHeader.getAttribute('aria-sort'), 'descending');
            assert.deepEqual(descending, [...ascending].reverse());
          });
          const statusHeader = events.locator(
            '.events-grid .grid-header-cell[data-column="status"]',
          );
          await statusHeader.locator('button').focus();
          await page.keyboard.press('Enter');
          await settle(events);
          await check(
            `${theme.shade}: Enter on the Status header sorts failures first`,
            async () => {
              assert.equal(await statusHeader.getAttribute('aria-sort'), 'ascending');
              assert.equal((await shownEvents(events))[0]!.status, 'failure');
            },
          );

          // filters: status toggle, text over every column, one column
          await events.locator('.events-status-toggle[data-status="success"]').click();
          await settle(events);
          await check(`${theme.shade}: the success toggle hides successful events`, async () => {
            const left = await shownEvents(events);
            assert.equal(
              left.length,
              serverEvents.filter((event) => event.status !== 'success').length,
            );
            assert.ok(left.every((event) => event.status !== 'success'));
          });
          await events.locator('.events-clear').click();
          await events.locator('.events-text-filter input').fill('apt-get');
          await settle(events);
          await check(
            `${theme.shade}: the text filter finds the failed package install`,
            async () => {
              const left = await shownEvents(events);
              assert.deepEqual(
                left.map((event) => event.status),
                serverEvents
                  .filter((event) => event.message?.includes('apt-get'))
                  .map((event) => event.status),
              );
              assert.match(
                await events.locator('.events-summary-shown').innerText(),
                /1 of \d+ shown/,
              );
            },
          );
          await events.locator('.events-clear').click();
          await settle(events);
          await check(
            `${theme.shade}: "Clear filters" empties the fields and shows every event`,
            async () => {
              assert.equal(await events.locator('.events-text-filter input').inputValue(), '');
              assert.equal(
                await events
                  .locator('.events-status-toggle[data-status="success"]')
                  .evaluate((toggle: unknown) => (toggle as { checked: boolean }).checked),
                true,
              );
              assert.equal((await shownEvents(events)).length, serverEvents.length);
            },
          );
          // typing what every event contains (the common start of their timestamps, as the cells'
          // titles have them) keeps every row in view
          const common = (await events.evaluate(`(() => {
          const stamps = [...document.querySelectorAll('.events-grid .grid-spacer .events-cell-timestamp')]
            .filter((cell) => !cell.closest('[hidden]'))
            .map((cell) => cell.title);
          let common = stamps[0];
          for (const stamp of stamps) while (!stamp.startsWith(common)) common = common.slice(0, -1);
          window.__rowWrites = 0;
          const spacer = document.querySelector('.events-grid .grid-spacer');
          new MutationObserver((records) => {
            window.__rowWrites += records.filter((record) => record.target !== spacer).length;
          }).observe(spacer, { subtree: true, childList: true, characterData: true, attributes: true });
          return common;
        })()`)) as string;
          assert.ok(common.length >= 4, `the events' timestamps share "${common}"`);
          await events.locator('.events-text-filter input').fill(common);
          await settle(events);
          await check(
            `${theme.shade}: a keystroke that keeps the rows in view rewrites none of them`,
            async () => {
              assert.equal(await events.locator('.events-summary-shown').innerText(), 'all shown');
              assert.equal((await shownEvents(events)).length, serverEvents.length);
              assert.equal(await events.evaluate('window.__rowWrites'), 0);
            },
          );
          await events.locator('.events-clear').click();
          await events
            .locator('.events-column-filter[data-column="resource"] input')
            .fill('notify');
          await settle(events);
          await check(`${theme.shade}: a column filter looks at its column only`, async () => {
            const left = await shownEvents(events);
            assert.deepEqual(
              left.map((event) => event.resource),
              [`Notify[${XSS_TITLE}]`],
            );
          });
          await events.locator('.events-column-filter[data-column="resource"] input').fill('');
          await settle(events);
          await gridChecks(events, page, serverEvents, theme.shade, screenshots, check);
          await events.evaluate(`(() => {
          const select = document.querySelector('.events-group-select');
          select.value = 'class';
          select.dispatchEvent(new Event('change'));
        })()`);
          await settle(events);
          await check(
            `${theme.shade}: grouping by class shows collapsible group rows with counts`,
            async () => {
              const group = events.locator('.events-grid .grid-row.is-group').first();
              assert.equal(await group.getAttribute('aria-expanded'), 'true');
              assert.equal(
                await group.locator('.events-count-badge').innerText(),
                String(serverEvents.length),
              );
              await group.click();
              await settle(events);
              assert.equal(
                await events
                  .locator('.events-grid .grid-row.is-group')
                  .first()
                  .getAttribute('aria-expanded'),
                'false',
              );
              assert.equal((await shownEvents(events)).length, 0);
              await events.locator('.events-grid .grid-row.is-group').first().click();
              await settle(events);
              assert.equal((await shownEvents(events)).length, serverEvents.length);
            },
          );
        }
        // select the failed event: its details show below
        await events
          .locator('.events-grid .grid-row:not(.is-group) .events-cell-status.status-failure')
          .first()
          .click();
        await check(`${theme.shade}: a selected event shows in full below the table`, async () => {
          const detail = events.locator('.events-detail');
          await detail.waitFor();
          assert.match(await detail.innerText(), /failure/);
        });
        await page.screenshot({ path: join(screenshots, `events-${theme.shade}.png`) });
        if (theme.shade === 'dark') await saveReadmeScreenshot(page, 'events-table');
        if (theme.shade === 'dark') {
          await check(
            `${theme.shade}: "Open manifest" opens the line that declared the failed resource`,
            async () => {
              const failed = serverEvents.find(
                (event) => event.status === 'failure' && event.title === 'openjdk-17-jre-headless',
              );
              assert.ok(failed?.lineNumber, 'PuppetDB has the line of the failed package');
              await events.locator('.events-detail-manifest').click();
              await page.locator('.tab.active', { hasText: 'app.pp' }).waitFor({ timeout: 20_000 });
              const cursor = await editorCursorOn(page, failed.lineNumber);
              assert.equal(cursor.line, failed.lineNumber);
              assert.match(cursor.text, /package \{ 'openjdk-17-jre-headless'/);
            },
          );
        }

        // --- the report view, from the palette: node, then its latest report
        await runCommand(page, 'PuppetDB: Open Report', [
          { asks: 'Node (certname)', answer: certname },
          { asks: `Report of ${certname}`, answer: '' },
        ]);
        const reportView = await webviewFrame(page, 'report', {
          timeoutMs: 60_000,
          showing: '.report-fields',
        });
        await check(
          `${theme.shade}: the report summary shows status, versions and catalog`,
          async () => {
            const field = (label: string) =>
              reportView.locator(`dd[data-field="${label}"]`).innerText();
            assert.equal(await field('Status'), 'failed');
            assert.equal(await field('Puppet version'), '7.23.0');
            assert.equal(await field('Report format'), '12');
            assert.equal(await field('Report hash'), hostile.hash);
            assert.equal(await field('Cached catalog'), 'not_used');
            assert.match(
              await reportView.locator('.report-header').innerText(),
              new RegExp(certname),
            );
          },
        );
        await page.screenshot({ path: join(screenshots, `report-summary-${theme.shade}.png`) });
        if (theme.shade === 'dark') await saveReadmeScreenshot(page, 'report');
        await reportView.locator('vscode-tab-header', { hasText: 'Logs' }).click();
        await check(`${theme.shade}: the logs show err in another colour than notice`, async () => {
          const error = reportView.locator('.report-log-error .report-log-level').first();
          const notice = reportView.locator('.report-log-notice .report-log-level').first();
          await error.waitFor();
          const colour = (element: typeof error) =>
            element.evaluate(
              (node: unknown) =>
                (
                  globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }
                ).getComputedStyle(node).color,
            );
          assert.notEqual(await colour(error), await colour(notice));
        });
        await check(
          `${theme.shade}: the logs table's aria-rowcount is its number of logs`,
          async () => {
            const logs = reportView.locator('.report-log-list[role="grid"]');
            const rows = await logs.locator('[role="row"]:not([hidden])').count();
            assert.ok(rows > 0);
            assert.equal(await logs.getAttribute('aria-rowcount'), String(rows));
            assert.equal(
              await logs.locator('[role="row"]:not([hidden])').last().getAttribute('aria-rowindex'),
              String(rows),
            );
          },
        );
        await check(`${theme.shade}: a log's file:line is a link to its manifest`, async () => {
          const link = reportView.locator('.report-log-where.link', {
            hasText: 'app.pp:3',
          });
          assert.match((await link.first().getAttribute('title')) ?? '', /^Open manifest \/etc\//);
        });
        await check(
          `${theme.shade}: the level filter opens its list beneath it, and a click on a level filters`,
          async () => {
            const select = reportView.locator('.report-logs vscode-single-select');
            await select.click();
            const dropdown = select.locator('.dropdown.open');
            await dropdown.waitFor();
            const [face, list] = await Promise.all([select.boundingBox(), dropdown.boundingBox()]);
            assert.ok(face && list, 'the select and its list are on screen');
            assert.ok(
              Math.abs(list.x - face.x) <= 2,
              `the list starts at the select (${list.x} / ${face.x})`,
            );
            assert.ok(
              Math.abs(list.y - (face.y + face.height)) <= 4,
              `the list opens beneath the select (${list.y} / ${face.y + face.height})`,
            );
            await page.screenshot({
              path: join(screenshots, `report-logs-levels-${theme.shade}.png`),
            });
            await dropdown.locator('li[role="option"]', { hasText: 'Errors only' }).click();
            await dropdown.waitFor({ state: 'hidden' });
            await reportView
              .locator('.report-log-list .grid-spacer > .grid-row:not([hidden]) .report-log-level')
              .first()
              .waitFor();
            const levels = await reportView
              .locator('.report-log-list .grid-spacer > .grid-row:not([hidden]) .report-log-level')
              .allTextContents();
            assert.ok(levels.length > 0);
            assert.ok(
              levels.every((level) => ['err', 'crit', 'alert', 'emerg'].includes(level.trim())),
              `only errors are listed: ${levels.join(', ')}`,
            );
            await select.click();
            await dropdown.locator('li[role="option"]', { hasText: 'Every level' }).click();
            await dropdown.waitFor({ state: 'hidden' });
          },
        );
        await page.screenshot({ path: join(screenshots, `report-logs-${theme.shade}.png`) });
        await reportView.locator('vscode-tab-header', { hasText: 'Metrics' }).click();
        await check(
          `${theme.shade}: the metrics are grouped: resources, time, changes, events`,
          async () => {
            const categories = await reportView
              .locator('vscode-collapsible')
              .evaluateAll((nodes: unknown[]) =>
                nodes.map((node) => (node as { dataset: { category: string } }).dataset.category),
              );
            assert.deepEqual(categories, ['resources', 'time', 'changes', 'events']);
          },
        );
        await page.screenshot({ path: join(screenshots, `report-metrics-${theme.shade}.png`) });
        await reportView.locator('vscode-tab-header', { hasText: 'Events' }).click();
        await check(
          `${theme.shade}: the report's Events tab is the same table, with the same events`,
          async () => {
            await reportView
              .locator('.events-grid .grid-spacer > .grid-row:not([hidden])')
              .first()
              .waitFor();
            const rows = await shownEvents(reportView);
            assert.deepEqual(
              rows.map((event) => `${event.status} ${event.resource} ${event.message}`).sort(),
              expected,
            );
            assert.equal(await reportView.locator('img').count(), 0);
          },
        );
        await page.screenshot({ path: join(screenshots, `report-events-${theme.shade}.png`) });
        // in one theme, and not in dark: its window reload brings back the report the view shows last
        if (theme.shade === 'light') {
          await manyLogs(reportView, page, theme.shade, screenshots, check);
        }

        if (theme.shade === 'dark') {
          // as a user reloads: the workbench saves its editors (and their webview state) first,
          // which a bare page.reload() would not wait for
          const sentBefore = proxy.requests.length;
          await reloadWindow(page);
          // on the tab it showed last (Events), whose panel alone is built until another is chosen
          const restored = await webviewFrame(page, 'report', {
            timeoutMs: 60_000,
            showing: '.report-panel-events .events-grid .grid-spacer > .grid-row:not([hidden])',
          });
          await check('after a window reload the report view comes back on its tab', async () => {
            const selected = restored.locator('vscode-tab-header[active]');
            assert.match(await selected.innerText(), /^Events/);
            assert.equal(await restored.locator('.report-fields').count(), 0);
          });
          await restored.locator('vscode-tab-header', { hasText: 'Summary' }).click();
          await check('… with its data', async () =>
            assert.equal(await restored.locator('dd[data-field="Status"]').innerText(), 'failed'),
          );
          await page.locator('.tabs-container .tab', { hasText: 'Events ·' }).first().click();
          const restoredEvents = await webviewFrame(page, 'events', {
            timeoutMs: 60_000,
            showing: '.events-grid .grid-spacer > .grid-row:not([hidden])',
          });
          await check('… and so does the events table', async () =>
            assert.equal((await shownEvents(restoredEvents)).length, serverEvents.length),
          );
          const bannerText = await restoredEvents.locator('.restored-banner').innerText();
          await page.screenshot({ path: join(screenshots, 'events-restored-dark.png') });
          const sentByReload = proxy.requests.slice(sentBefore);
          await check(
            '… both say they show what was shown, offer "Load again", and nothing asked PuppetDB for the report or its events',
            () => {
              assert.match(bannerText, /Shown as before the window reloaded/);
              assert.match(bannerText, /Load again/);
              assert.deepEqual(
                sentByReload.filter(
                  (each) => each.url.includes(hostile.hash) || each.body.includes(hostile.hash),
                ),
                [],
              );
              assert.deepEqual(
                sentByReload.filter((each) =>
                  /\/pdb\/query\/v4\/(events|reports)\b/.test(each.url),
                ),
                [],
              );
            },
          );
          // "Load again" is what fetches: the events come from PuppetDB again, the note goes
          const beforeLoad = proxy.requests.length;
          await restoredEvents.locator('.restored-banner vscode-button').click();
          await restoredEvents.locator('.restored-banner').waitFor({ state: 'detached' });
          await restoredEvents
            .locator('.events-summary-total')
            .filter({ hasText: `${serverEvents.length} event` })
            .waitFor();
          const reloaded = await shownEvents(restoredEvents);
          await check('"Load again" loads the events from PuppetDB and shows them all', () => {
            const asked = proxy.requests.slice(beforeLoad);
            assert.ok(
              asked.some((each) => each.url.includes('/pdb/query/v4/events')),
              `the events were not asked for: ${JSON.stringify(asked.map((each) => each.url))}`,
            );
            assert.equal(reloaded.length, serverEvents.length);
          });
        }
        assert.deepEqual(dialogs, [], 'no dialog opened');
        if (theme.shade === 'dark') {
          await truncatedTable(
            { page, folder, dialogs },
            { screenshots, certname, serverEvents: truncatedEvents, check },
          );
        }
      } catch (error) {
        console.error(`console errors:\n${consoleErrors.join('\n').slice(-4000)}`);
        throw error;
      }
    },
  );
  await client.disconnect();
  await proxy.close();
  console.log(`e2e events: ${checks.length} passed, 0 failed`);
}

main().catch((error: unknown) => {
  console.error(error);
  console.log('e2e events: 0 passed, 1 failed');
  process.exit(1);
});
