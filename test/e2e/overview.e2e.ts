/**
 * End to end in headless Chromium: the fleet overview opened from the palette in the dark, light
 * and high-contrast themes. The tiles show PuppetDB's own counts, the runs chart has bars and
 * its data table, the keyboard moves from bar to bar, the radiator mode shows the tiles large;
 * hostile environment names and resource titles stay inert text; no CSP error anywhere.
 * Screenshots go to test-results/overview-<theme>.png and overview-radiator-<theme>.png.
 *
 *   node --import tsx test/e2e/overview.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { connect } from '../../src/client';
import { testServer } from '../integration/support/puppetdb';
import { e2eArguments, runCommand, webviewFrame, withWorkbench } from './support/workbench';
import { saveReadmeScreenshot } from './support/readmeScreenshots';

declare const document: {
  activeElement: { getAttribute(name: string): string | null } | null;
  querySelectorAll(selector: string): { length: number };
  body: { classList: { contains(name: string): boolean } };
};
declare const window: { dispatchEvent(event: unknown): boolean };
declare class MessageEvent {
  constructor(type: string, init: { data: unknown });
}

const THEMES = [
  { theme: 'Default Dark Modern', name: 'dark' },
  { theme: 'Default Light Modern', name: 'light' },
  { theme: 'Default High Contrast', name: 'hc' },
] as const;

const HOSTILE = '<img src=x onerror=alert(1)>';

type Check = (name: string, assertion: () => void | Promise<void>) => Promise<void>;

async function hideSideBars(page: Page): Promise<void> {
  if (await page.locator('.part.sidebar').isVisible()) await page.keyboard.press('Control+B');
  if (await page.locator('.part.auxiliarybar').isVisible()) {
    await page.keyboard.press('Control+Alt+B');
  }
}

/** How many active nodes failed in their latest run, unreported after 2 hours (as the tiles count). */
async function failedCount(): Promise<number> {
  const server = testServer();
  const client = connect({ host: server.host, port: server.httpPort, timeout: 60 });
  const nodes = await client
    .nodes({ withStatus: true, withEventNumbers: false, unreported: 2 })
    .toArray();
  return nodes.filter((node) => node.status === 'failed').length;
}

async function tileNumber(frame: Frame, key: string): Promise<number> {
  const text = await frame.locator(`.tiles .tile-number[data-count="${key}"]`).textContent();
  return Number((text ?? '').replace(/,/g, ''));
}

async function exercise(
  page: Page,
  dialogs: string[],
  name: (typeof THEMES)[number]['name'],
  expected: { failed: number; reports24h: number },
  screenshots: string,
  check: Check,
): Promise<void> {
  await runCommand(page, 'PuppetDB: Open Overview');
  const frame = await webviewFrame(page, 'overview', 60_000);
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
  });
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

  if (name === 'dark') {
    // what PuppetDB could hold: an environment and resource titles that are HTML
    await frame.evaluate(
      ({ hostile }) => {
        const counts = {
          failed: 1,
          changed: 0,
          unchanged: 0,
          noop: 0,
          unreported: 0,
          cached: 0,
          deactivated: 0,
          expired: 0,
          active: 1,
        };
        window.dispatchEvent(
          new MessageEvent('message', {
            data: {
              type: 'overview',
              autoRefreshSeconds: 0,
              overview: {
                connectionName: hostile,
                fetchedAt: new Date().toISOString(),
                unreportedHours: 2,
                fleet: counts,
                environments: [{ name: hostile, counts }],
                runs: { range: 'hours', buckets: [] },
                failingResources: [{ type: 'Notify', title: hostile, nodes: 1 }],
                failingClasses: [{ name: hostile, nodes: 1 }],
                flapping: [],
                queryMs: 1,
              },
            },
          }),
        );
      },
      { hostile: HOSTILE },
    );
    await frame.locator('.environments th[scope="row"]', { hasText: HOSTILE }).waitFor();
    await check(`${name}: hostile names and titles show literally and run nothing`, async () => {
      assert.equal(await frame.locator('img').count(), 0);
      assert.equal(
        await frame.locator('.problem-label', { hasText: `Notify[${HOSTILE}]` }).count(),
        1,
      );
      assert.deepEqual(dialogs, []);
    });
  }
}

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const server = testServer();
  const client = connect({ host: server.host, port: server.httpPort });
  let passed = 0;
  let failed = 0;
  const check: Check = async (name, assertion) => {
    try {
      await assertion();
      passed++;
      console.log(`  ✔ ${name}`);
    } catch (error) {
      failed++;
      console.log(`  ✘ ${name}\n${String(error)}`);
    }
  };
  for (const { theme, name } of THEMES) {
    const now = new Date();
    const since = new Date(now.getTime() - 23 * 3_600_000).toISOString().slice(0, 13);
    const [failedNodes, reports] = await Promise.all([
      client.nodes({ withStatus: true, withEventNumbers: false, unreported: 2 }).toArray(),
      client.query('reports', {
        query: ['extract', [['function', 'count']], ['>=', 'receive_time', `${since}:00:00.000Z`]],
      }) as Promise<Array<{ count: number }>>,
    ]);
    const expected = {
      failed: failedNodes.filter((node) => node.status === 'failed').length,
      reports24h: reports[0]!.count,
    };
    const settings = {
      'puppetdbExplorer.connections': [
        { id: 'local', name: 'Local PuppetDB', url: `http://${server.host}:${server.httpPort}` },
      ],
    };
    try {
      await withWorkbench({ name: `overview-${name}`, theme, settings, screenshots }, (run) =>
        exercise(run.page, run.dialogs, name, expected, screenshots, check),
      );
      passed++;
      console.log(`  ✔ ${name}: no Content Security Policy violation`);
    } catch (error) {
      failed++;
      console.log(`  ✘ ${theme}: ${String(error)}`);
    }
  }
  await client.disconnect();
  console.log(`e2e overview: ${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  console.log('e2e overview: 0 passed, 1 failed');
  process.exit(1);
});
