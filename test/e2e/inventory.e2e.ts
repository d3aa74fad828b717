/**
 * End to end in headless Chromium, dark theme: "PuppetDB: Open Inventory" against the real
 * PuppetDB shows one row per node with the setting's columns, among them fact values that are
 * markup (the hostile node's `motd_banner`, `support_url`), rendered as text; sorting and the
 * filter work on the rows; then "PuppetDB: Find Packages…" lists libacme's versions (newest first
 * in dpkg's ordering) and finds the package whose name is markup, as text.
 * The first screen of rows shows while the proxy holds PuppetDB's whole answer back.
 * Screenshots: test-results/inventory-first-screen-dark.png, inventory-dark.png,
 * packages-versions-dark.png, packages-hostile-dark.png.
 *
 *   node esbuild.mjs && node --import tsx test/e2e/inventory.e2e.ts [--state-dir .work/puppetdb-test]
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { DEFAULT_INVENTORY_COLUMNS } from '../../src/shared/inventoryTable';
import { httpClient, loadedFleet, testServer } from '../integration/support/puppetdb';
import { startFaultProxy } from '../support/faultProxy';
import { e2eArguments, runCommand, webviewFrame, withWorkbench } from './support/workbench';
import { saveReadmeScreenshot } from './support/readmeScreenshots';

const HOSTILE_COLUMNS = ['facts.motd_banner', 'facts.support_url'];

async function columnTexts(frame: Frame, column: number): Promise<string[]> {
  return (await frame.evaluate(`[...document.querySelectorAll('.inventory-viewport .grid-spacer > .grid-row:not([hidden])')]
    .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
    .map((row) => row.children[${column}].textContent)`)) as string[];
}

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const server = testServer();
  const client = httpClient();
  const fleet = loadedFleet();
  const active = fleet.nodes.filter((node) => !fleet.deactivated.includes(node.certname));
  const hostile = active.find((node) => node.hostile)!;
  const [counted] = (await client.query('inventory', {
    query: ['extract', [['function', 'count']]],
  })) as Array<{ count: number }>;
  const count = counted!.count;
  await client.disconnect();
  // between the workbench and PuppetDB: it holds the whole answer back once, to see the first
  // screen on its own
  const proxy = await startFaultProxy({ target: { host: server.host, port: server.httpPort } });
  let passed = 0;
  const check = async (name: string, assertion: () => unknown) => {
    await assertion();
    passed++;
    console.log(`  ✔ ${name}`);
  };
  try {
    await inWorkbench();
  } finally {
    await proxy.close();
  }
  console.log(`inventory e2e: ${passed} checks passed`);

  async function inWorkbench(): Promise<void> {
    await withWorkbench(
      {
        name: 'inventory',
        theme: 'Default Dark Modern',
        settings: {
          'puppetdbExplorer.connections': [{ id: 'local', name: 'Local PuppetDB', url: proxy.url }],
          // the hostile values first, so the screenshot shows them
          'puppetdbExplorer.inventory.columns': [...HOSTILE_COLUMNS, ...DEFAULT_INVENTORY_COLUMNS],
        },
        screenshots,
      },
      async ({ page, dialogs, shade }) => {
        const closeSecondary = page.locator('.part.auxiliarybar .codicon-close').first();
        if (await closeSecondary.isVisible()) await closeSecondary.click();
        proxy.inject(
          // held far longer than the wait below: only the first screen can show in time
          { kind: 'latency', ms: 120_000 },
          { times: 1, match: /^\/pdb\/query\/v4\/inventory\?(?!.*%22from%22)/ },
        );
        await runCommand(page, 'PuppetDB: Open Inventory');
        const frame = await webviewFrame(page, 'inventory', { timeoutMs: 60_000 });
        // the first screen (here every node: the fleet fits in one) while the whole answer waits
        await frame
          .locator('.inventory-count')
          .filter({ hasText: new RegExp(`^${count} nodes…$`) })
          .waitFor({ timeout: 30_000 });
        await page.screenshot({ path: join(screenshots, `inventory-first-screen-${shade}.png`) });
        await check(
          'the first screen shows while PuppetDB still sorts the whole answer',
          async () => {
            assert.ok(
              proxy.requests.some((request) => request.fault === 'latency'),
              'the whole answer was held back',
            );
            assert.equal(
              await frame.locator('.inventory-viewport').getAttribute('aria-rowcount'),
              String(count + 1),
            );
          },
        );
        // Reload gives up the held request and asks again, now without a fault
        await frame.getByRole('button', { name: 'Reload' }).click();
        await frame
          .locator('.inventory-count')
          .filter({ hasText: new RegExp(`^${count} nodes$`) })
          .waitFor({ timeout: 60_000 });
        await check(`the table holds PuppetDB's ${count} nodes (aria-rowcount)`, async () =>
          assert.equal(
            await frame.locator('.inventory-viewport').getAttribute('aria-rowcount'),
            String(count + 1),
          ),
        );
        const headers = await frame
          .locator('.inventory-viewport .grid-header-cell')
          .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-column')));
        await check("the columns are certname and the setting's fact paths", () =>
          assert.deepEqual(headers, ['certname', ...HOSTILE_COLUMNS, ...DEFAULT_INVENTORY_COLUMNS]),
        );
        // the hostile node first: filter to it
        await frame.locator('.inventory-filter').locator('input').fill(hostile.certname);
        await frame
          .locator('.inventory-count')
          .filter({ hasText: `1 of ${count} nodes` })
          .waitFor();
        const motd = 1;
        await check('fact values that are markup render as inert text', async () => {
          assert.deepEqual(await columnTexts(frame, motd), ['<script>alert(1)</script>']);
          assert.deepEqual(await columnTexts(frame, motd + 1), ['javascript:alert(1)']);
          assert.equal(
            await frame
              .locator(
                '.inventory-viewport .grid-spacer script, .inventory-viewport .grid-spacer a, img',
              )
              .count(),
            0,
          );
          assert.deepEqual(dialogs, []);
        });
        await frame.locator('.inventory-filter').locator('input').fill('');
        await frame
          .locator('.inventory-count')
          .filter({ hasText: new RegExp(`^${count} nodes$`) })
          .waitFor();
        // sort by hostname, descending (two clicks)
        const hostnameSort = frame.locator('.inventory-viewport .grid-sort').nth(3);
        await hostnameSort.click();
        await hostnameSort.click();
        const sortedHeader = frame.locator('.inventory-viewport .grid-header-cell').nth(3);
        await check('two clicks on a header sort descending (aria-sort)', async () => {
          assert.equal(await sortedHeader.getAttribute('aria-sort'), 'descending');
          const shown = await columnTexts(frame, 3);
          const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
          assert.deepEqual(
            shown,
            [...shown].sort((a, b) => collator.compare(b, a)),
          );
        });
        // an ordinary view for the picture: first row of the ascending hostname order
        await hostnameSort.click();
        await hostnameSort.click();
        await page.screenshot({ path: join(screenshots, `inventory-${shade}.png`) });
        if (shade === 'dark') await saveReadmeScreenshot(page, 'inventory');

        // --- packages: libacme's versions, newest first in dpkg's order
        await runCommand(page, 'PuppetDB: Find Packages…');
        await page.locator('.quick-input-widget input[placeholder^="Package name"]').waitFor();
        await page.locator('.quick-input-widget input').first().fill('libacme');
        await page
          .locator('.quick-input-list .monaco-list-row[aria-label*="libacme"]')
          .first()
          .waitFor();
        await page.keyboard.press('Enter');
        const versionsTitle = page.locator('.quick-input-title:has-text("libacme:")');
        await versionsTitle.waitFor({ timeout: 30_000 });
        const rows = page.locator('.quick-input-list .monaco-list-row .label-name');
        await rows.first().waitFor();
        // each row has its version (label) and a detail line ("8 nodes")
        const versions = (await rows.allTextContents())
          .map((text) => text.trim())
          .filter((text) => !/^\d+ nodes$/.test(text));
        await check("libacme's versions, newest first in dpkg's ordering", () => {
          const expected = ['1:2.3', '1.0.0-1ubuntu1', '1.0.0-1', '1.0~rc1'];
          assert.deepEqual(
            versions,
            expected.filter((version) => versions.includes(version)),
          );
          assert.ok(versions.length >= 3);
        });
        await page.screenshot({ path: join(screenshots, `packages-versions-${shade}.png`) });
        await page.keyboard.press('Escape');

        // --- the package whose name is markup
        await runCommand(page, 'PuppetDB: Find Packages…');
        await page.locator('.quick-input-widget input[placeholder^="Package name"]').waitFor();
        await page.locator('.quick-input-widget input').first().fill('<img');
        const hostileRow = page.locator('.quick-input-list .monaco-list-row .label-name').first();
        await hostileRow.waitFor({ timeout: 30_000 });
        await check('a package named like markup is listed as text', async () => {
          assert.equal((await hostileRow.textContent())?.trim(), '<img src=x onerror=alert(1)>');
          assert.equal(await page.locator('.quick-input-list img').count(), 0);
          assert.deepEqual(dialogs, []);
        });
        await page.screenshot({ path: join(screenshots, `packages-hostile-${shade}.png`) });
        await page.keyboard.press('Escape');
      },
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
