/**
 * End to end in headless Chromium, in the dark, light and high-contrast themes: "PuppetDB: Show
 * Recent Runs" from the palette lists PuppetDB's runs of the last 24 hours newest first, with
 * its counts by status; a status chip narrows the rows to that status; a click on a row opens
 * that run's report; run values that are markup (posted into the view as the host would) stay
 * text. Then "PuppetDB: Show Fleet Events…" (last 7 days, every event) opens the events table
 * of the whole fleet holding PuppetDB's events; grouped by resource, each group says on how
 * many nodes, as PuppetDB's event-counts does; the hostile node's resource title renders as
 * text. No CSP violation anywhere.
 * The Change filter lists the runs whose changes PuppetDB's metrics call intentional.
 * Screenshots: test-results/recent-runs-<theme>.png, recent-runs-change-<theme>.png,
 * recent-runs-failed-<theme>.png,
 * recent-runs-hostile-<theme>.png,
 * fleet-events-<theme>.png, fleet-events-hostile-<theme>.png.
 *
 *   node esbuild.mjs && node --import tsx test/e2e/recentRuns.e2e.ts [--state-dir .work/puppetdb-test]
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { httpClient, testServer } from '../integration/support/puppetdb';
import {
  e2eArguments,
  hideSideBars,
  localConnection,
  runCommand,
  webviewFrame,
  type WorkbenchRun,
  writeWorkspaceSetting,
} from './support/workbench';
import { saveReadmeScreenshot } from './support/readmeScreenshots';
import { assertRanNothing, HOSTILE, postToView } from './support/hostileValues';
import { Checks, runScript, type Check } from './support/themedChecks';
import { until } from './support/until';

const HOSTILE_RESOURCE = `Notify[${HOSTILE}]`;

/** What would run if a view set a value as HTML. */
const MARKUP = '#app img, #app script, #app a';

/** The texts of one column of the rows drawn, top to bottom. */
async function columnTexts(frame: Frame, column: string): Promise<string[]> {
  return (await frame.evaluate(`[...document.querySelectorAll('.runs-viewport .grid-spacer > .grid-row:not([hidden])')]
    .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
    .map((row) => row.querySelector('.runs-cell-${column}').textContent)`)) as string[];
}

/** The page's document, as the predicate run in the webview reads it. */
declare const document: { querySelectorAll(selector: string): { length: number } };

/**
 * Waits until the grid draws `count` rows: it says its count as soon as the filter has run, and
 * draws the rows in the frame after (CI once read 1 row of the 9 the count already said).
 */
async function rowsDrawn(frame: Frame, count: number): Promise<void> {
  await frame.waitForFunction(
    (expected) =>
      document.querySelectorAll('.runs-viewport .grid-spacer > .grid-row:not([hidden])').length ===
      expected,
    count,
    { timeout: 30_000 },
  );
}

async function chipNumber(frame: Frame, status: string): Promise<number> {
  const text = (await frame.locator(`.runs-toggle[data-name="${status}"]`).textContent()) ?? '';
  return Number(text.replace(/^\D+/, '').replace(/,/g, ''));
}

/** PuppetDB's reports of the last 24 hours by status, counted from its rows. */
async function reportsOfLastDay(): Promise<{ total: number; failed: number }> {
  const client = httpClient();
  const since = new Date(Date.now() - 24 * 3600_000).toISOString();
  const rows = (await client
    .stream('reports', { query: ['extract', ['status'], ['>=', 'end_time', since]] })
    .toArray()) as Array<{ status: string }>;
  await client.disconnect();
  return { total: rows.length, failed: rows.filter((row) => row.status === 'failed').length };
}

/**
 * PuppetDB's runs of the last 24 hours whose changes were all intentional, from the agent's
 * metrics: changed resources, none of them corrective (PuppetDB FOSS keeps the field null).
 */
async function intentionalRunsOfLastDay(): Promise<number> {
  const client = httpClient();
  const since = new Date(Date.now() - 24 * 3600_000).toISOString();
  const rows = (await client
    .stream('reports', { query: ['extract', ['metrics'], ['>=', 'end_time', since]] })
    .toArray()) as Array<{
    metrics: { data: Array<{ category: string; name: string; value: number }> };
  }>;
  await client.disconnect();
  return rows.filter(({ metrics }) => {
    const of = (name: string) =>
      metrics.data.find((metric) => metric.category === 'resources' && metric.name === name)?.value;
    return (of('changed') ?? 0) > 0 && of('corrective_change') === 0;
  }).length;
}

/** PuppetDB's node count of the hostile Notify's events this week (event-counts, by certname). */
async function hostileNodes(since: string): Promise<number> {
  const client = httpClient();
  const counts = (await client.eventCounts({
    query: ['>=', 'timestamp', since],
    summarizeBy: 'resource',
    countBy: 'certname',
  })) as Array<{
    successes: number;
    failures: number;
    noops: number;
    skips: number;
    subject: { type: string; title: string };
  }>;
  await client.disconnect();
  const row = counts.find(
    (count) => count.subject.type === 'Notify' && count.subject.title === HOSTILE,
  );
  assert.ok(row, 'the fixture has the hostile Notify event this week');
  // a node counts once whatever the status of its events (the fixture's has one event)
  return row.successes + row.noops + row.failures + row.skips;
}

async function exercise(
  { page, dialogs, folder }: WorkbenchRun,
  name: string,
  check: Check,
  shots: string,
) {
  await hideSideBars(page);
  await runCommand(page, 'PuppetDB: Show Recent Runs');
  const runs = await webviewFrame(page, 'runs', { timeoutMs: 60_000 });
  await runs
    .locator('.runs-count')
    .filter({ hasText: /^\d+ runs?$/ })
    .waitFor({ timeout: 60_000 });
  await runs.locator('.runs-toggle[data-name="all"]').filter({ hasText: /\d/ }).waitFor();
  const expected = await reportsOfLastDay();
  await check(`${name}: the last 24 hours hold PuppetDB's runs, newest first`, async () => {
    const rowCount = Number(await runs.locator('.runs-viewport').getAttribute('aria-rowcount'));
    assert.equal(rowCount - 1, expected.total);
    assert.equal(await chipNumber(runs, 'all'), expected.total);
    assert.equal(await chipNumber(runs, 'failed'), expected.failed);
    assert.equal(
      await runs.locator('.runs-toggle[data-name="24h"]').getAttribute('aria-pressed'),
      'true',
    );
    const finished = await columnTexts(runs, 'end');
    assert.ok(finished.length > 0);
    assert.deepEqual(finished, [...finished].sort().reverse());
  });
  await page.screenshot({ path: join(shots, `recent-runs-${name}.png`) });
  if (name === 'dark') await saveReadmeScreenshot(page, 'recent-runs');
  // The rest does not depend on the theme: it runs once, in dark (the first theme). Each view's
  // colours and focus in every theme are a11y.e2e's.
  if (name !== 'dark') return;

  // the Change column and its filter: the runs whose changes were all intentional
  const intentional = await intentionalRunsOfLastDay();
  await runs
    .locator('.runs-cell-last-success')
    .filter({ hasText: /ago|never/ })
    .first()
    .waitFor();
  await runs.locator('.runs-change').selectOption('intentional');
  await runs
    .locator('.runs-count')
    .filter({ hasText: new RegExp(`^${intentional} of ${expected.total} runs?$`) })
    .waitFor({ timeout: 30_000 });
  await rowsDrawn(runs, intentional);
  await check(
    `${name}: the Change filter lists the ${intentional} runs PuppetDB's metrics call intentional`,
    async () => {
      assert.ok(intentional > 0, 'the last day has runs with intentional changes');
      const changes = await columnTexts(runs, 'change');
      assert.equal(changes.length, intentional);
      assert.ok(
        changes.every((change) => change === 'intentional'),
        changes.join(),
      );
    },
  );
  await page.screenshot({ path: join(shots, `recent-runs-change-${name}.png`) });
  await runs.locator('.runs-change').selectOption('');
  await runs
    .locator('.runs-count')
    .filter({ hasText: /^\d+ runs?$/ })
    .waitFor({ timeout: 30_000 });

  // the failed chip: only failed runs
  await runs.locator('.runs-toggle[data-name="failed"]').click();
  await runs
    .locator('.runs-toggle[data-name="failed"][aria-pressed="true"]')
    .waitFor({ timeout: 30_000 });
  await runs
    .locator('.runs-count')
    .filter({ hasText: new RegExp(`^${expected.failed} runs?$`) })
    .waitFor({ timeout: 30_000 });
  await rowsDrawn(runs, expected.failed);
  await check(
    `${name}: the failed chip lists the ${expected.failed} failed runs only`,
    async () => {
      const statuses = await columnTexts(runs, 'status');
      assert.equal(statuses.length, expected.failed);
      assert.ok(
        statuses.every((status) => status.startsWith('failed')),
        statuses.join(),
      );
    },
  );
  await page.screenshot({ path: join(shots, `recent-runs-failed-${name}.png`) });

  // a click on a row opens its report
  const certname = (await columnTexts(runs, 'certname'))[0]!;
  await runs.locator('.runs-viewport .grid-spacer > .grid-row:not([hidden])').first().click();
  await check(`${name}: a click on a run opens its report`, async () => {
    await page
      .locator('.tabs-container .tab')
      .filter({ hasText: `Report · ${certname}` })
      .waitFor({ timeout: 30_000 });
    await webviewFrame(page, 'report', { timeoutMs: 30_000 });
  });

  // back on the runs (the webview is drawn anew from the host's snapshot)
  await page.locator('.tabs-container .tab').filter({ hasText: 'Runs · ' }).click();
  const runsAgain = await webviewFrame(page, 'runs');
  await runsAgain
    .locator('.runs-count')
    .filter({ hasText: new RegExp(`^${expected.failed} runs?$`) })
    .waitFor({ timeout: 30_000 });
  // hostile values, posted into the view as the host posts runs: text, nothing runs
  const hostileEnd = new Date().toISOString();
  await postToView(runsAgain, {
    type: 'runs',
    title: HOSTILE,
    filter: { window: { last: '24h' }, environment: HOSTILE },
    bounds: { since: new Date(0).toISOString() },
    rows: [
      {
        hash: 'f'.repeat(40),
        certname: HOSTILE,
        environment: HOSTILE,
        status: HOSTILE,
        noop: false,
        startTime: null,
        endTime: hostileEnd,
        configurationVersion: '<script>alert(1)</script>',
        puppetVersion: 'javascript:alert(1)',
        cachedCatalogStatus: null,
      },
    ],
    counts: { failed: 1, changed: 0, unchanged: 0 },
    environments: [HOSTILE],
    complete: false,
  });
  await runsAgain
    .locator('.runs-count')
    .filter({ hasText: /^1 run…$/ })
    .waitFor();
  await check(`${name}: run values that are markup render as inert text`, async () => {
    assert.deepEqual(await columnTexts(runsAgain, 'certname'), [HOSTILE]);
    assert.deepEqual(await columnTexts(runsAgain, 'environment'), [HOSTILE]);
    assert.deepEqual(await columnTexts(runsAgain, 'version'), ['<script>alert(1)</script>']);
    assert.equal(await runsAgain.locator('.page-title').textContent(), HOSTILE);
    await assertRanNothing(runsAgain, dialogs, MARKUP);
  });
  await page.screenshot({ path: join(shots, `recent-runs-hostile-${name}.png`) });

  // puppetdbExplorer.utcTimes on, in the workspace's settings: the host gives the open page the
  // new date style, and its dates are written again
  const shownBefore = await columnTexts(runsAgain, 'end');
  writeWorkspaceSetting(folder, 'puppetdbExplorer.utcTimes', true);
  const inUtc = `${hostileEnd.slice(0, 10)} ${hostileEnd.slice(11, 19)} UTC`;
  await runsAgain
    .locator('.runs-viewport .grid-spacer .runs-cell-end')
    .filter({ hasText: inUtc })
    .waitFor();
  await page.screenshot({ path: join(shots, `recent-runs-utc-${name}.png`) });
  await check(
    `${name}: with puppetdbExplorer.utcTimes on, a run's Finished date shows in UTC`,
    async () => {
      assert.equal(shownBefore.length, 1);
      assert.ok(!shownBefore[0]!.endsWith('UTC'), shownBefore[0]);
      assert.deepEqual(await columnTexts(runsAgain, 'end'), [inUtc]);
    },
  );
  writeWorkspaceSetting(folder, 'puppetdbExplorer.utcTimes', false);
  await runsAgain
    .locator('.runs-viewport .grid-spacer .runs-cell-end')
    .filter({ hasText: shownBefore[0]! })
    .waitFor();
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+W');
  // the keys reach VS Code through the view's frame: the next key waits until it has closed
  // (F1 pressed into a closing view was lost)
  await until('the recent runs view to close', () => runsAgain.isDetached());

  // --- the fleet's events of the last 7 days
  await runCommand(page, 'PuppetDB: Show Fleet Events…');
  await page.locator('.quick-input-list .monaco-list-row:has-text("Last 7 days")').click();
  await page.locator('.quick-input-list .monaco-list-row:has-text("Every event")').click();
  const since = new Date(Date.now() - 7 * 24 * 3600_000).toISOString();
  const events = await webviewFrame(page, 'events', { timeoutMs: 60_000 });
  await events
    .locator('.page-title')
    .filter({ hasText: 'Events · fleet · all' })
    .waitFor({ timeout: 60_000 });
  await events.locator('.page-loading[hidden]').waitFor({ state: 'attached' });
  await events.evaluate(`(() => {
    const select = document.querySelector('.events-group-select');
    select.value = 'resource';
    select.dispatchEvent(new Event('change'));
  })()`);
  await events.locator('.events-grid .grid-row.is-group').first().waitFor({ timeout: 30_000 });
  await page.screenshot({ path: join(shots, `fleet-events-${name}.png`) });
  // the fleet's week holds the nodes' older runs too: the group is found by the table's own text
  // filter, as a user finds one among many (every event of it names the resource, so the filter
  // keeps the whole group)
  await events.locator('.events-text-filter input').fill('onerror');
  const hostileGroup = events
    .locator('.events-grid .grid-row.is-group:not([hidden])')
    .filter({ hasText: HOSTILE_RESOURCE });
  await hostileGroup.first().waitFor({ timeout: 30_000 });
  const nodes = await hostileNodes(since);
  await check(
    `${name}: grouped by resource, a group counts the nodes PuppetDB counts`,
    async () => {
      assert.equal(
        await hostileGroup.first().locator('.events-group-nodes').textContent(),
        `${nodes} node${nodes === 1 ? '' : 's'}`,
      );
      assert.equal(
        await hostileGroup.first().locator('.events-group-key').textContent(),
        HOSTILE_RESOURCE,
      );
      await assertRanNothing(events, dialogs, MARKUP);
    },
  );
  // the hostile group alone, for the picture: the pooled rows stay in the page, hidden, with one
  // group row left in view
  await events
    .locator('.events-grid .grid-row.is-group:not([hidden])')
    .nth(1)
    .waitFor({ state: 'detached' });
  await page.screenshot({ path: join(shots, `fleet-events-hostile-${name}.png`) });
}

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const checks = new Checks();
  const settings = localConnection(testServer());
  await checks.inEveryTheme({ name: 'recent-runs', settings, screenshots }, (run, theme) =>
    exercise(run, theme.name, checks.check, screenshots),
  );
  checks.report('recent runs');
}

runScript('recent runs', main);
