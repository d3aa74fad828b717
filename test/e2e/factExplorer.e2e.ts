/**
 * End to end in headless Chromium: the fact explorer opened from the palette in the dark, light
 * and high-contrast themes. A structured path with few values draws a pie whose slices are
 * PuppetDB's counts, a fact with many values draws bars of the top ones and "other", the data
 * table is one toggle away, the keyboard moves from value to value and Enter lists a value's
 * nodes; hostile fact values (the fixture's, and more posted to the view) stay inert text; no
 * CSP error anywhere. Screenshots go to test-results/factExplorer-*-<theme>.png.
 *
 *   node --import tsx test/e2e/factExplorer.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { connect } from '../../src/client';
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
};

/** What PuppetDB counts for a path: value (as JSON) → nodes. */
type Expected = Map<string, number>;

/** "PuppetDB: Explore Fact…", then a fact name or path typed into its picker. */
async function explore(page: Page, typed: string): Promise<void> {
  await runCommand(page, 'PuppetDB: Explore Fact…');
  const widget = page.locator('.quick-input-widget');
  await widget.locator('.quick-input-title', { hasText: 'Explore Fact' }).waitFor();
  await widget.locator('input').fill(typed);
  await page.keyboard.press('Enter');
}

/** The panel shows `path` painted (the toolbar names it and the chart has marks). */
async function shown(frame: Frame, path: string): Promise<void> {
  await frame.locator('.fact-toolbar .page-title', { hasText: path }).waitFor({ timeout: 60_000 });
  await frame.locator('.distribution-chart g.mark').first().waitFor({ timeout: 60_000 });
}

async function nodeListTitle(page: Page): Promise<string> {
  const title = page.locator('.quick-input-widget .quick-input-title');
  await title.filter({ hasText: 'Nodes with' }).waitFor({ timeout: 30_000 });
  return (await title.textContent()) ?? '';
}

async function exercise(
  page: Page,
  dialogs: string[],
  name: ThemeName,
  expected: { major: Expected; uptime: Expected },
  screenshots: string,
  check: Check,
): Promise<void> {
  await explore(page, 'os.release.major');
  const frame = await webviewFrame(page, 'factExplorer', { timeoutMs: 60_000 });
  await shown(frame, 'os.release.major');
  await hideSideBars(page);
  await check(`${name}: os.release.major draws a pie of PuppetDB's counts`, async () => {
    assert.equal(await frame.locator('.chart-container').getAttribute('data-chart'), 'pie');
    const labels = await frame
      .locator('.distribution-chart g.mark')
      .evaluateAll((marks) => marks.map((mark) => mark.getAttribute('aria-label') ?? ''));
    const drawn = new Map(
      labels.map((label) => {
        const match = /^(.*): (\d+) nodes? /.exec(label)!;
        return [JSON.stringify(match[1]), Number(match[2])];
      }),
    );
    assert.deepEqual(drawn, expected.major);
  });
  await page.screenshot({ path: join(screenshots, `factExplorer-pie-${name}.png`) });
  if (name === 'dark') await saveReadmeScreenshot(page, 'fact-explorer');
  // The rest does not depend on the theme: it runs once, in dark (the first theme). Each view's
  // colours and focus in every theme are a11y.e2e's.
  if (name !== 'dark') return;

  await check(
    `${name}: arrow keys move between slices; Enter lists the value's nodes`,
    async () => {
      await frame.locator('.distribution-chart g.mark[tabindex="0"]').focus();
      const first = await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      await page.keyboard.press('ArrowRight');
      const second = await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      assert.notEqual(first, second);
      const value = /^(.*?): /.exec(String(second))![1]!;
      await page.keyboard.press('Enter');
      assert.equal(await nodeListTitle(page), `Nodes with os.release.major = ${value}`);
      await page.keyboard.press('Escape');
    },
  );

  await check(`${name}: the data table is one toggle away; a row lists its nodes`, async () => {
    await frame.locator('.table-toggle').click();
    await frame.locator('.values-table').waitFor();
    const rows = await frame
      .locator('.values-table tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.querySelector('th')?.textContent,
          row.querySelector('td')?.textContent,
        ]),
      );
    assert.deepEqual(
      new Map(rows.map(([value, nodes]) => [JSON.stringify(value), Number(nodes)])),
      expected.major,
    );
    await page.screenshot({ path: join(screenshots, `factExplorer-table-${name}.png`) });
    const button = frame.locator('.values-table .value-button').first();
    const value = (await button.textContent()) ?? '';
    await button.focus();
    await page.keyboard.press('Enter');
    assert.equal(await nodeListTitle(page), `Nodes with os.release.major = ${value}`);
    await page.keyboard.press('Escape');
    await frame.locator('.table-toggle').click();
    await frame.locator('.distribution-chart').waitFor();
  });

  await explore(page, 'uptime_seconds');
  await shown(frame, 'uptime_seconds');
  await check(`${name}: a fact with many values draws bars of the top 15 and "other"`, async () => {
    assert.equal(await frame.locator('.chart-container').getAttribute('data-chart'), 'bar');
    assert.equal(await frame.locator('.distribution-chart g.mark').count(), 16);
    const other = await frame
      .locator('.distribution-chart g.mark.other')
      .getAttribute('aria-label');
    assert.match(String(other), new RegExp(`^other \\(${expected.uptime.size - 15} values\\)`));
  });
  await page.screenshot({ path: join(screenshots, `factExplorer-bars-${name}.png`) });

  if (name === 'dark') {
    // the fixture's own hostile value: a fact holding a script tag
    await explore(page, 'motd_banner');
    await shown(frame, 'motd_banner');
    await check(`${name}: the fixture's <script> value shows literally`, async () => {
      assert.equal(
        await frame.locator('.legend-value', { hasText: '<script>alert(1)</script>' }).count(),
        1,
      );
      // set as text: no script element holds it (the page's own are VS Code's and ours)
      const scripts = await frame
        .locator('script')
        .evaluateAll((elements) => elements.map((element) => element.textContent ?? ''));
      assert.ok(scripts.every((text) => !text.includes('alert(1)')));
    });
    // what PuppetDB could hold: values and a path that are HTML
    await postToView(frame, {
      type: 'distribution',
      distribution: {
        connectionName: HOSTILE,
        path: [HOSTILE, 'x'],
        fetchedAt: new Date().toISOString(),
        values: [
          { value: HOSTILE, nodes: 3 },
          { value: '<script>alert(2)</script>', nodes: 2 },
          { value: 'javascript:alert(3)', nodes: 1 },
        ],
        distinct: 3,
        nodes: 6,
        queryMs: 1,
      },
    });
    await frame.locator('.legend-value', { hasText: HOSTILE }).waitFor();
    await page.screenshot({ path: join(screenshots, `factExplorer-hostile-${name}.png`) });
    await check(`${name}: hostile values and paths show literally and run nothing`, async () => {
      assert.equal(await frame.locator('img').count(), 0);
      assert.equal(await frame.locator('a').count(), 0);
      assert.ok(
        ((await frame.locator('.fact-toolbar .page-title').textContent()) ?? '').includes(HOSTILE),
      );
      await frame.locator('.table-toggle').click();
      assert.equal(await frame.locator('.value-button', { hasText: HOSTILE }).count(), 1);
      await assertRanNothing(frame, dialogs);
    });
  }
}

/** PuppetDB's own count per value of a path, from its fact rows (one per node). */
async function countsOf(
  client: ReturnType<typeof connect>,
  name: string,
  read: (value: unknown) => unknown,
): Promise<Expected> {
  const rows = (await client.query('facts', {
    query: ['extract', ['value'], ['=', 'name', name]],
  })) as Array<{ value: unknown }>;
  const counts: Expected = new Map();
  for (const row of rows) {
    const value = read(row.value);
    if (value === undefined) continue;
    const key = JSON.stringify(typeof value === 'string' ? value : JSON.stringify(value));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const server = testServer();
  const client = connect({ host: server.host, port: server.httpPort });
  const checks = new Checks();
  const expected = {
    major: await countsOf(
      client,
      'os',
      (value) => (value as { release?: { major?: unknown } }).release?.major,
    ),
    uptime: await countsOf(client, 'uptime_seconds', (value) => value),
  };
  const settings = localConnection(server);
  await checks.inEveryTheme({ name: 'factExplorer', settings, screenshots }, (run, theme) =>
    exercise(run.page, run.dialogs, theme.name, expected, screenshots, checks.check),
  );
  await client.disconnect();
  checks.report('factExplorer');
}

runScript('factExplorer', main);
