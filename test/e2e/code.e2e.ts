/**
 * End to end in headless Chromium: the sample control repository (test/fixtures/control-repo) as
 * the workspace, a connection to the real PuppetDB loaded with the fleet that applies it. A role's
 * manifest shows "on N nodes · M failed in their last run" above its class, as PuppetDB counts,
 * and a hover on an included class shows that class's counts. Screenshots in both themes go to
 * test-results/; look at them.
 *
 *   node --import tsx test/e2e/code.e2e.ts [--state-dir .work/puppetdb-test]
 */
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { CONTROL_REPO } from '../fixtures/fleet/controlRepo';
import { httpClient, testServer } from '../integration/support/puppetdb';
import { e2eArguments, withWorkbench } from './support/workbench';
import { saveReadmeScreenshot } from './support/readmeScreenshots';

/** Opens a file by its workspace path through Quick Open. */
async function openPath(page: Page, path: string): Promise<void> {
  const folder = path.slice(0, path.lastIndexOf('/'));
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input');
    try {
      await input.waitFor({ state: 'visible', timeout: 10_000 });
      await input.fill(path);
      const row = page.locator(`.quick-input-list .monaco-list-row:has-text("${folder}")`).first();
      await row.waitFor({ timeout: 15_000 });
      await row.click();
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** PuppetDB's own count: the active nodes holding Class[title], and those whose last run failed. */
async function classCounts(title: string): Promise<{ nodes: number; failed: number }> {
  const client = httpClient();
  const rows = (await client
    .stream('resources', {
      query: ['extract', ['certname'], ['and', ['=', 'type', 'Class'], ['=', 'title', title]]],
    })
    .toArray()) as Array<{ certname: string }>;
  const holders = new Set(rows.map((row) => row.certname));
  let failed = 0;
  for await (const node of client.nodes({ withStatus: true })) {
    if (holders.has(node.name) && node.statusReport === 'failed') failed++;
  }
  return { nodes: holders.size, failed };
}

const label = ({ nodes, failed }: { nodes: number; failed: number }) =>
  `on ${nodes} nodes · ${failed === 0 ? 'none' : failed} failed in their last run`;

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const server = testServer();
  const roleWeb = label(await classCounts('Role::Web'));
  const profileBase = label(await classCounts('Profile::Base'));
  let passed = 0;
  const check = (name: string, assertion: () => void) => {
    assertion();
    passed++;
    console.log(`  ✔ ${name}`);
  };
  for (const theme of ['Default Dark Modern', 'Default Light Modern']) {
    await withWorkbench(
      {
        name: 'code',
        theme,
        settings: {
          'puppetdbExplorer.connections': [
            {
              id: 'e2e-code',
              name: 'E2E PuppetDB',
              url: `http://${server.host}:${server.httpPort}`,
            },
          ],
        },
        screenshots,
      },
      async ({ page, folder, shade }) => {
        cpSync(CONTROL_REPO, folder, { recursive: true });
        await openPath(page, 'site-modules/role/manifests/web.pp');
        const lens = page.locator('.contentWidgets .codelens-decoration').first();
        await lens.filter({ hasText: ' nodes' }).waitFor({ timeout: 60_000 });
        const text = (await lens.textContent())?.replace(/\u00a0/g, ' ').trim();
        check(`${theme}: the lens above class role::web says what PuppetDB counts`, () =>
          assert.equal(text, roleWeb),
        );
        const file = join(screenshots, `code-lens-${shade}.png`);
        await page.screenshot({ path: file });
        if (shade === 'dark') await saveReadmeScreenshot(page, 'code-lens');
        console.log(`  screenshot: ${file}`);

        const included = page
          .locator('.view-line:has-text("include profile::base") span:has-text("profile::base")')
          .last();
        await included.hover();
        const hover = page.locator('.monaco-hover:has-text("Profile::Base")').first();
        await hover.waitFor({ timeout: 30_000 });
        await hover.filter({ hasText: 'failed' }).waitFor({ timeout: 30_000 });
        const hoverText = ((await hover.textContent()) ?? '').replace(/\u00a0/g, ' ');
        check(`${theme}: the hover on "include profile::base" gives its counts`, () =>
          assert.ok(hoverText.includes(profileBase), hoverText),
        );
        const hoverFile = join(screenshots, `code-hover-${shade}.png`);
        await page.screenshot({ path: hoverFile });
        console.log(`  screenshot: ${hoverFile}`);
      },
    );
  }
  console.log(`e2e code: ${passed} passed`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
