/**
 * End to end in headless Chromium: the fleet overview opened from the palette in the dark, light
 * and high-contrast themes. The tiles show PuppetDB's own counts, the runs chart has bars and
 * its data table, the keyboard moves from bar to bar, the radiator mode shows the tiles large;
 * hostile environment names and resource titles stay inert text; no CSP error anywhere. A click
 * on an Environments leaf of the tree narrows the overview (its header and tiles say that
 * environment's counts); in the dark theme a bar (Enter), a status segment, a row of the data
 * table and the header's "Recent runs" open the runs view on exactly those runs.
 * Screenshots go to test-results/overview-<theme>.png, overview-radiator-<theme>.png,
 * overview-environment-<theme>.png, overview-environment-table-dark.png and
 * overview-environment-bar-runs-dark.png.
 *
 *   node --import tsx test/e2e/overview.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { connect } from '../../src/client';
import { emptyCounts } from '../../src/shared/overview';
import { testServer } from '../integration/support/puppetdb';
import {
  e2eArguments,
  hideSideBars,
  localConnection,
  runCommand,
  webviewFrame,
} from './support/workbench';
import { saveReadmeScreenshot } from './support/readmeScreenshots';
import { assertRanNothing, HOSTILE, postToView } from './support/hostileValues';
import { Checks, runScript, type Check, type ThemeName } from './support/themedChecks';

declare const document: {
  activeElement: { getAttribute(name: string): string | null } | null;
  querySelectorAll(selector: string): { length: number };
  body: { classList: { contains(name: string): boolean } };
};
/** How many active nodes failed in their latest run, unreported after 2 hours (as the tiles count). */
async function failedCount(): Promise<number> {
  const server = testServer();
  const client = connect({ host: server.host, port: server.httpPort, timeout: 60 });
  const nodes = await client
    .nodes({ withStatus: true, withEventNumbers: false, unreported: 2 })
    .toArray();
  return nodes.filter((node) => node.status === 'failed').length;
}

/** How many active nodes had no run that did not fail in the last 24 hours (the health tile). */
async function noSuccessCount(): Promise<number> {
  const server = testServer();
  const client = connect({ host: server.host, port: server.httpPort, timeout: 60 });
  const since = new Date(Date.now() - 24 * 3_600_000).toISOString();
  const [nodes, succeeded] = await Promise.all([
    client.nodes({}).toArray(),
    client.query('reports', {
      query: ['extract', ['certname', 'status'], ['>=', 'end_time', since]],
    }) as Promise<Array<{ certname: string; status: string }>>,
  ]);
  const ran = new Set(succeeded.filter((r) => r.status !== 'failed').map((r) => r.certname));
  return nodes.filter((node) => !ran.has(node.name)).length;
}

async function tileNumber(frame: Frame, key: string): Promise<number> {
  const text = await frame.locator(`.tiles .tile-number[data-count="${key}"]`).textContent();
  return Number((text ?? '').replace(/,/g, ''));
}

/** The tiles' numbers, by count key. */
async function tileNumbers(frame: Frame): Promise<Record<string, number>> {
  const numbers: Record<string, number> = {};
  for (const key of TILE_KEYS) numbers[key] = await tileNumber(frame, key);
  return numbers;
}

const TILE_KEYS = ['failed', 'changed', 'unchanged', 'noop', 'unreported', 'cached'] as const;

/**
 * PuppetDB's own node rows of one environment (by catalog environment, as the tree's filter),
 * counted as the tiles count them: the status the tree shows, unreported after 2 hours.
 */
async function environmentCounts(environment: string): Promise<Record<string, number>> {
  const server = testServer();
  const client = connect({ host: server.host, port: server.httpPort, timeout: 60 });
  const nodes = (
    await client.nodes({ withStatus: true, withEventNumbers: false, unreported: 2 }).toArray()
  ).filter((node) => node.catalogEnvironment === environment);
  await client.disconnect();
  const counts: Record<string, number> = Object.fromEntries(TILE_KEYS.map((key) => [key, 0]));
  for (const node of nodes) {
    if (node.status) counts[node.status] = (counts[node.status] ?? 0) + 1;
    if (['explicitly_requested', 'on_failure'].includes(node.cachedCatalogStatus ?? '')) {
      counts.cached! += 1;
    }
  }
  return counts;
}

const row = (page: Page, label: string) =>
  page.locator(`.monaco-list-row[aria-label^="${label}"]`).first();

/** Expands a row of the PuppetDB tree (a click on a collapsed one). */
async function expand(page: Page, label: string): Promise<void> {
  const target = row(page, label);
  await target.waitFor({ timeout: 30_000 });
  if ((await target.getAttribute('aria-expanded')) !== 'true') await target.click();
}

/** The tab of an editor, by the start of its title. */
async function showTab(page: Page, title: string): Promise<void> {
  await page.locator(`.tabs-container .tab[aria-label^="${title}"]`).first().click();
}

/** The runs view (opened or brought forward) once it lists what its title says. */
async function runsShown(page: Page, title: RegExp): Promise<Frame> {
  const runs = await webviewFrame(page, 'runs', { timeoutMs: 60_000 });
  await runs.locator('.page-title').filter({ hasText: title }).waitFor({ timeout: 60_000 });
  await runs
    .locator('.runs-count')
    .filter({ hasText: /^\d+ runs?$/ })
    .waitFor({ timeout: 60_000 });
  return runs;
}

async function runsRowCount(runs: Frame): Promise<number> {
  return Number(await runs.locator('.runs-viewport').getAttribute('aria-rowcount')) - 1;
}

/** `2026-11-24T13:00:00.000Z` → `2026-11-24 13:00`, as the runs view names a window. */
const shortTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

/** Each bucket of the chart drawn: its key (from its label) and its runs by status. */
async function drawnBuckets(
  frame: Frame,
): Promise<Array<{ key: string; counts: Record<'failed' | 'changed' | 'unchanged', number> }>> {
  const labels = await frame
    .locator('.runs-chart g.bucket')
    .evaluateAll((groups) => groups.map((group) => group.getAttribute('aria-label') ?? ''));
  return labels.map((label) => {
    const match =
      /^(\d{4}-\d{2}-\d{2} \d{2}):00 UTC: (\d+) failed, (\d+) changed, (\d+) unchanged$/.exec(
        label,
      );
    assert.ok(match, label);
    return {
      key: match[1]!,
      counts: { failed: Number(match[2]), changed: Number(match[3]), unchanged: Number(match[4]) },
    };
  });
}

/**
 * The overview narrowed to one environment by a click on its Environments leaf in the tree, as a
 * user would: the header names it and the tiles hold PuppetDB's counts of its nodes. In the dark
 * theme, a bar of its runs chart (Enter), a status segment (a click) and the header's "Recent
 * runs" open the runs view on exactly those runs.
 */
async function exerciseEnvironment(
  page: Page,
  name: ThemeName,
  environment: string,
  screenshots: string,
  check: Check,
): Promise<void> {
  const before = await environmentCounts(environment);
  await page.locator('.activitybar [aria-label^="PuppetDB"]').first().click();
  await expand(page, 'Local PuppetDB');
  await expand(page, 'Environments');
  // the leaf by its label (its aria-label is the tooltip)
  await page
    .locator('.sidebar .monaco-list-row[aria-level="3"]')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${environment}$`) }) })
    .click();
  const frame = await webviewFrame(page, 'overview', { timeoutMs: 60_000 });
  await frame
    .locator('.overview-toolbar .page-title', { hasText: ` · ${environment} · ` })
    .waitFor({ timeout: 60_000 });
  await hideSideBars(page);
  await check(`${name}: the ${environment} overview says so, with its nodes' counts`, async () => {
    const shown = await tileNumbers(frame);
    const after = await environmentCounts(environment);
    // a node turns "unreported" when its report passes 2 hours: either count, taken around it
    assert.ok(
      [before, after].some((counts) => JSON.stringify(counts) === JSON.stringify(shown)),
      `the tiles say ${JSON.stringify(shown)}; PuppetDB said ${JSON.stringify(before)}, then ${JSON.stringify(after)}`,
    );
    const active = Object.entries(shown)
      .filter(([key]) => key !== 'cached')
      .reduce((sum, [, value]) => sum + value, 0);
    assert.match(
      (await frame.locator('.overview-toolbar .page-title').textContent()) ?? '',
      new RegExp(` · ${environment} · ${active} active nodes$`),
    );
    assert.equal(await frame.locator('.all-environments').count(), 1);
    // the table's one row is the environment's; no "All environments" total beside it
    assert.deepEqual(await frame.locator('.environments tbody th[scope="row"]').allTextContents(), [
      environment,
    ]);
  });
  await page.screenshot({ path: join(screenshots, `overview-environment-${name}.png`) });
  if (name !== 'dark') return;

  const buckets = await drawnBuckets(frame);
  const totalOf = ({ counts }: (typeof buckets)[number]) =>
    counts.failed + counts.changed + counts.unchanged;
  // the latest hour it ran in
  const index = buckets.map(totalOf).reduce((last, total, at) => (total > 0 ? at : last), -1);
  assert.ok(index >= 0, `${environment} ran in the last 24 hours`);
  const bucket = buckets[index]!;
  const total = totalOf(bucket);
  const since = `${bucket.key.replace(' ', 'T')}:00:00.000Z`;
  const until = new Date(Date.parse(since) + 3_600_000).toISOString();
  const windowTitle = `${shortTime(since)} – ${shortTime(until)}`;
  await frame.locator('.runs-chart g.bucket').nth(index).focus();
  await page.keyboard.press('Enter');
  let runs = await runsShown(page, new RegExp(windowTitle));
  await check(`${name}: Enter on a bar lists the runs of its hour in ${environment}`, async () => {
    assert.equal(await runsRowCount(runs), total);
    assert.equal(await runs.locator('.runs-environment').inputValue(), environment);
    assert.equal(
      await runs.locator('.runs-toggle[data-name="all"]').getAttribute('aria-pressed'),
      'true',
    );
  });
  await page.screenshot({ path: join(screenshots, `overview-environment-bar-runs-${name}.png`) });

  const status = (['failed', 'changed', 'unchanged'] as const).find(
    (key) => bucket.counts[key] > 0,
  )!;
  await showTab(page, 'Overview');
  const again = await webviewFrame(page, 'overview', { timeoutMs: 60_000 });
  await again
    .locator('.runs-chart g.bucket')
    .nth(index)
    .locator(`rect.bar.status-${status}`)
    .click();
  runs = await webviewFrame(page, 'runs', { timeoutMs: 60_000 });
  await runs
    .locator(`.runs-toggle[data-name="${status}"][aria-pressed="true"]`)
    .waitFor({ timeout: 60_000 });
  await runsShown(page, new RegExp(windowTitle));
  await check(`${name}: a click on a bar's ${status} segment lists only those runs`, async () => {
    assert.equal(await runsRowCount(runs), bucket.counts[status]);
  });

  // the data table behind the chart: a row's hour opens the same runs as its bar
  await showTab(page, 'Overview');
  const table = await webviewFrame(page, 'overview', { timeoutMs: 60_000 });
  await table.locator('.table-toggle').click();
  await table.locator('.runs-table').waitFor();
  await page.screenshot({ path: join(screenshots, `overview-environment-table-${name}.png`) });
  await table.locator('.runs-table tbody tr').nth(index).locator('th .link-button').click();
  runs = await webviewFrame(page, 'runs', { timeoutMs: 60_000 });
  await runs
    .locator('.runs-toggle[data-name="all"][aria-pressed="true"]')
    .waitFor({ timeout: 60_000 });
  await runsShown(page, new RegExp(windowTitle));
  await check(`${name}: a row of the chart's data table lists the runs of its hour`, async () => {
    assert.equal(await runsRowCount(runs), total);
  });
  await showTab(page, 'Overview');
  const third = await webviewFrame(page, 'overview', { timeoutMs: 60_000 });
  await third.locator('.table-toggle').click();
  await third.locator('.runs-chart').waitFor();
  await third.locator('.open-runs').click();
  runs = await runsShown(
    page,
    new RegExp(`${shortTime(`${buckets[0]!.key.replace(' ', 'T')}:00:00.000Z`)} – now`),
  );
  await check(`${name}: "Recent runs" lists the runs of the chart's 24 hours`, async () => {
    assert.equal(
      await runsRowCount(runs),
      buckets.reduce((sum, entry) => sum + totalOf(entry), 0),
    );
    assert.equal(await runs.locator('.runs-environment').inputValue(), environment);
  });
}

async function exercise(
  page: Page,
  dialogs: string[],
  name: ThemeName,
  expected: Expected,
  screenshots: string,
  check: Check,
): Promise<void> {
  await runCommand(page, 'PuppetDB: Open Overview');
  let frame = await webviewFrame(page, 'overview', { timeoutMs: 60_000 });
  await frame.locator('.tiles .tile-number').first().waitFor({ timeout: 60_000 });
  await hideSideBars(page);
  await check(`${name}: the failed tile shows PuppetDB's count of failed nodes`, async () => {
    // a failed node turns "unreported" when its report passes 2 hours: the overview fetched
    // between the count taken before the workbench opened and the one taken now
    const shown = await tileNumber(frame, 'failed');
    const now = await failedCount();
    assert.ok(
      shown <= expected.failed && shown >= now,
      `the tile says ${shown}; PuppetDB said ${expected.failed} before and ${now} after`,
    );
  });
  await check(`${name}: the runs chart draws 24 hourly columns holding every run`, async () => {
    assert.equal(await frame.locator('.runs-chart g.bucket').count(), 24);
    assert.ok((await frame.locator('.runs-chart rect.bar').count()) > 0);
    // what each column says it holds adds up to PuppetDB's runs of those 24 hours
    const held = (await drawnBuckets(frame)).reduce(
      (sum, { counts }) => sum + counts.failed + counts.changed + counts.unchanged,
      0,
    );
    assert.equal(held, expected.reports24h);
  });
  await check(
    `${name}: the health tiles show PuppetDB's count of nodes with no successful run within 24 h, and the runs by change`,
    async () => {
      const tile = frame.locator('.health .tile-number[data-health="noSuccessWithin"]');
      await tile.filter({ hasText: /^\d/ }).waitFor({ timeout: 60_000 });
      // a node's last success may pass 24 hours between the count before and the one after
      const shown = Number((await tile.textContent())!.replace(/,/g, ''));
      const now = await noSuccessCount();
      assert.ok(
        shown >= expected.noSuccess && shown <= now,
        `the tile says ${shown}; PuppetDB said ${expected.noSuccess} before and ${now} after`,
      );
      assert.equal(
        await frame.locator('.health-tile .tile-label').first().textContent(),
        'No successful run within 24\u00a0h',
      );
      assert.match(
        (await frame.locator('.run-changes').textContent()) ?? '',
        /^Changes of the last 24 hours: \d+ runs? with corrective changes · \d+ runs? with intentional changes/,
      );
    },
  );
  await page.screenshot({ path: join(screenshots, `overview-${name}.png`) });
  if (name === 'dark') await saveReadmeScreenshot(page, 'overview');

  await check(
    `${name}: arrow keys move the focus from bar to bar, each says its numbers`,
    async () => {
      await frame.locator('.runs-chart g.bucket[tabindex="0"]').focus();
      const last = await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      await page.keyboard.press('ArrowLeft');
      const before = await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      assert.match(String(last), /UTC: \d+ failed, \d+ changed, \d+ unchanged$/);
      assert.notEqual(before, last);
    },
  );
  await check(
    `${name}: the chart's data table is one toggle away and sums to the runs`,
    async () => {
      await frame.locator('.table-toggle').click();
      await frame.locator('.runs-table').waitFor();
      const totals = await frame.locator('.runs-table tbody tr td:last-child').allTextContents();
      assert.equal(totals.length, 24);
      assert.equal(
        totals.reduce((sum, text) => sum + Number(text), 0),
        expected.reports24h,
      );
      await frame.locator('.table-toggle').click();
      await frame.locator('.runs-chart').waitFor();
    },
  );

  await frame.locator('.radiator-toggle').click();
  await frame.locator('body.radiator .tiles').waitFor();
  await page.screenshot({ path: join(screenshots, `overview-radiator-${name}.png`) });
  await check(`${name}: radiator shows only the tiles; Escape leaves it`, async () => {
    assert.equal(await frame.locator('.environments').count(), 0);
    await page.keyboard.press('Escape');
    await frame.locator('.environments').waitFor();
  });

  // What follows does not depend on the theme: it runs once, in dark (each view's colours and
  // focus in every theme are a11y.e2e's)
  if (name === 'dark') {
    await exerciseEnvironment(page, name, expected.environment, screenshots, check);
    // the runs view is in front: the overview's frame again
    await showTab(page, 'Overview');
    frame = await webviewFrame(page, 'overview', { timeoutMs: 60_000 });
    await frame.locator('.tiles .tile-number').first().waitFor({ timeout: 60_000 });
    // what PuppetDB could hold: an environment and resource titles that are HTML
    const counts = { ...emptyCounts(), failed: 1, active: 1 };
    await postToView(frame, {
      type: 'overview',
      autoRefreshSeconds: 0,
      overview: {
        connectionName: HOSTILE,
        fetchedAt: new Date().toISOString(),
        unreportedHours: 2,
        fleet: counts,
        environments: [{ name: HOSTILE, counts }],
        runs: { range: 'hours', buckets: [] },
        failingResources: [{ type: 'Notify', title: HOSTILE, nodes: 1 }],
        failingClasses: [{ name: HOSTILE, nodes: 1 }],
        flapping: [],
        queryMs: 1,
      },
    });
    await frame.locator('.environments th[scope="row"]', { hasText: HOSTILE }).waitFor();
    await check(`${name}: hostile names and titles show literally and run nothing`, async () => {
      assert.equal(
        await frame.locator('.problem-label', { hasText: `Notify[${HOSTILE}]` }).count(),
        1,
      );
      await assertRanNothing(frame, dialogs);
    });
  }
}

/** What the overview shows, as PuppetDB counts it. */
interface Expected {
  failed: number;
  reports24h: number;
  /** An environment that ran in the chart's hours. */
  environment: string;
  /** Active nodes with no successful run within 24 hours. */
  noSuccess: number;
}

/** What the overview should show now, as PuppetDB counts it. */
async function expectedNow(client: ReturnType<typeof connect>): Promise<Expected> {
  const now = new Date();
  const since = new Date(now.getTime() - 23 * 3_600_000).toISOString().slice(0, 13);
  const [failedNodes, reports, ranIn] = await Promise.all([
    client.nodes({ withStatus: true, withEventNumbers: false, unreported: 2 }).toArray(),
    client.query('reports', {
      query: ['extract', [['function', 'count']], ['>=', 'end_time', `${since}:00:00.000Z`]],
    }) as Promise<Array<{ count: number }>>,
    client.query('reports', {
      query: [
        'extract',
        [['function', 'count'], 'environment'],
        ['>=', 'end_time', `${since}:00:00.000Z`],
        ['group_by', 'environment'],
      ],
    }) as Promise<Array<{ count: number; environment: string }>>,
  ]);
  // the environment with the fewest nodes that ran in the chart's hours: a narrowing that
  // let the whole fleet through would show more
  const nodesIn = (environment: string) =>
    failedNodes.filter((node) => node.catalogEnvironment === environment).length;
  const environment = ranIn
    .map((entry) => entry.environment)
    .filter((name) => nodesIn(name) > 0)
    .sort((a, b) => nodesIn(a) - nodesIn(b))[0];
  assert.ok(environment, 'an environment ran in the last 24 hours');
  return {
    failed: failedNodes.filter((node) => node.status === 'failed').length,
    reports24h: reports[0]!.count,
    environment,
    noSuccess: await noSuccessCount(),
  };
}

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const server = testServer();
  const client = connect({ host: server.host, port: server.httpPort });
  const checks = new Checks();
  const settings = localConnection(server);
  await checks.inEveryTheme({ name: 'overview', settings, screenshots }, async (run, theme) =>
    exercise(
      run.page,
      run.dialogs,
      theme.name,
      await expectedNow(client),
      screenshots,
      checks.check,
    ),
  );
  await client.disconnect();
  checks.report('overview');
}

runScript('overview', main);
