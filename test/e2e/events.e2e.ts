/**
 * End to end in headless Chromium: the workbench with the extension and a connection to the real
 * PuppetDB; the events table of a failed report (the node whose resources carry XSS payloads)
 * opened from the command palette, sorted, filtered and grouped, its rows compared with the
 * server's events; then the report view's summary, logs, metrics and events; in the dark theme a
 * window reload, after which both panels come back; then (dark) the table at events.maxEvents,
 * whose "Export all events" writes every event to the file answered in the save dialog.
 * All of it runs in light, high contrast and dark, in one workbench switched from theme to theme;
 * the screenshots go to test-results/events-*.png and report-*.png; look at them.
 *
 *   node esbuild.mjs && node --import tsx test/e2e/events.e2e.ts [--state-dir .work/puppetdb-test]
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Frame } from 'playwright-core';
import { CONTROL_REPO } from '../fixtures/fleet/controlRepo';
import { httpClient, testServer } from '../integration/support/puppetdb';
import { startRecordingProxy } from './support/recordingProxy';
import { shownEvents } from './support/eventRows';
import { assertGridAria, gridAria } from './support/gridAria';
import {
  notificationInCenter,
  reloadWindow,
  runCommand,
  webviewFrame,
  withWorkbench,
  withWorkbenchInThemes,
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

/**
 * The table at its limit (events.maxEvents one below the report's events): the "Truncated" note
 * offers the export of every event; answering the save dialog with its proposal writes all of
 * them, as PuppetDB has them, to the file.
 */
async function truncatedTable(options: {
  screenshots: string;
  url: string;
  certname: string;
  /** The report's events, as PuppetDB answers them. */
  serverEvents: unknown[];
  check: (name: string, assertion: () => unknown) => Promise<void>;
}): Promise<void> {
  const { certname, serverEvents, check } = options;
  const maxEvents = serverEvents.length - 1;
  assert.ok(maxEvents >= 1, `the report has only ${serverEvents.length} events`);
  await withWorkbench(
    {
      name: 'events-truncated',
      theme: 'Default Dark Modern',
      settings: {
        'puppetdbExplorer.connections': [{ id: 'local', name: 'Local PuppetDB', url: options.url }],
        'puppetdbExplorer.events.maxEvents': maxEvents,
      },
      screenshots: options.screenshots,
    },
    async ({ page, folder, dialogs }) => {
      await runCommand(page, 'PuppetDB: Open Events Table', [
        { asks: 'Node (certname)', answer: certname },
        { asks: `Events of ${certname}`, answer: 'Latest report' },
      ]);
      const events = await webviewFrame(page, 'events', {
        timeoutMs: 60_000,
        showing: '.truncated:not([hidden]) vscode-button',
      });
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
              .locator('.events-spacer > .events-row:not([hidden]):not(.is-group)')
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
          const written = JSON.parse(
            readFileSync(join(folder, 'events.json'), 'utf8'),
          ) as unknown[];
          const rows = (list: unknown[]) => list.map((row) => JSON.stringify(row)).sort();
          assert.deepEqual(rows(written), rows(serverEvents));
        },
      );
      assert.deepEqual(dialogs, [], 'no dialog opened');
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
        // the workbench has restored its parts (the secondary side bar among them) once it reaches
        // the Restored lifecycle phase, which VS Code marks with a performance mark
        await page.waitForFunction(
          () => performance.getEntriesByName('code/LifecyclePhase/Restored').length > 0,
          undefined,
          { timeout: 60_000 },
        );
        // the (empty) secondary side bar would only narrow the panels
        const closeSecondary = page.locator('.part.auxiliarybar .codicon-close').first();
        if (await closeSecondary.isVisible()) await closeSecondary.click();

        // --- the events table, from the palette: node, then "Latest report"
        await runCommand(page, 'PuppetDB: Open Events Table', [
          { asks: 'Node (certname)', answer: certname },
          { asks: `Events of ${certname}`, answer: 'Latest report' },
        ]);
        const events = await webviewFrame(page, 'events', {
          timeoutMs: 60_000,
          showing: '.events-spacer > .events-row:not([hidden])',
        });
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
          '.events-viewport[role="grid"]',
          '.events-spacer > .events-row',
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
            .map((cell) => cell.className + '|' + getComputedStyle(cell).color))]`);
          const byStatus = new Map(
            (colours as string[]).map((entry) => [entry.split('|')[0], entry.split('|')[1]]),
          );
          assert.notEqual(
            byStatus.get('events-cell events-cell-status status-failure'),
            byStatus.get('events-cell events-cell-status status-success'),
          );
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

        // sort by resource: header click, then again for descending; keyboard on Status
        const resourceHeader = events.locator('.events-header-cell[data-column="resource"]');
        await resourceHeader.locator('button').click();
        await settle(events);
        const ascending = (await shownEvents(events)).map((event) => event.resource.toLowerCase());
        await check(`${theme.shade}: clicking Resource sorts ascending (aria-sort)`, async () => {
          assert.equal(await resourceHeader.getAttribute('aria-sort'), 'ascending');
          assert.deepEqual(ascending, [...ascending].sort());
        });
        await resourceHeader.locator('button').click();
        await settle(events);
        const descending = (await shownEvents(events)).map((event) => event.resource.toLowerCase());
        await check(`${theme.shade}: clicking it again sorts descending`, async () => {
          assert.equal(await resourceHeader.getAttribute('aria-sort'), 'descending');
          assert.deepEqual(descending, [...ascending].reverse());
        });
        const statusHeader = events.locator('.events-header-cell[data-column="status"]');
        await statusHeader.locator('button').focus();
        await page.keyboard.press('Enter');
        await settle(events);
        await check(`${theme.shade}: Enter on the Status header sorts failures first`, async () => {
          assert.equal(await statusHeader.getAttribute('aria-sort'), 'ascending');
          assert.equal((await shownEvents(events))[0]!.status, 'failure');
        });

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
          const stamps = [...document.querySelectorAll('.events-spacer .events-cell-timestamp')]
            .filter((cell) => !cell.closest('[hidden]'))
            .map((cell) => cell.title);
          let common = stamps[0];
          for (const stamp of stamps) while (!stamp.startsWith(common)) common = common.slice(0, -1);
          window.__rowWrites = 0;
          const spacer = document.querySelector('.events-spacer');
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
        await events.locator('.events-column-filter[data-column="resource"] input').fill('notify');
        await settle(events);
        await check(`${theme.shade}: a column filter looks at its column only`, async () => {
          const left = await shownEvents(events);
          assert.deepEqual(
            left.map((event) => event.resource),
            [`Notify[${XSS_TITLE}]`],
          );
        });
        await events.locator('.events-column-filter[data-column="resource"] input').fill('');
        await events.evaluate(`(() => {
          const select = document.querySelector('.events-group-select');
          select.value = 'class';
          select.dispatchEvent(new Event('change'));
        })()`);
        await settle(events);
        await check(
          `${theme.shade}: grouping by class shows collapsible group rows with counts`,
          async () => {
            const group = events.locator('.events-row.is-group').first();
            assert.equal(await group.getAttribute('aria-expanded'), 'true');
            assert.equal(
              await group.locator('.events-count-badge').innerText(),
              String(serverEvents.length),
            );
            await group.click();
            await settle(events);
            assert.equal(
              await events.locator('.events-row.is-group').first().getAttribute('aria-expanded'),
              'false',
            );
            assert.equal((await shownEvents(events)).length, 0);
            await events.locator('.events-row.is-group').first().click();
            await settle(events);
            assert.equal((await shownEvents(events)).length, serverEvents.length);
          },
        );
        // select the failed event: its details show below
        await events
          .locator('.events-row:not(.is-group) .events-cell-status.status-failure')
          .first()
          .click();
        await check(`${theme.shade}: a selected event shows in full below the table`, async () => {
          const detail = events.locator('.events-detail');
          await detail.waitFor();
          assert.match(await detail.innerText(), /failure/);
        });
        await page.screenshot({ path: join(screenshots, `events-${theme.shade}.png`) });
        if (theme.shade === 'dark') await saveReadmeScreenshot(page, 'events-table');
        await check(
          `${theme.shade}: "Open manifest" opens the line that declared the failed resource`,
          async () => {
            await events.locator('.events-detail-manifest').click();
            await page.locator('.tab.active', { hasText: 'app.pp' }).waitFor({ timeout: 20_000 });
            await page
              .locator('.monaco-editor .view-line', {
                hasText: "package { 'openjdk-17-jre-headless'",
              })
              .waitFor();
          },
        );

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
            const logs = reportView.locator('.report-log-list[role="table"]');
            const rows = await logs.locator('[role="row"]').count();
            assert.ok(rows > 0);
            assert.equal(await logs.getAttribute('aria-rowcount'), String(rows));
            assert.equal(
              await logs.locator('[role="row"]').last().getAttribute('aria-rowindex'),
              String(rows),
            );
          },
        );
        await check(`${theme.shade}: a log's file:line is a link to its manifest`, async () => {
          const link = reportView.locator('.report-log-where .link-button', {
            hasText: 'app.pp:3',
          });
          assert.match((await link.first().getAttribute('title')) ?? '', /^Open manifest \/etc\//);
        });
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
              .locator('.events-spacer > .events-row:not([hidden])')
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

        if (theme.shade === 'dark') {
          // as a user reloads: the workbench saves its editors (and their webview state) first,
          // which a bare page.reload() would not wait for
          const sentBefore = proxy.requests.length;
          await reloadWindow(page);
          const restored = await webviewFrame(page, 'report', {
            timeoutMs: 60_000,
            showing: '.report-fields',
          });
          await check('after a window reload the report view comes back with its data', async () =>
            assert.equal(await restored.locator('dd[data-field="Status"]').innerText(), 'failed'),
          );
          await page.locator('.tabs-container .tab', { hasText: 'Events ·' }).first().click();
          const restoredEvents = await webviewFrame(page, 'events', {
            timeoutMs: 60_000,
            showing: '.events-spacer > .events-row:not([hidden])',
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
      } catch (error) {
        console.error(`console errors:\n${consoleErrors.join('\n').slice(-4000)}`);
        throw error;
      }
    },
  );
  if (!values.theme || values.theme === 'dark') {
    await truncatedTable({
      screenshots,
      url: `http://${server.host}:${server.httpPort}`,
      certname,
      serverEvents: (await client.query('events', {
        query: ['=', 'report', hostile.hash],
      })) as unknown[],
      check,
    });
  }
  await client.disconnect();
  await proxy.close();
  console.log(`e2e events: ${checks.length} passed, 0 failed`);
}

main().catch((error: unknown) => {
  console.error(error);
  console.log('e2e events: 0 passed, 1 failed');
  process.exit(1);
});
