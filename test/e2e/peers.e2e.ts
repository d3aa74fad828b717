/**
 * End to end in headless Chromium: "PuppetDB: Compare Node with Its Peers" from the palette, on
 * the fleet's stray web node (test/fixtures/fleet/peerOutlier.ts), and "PuppetDB: Rank Nodes by
 * Distance from Their Peers" for the db role, whose nodes include the one with link and icon
 * syntax in its certname. Both open as rendered Markdown pages (not their source), and nothing
 * PuppetDB sent becomes a link or an element. Screenshots: peers-<theme>.png, peer-ranking-<theme>.png.
 *
 *   node --import tsx test/e2e/peers.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { PEER_OUTLIER, PEER_OUTLIER_INDEX } from '../fixtures/fleet/peerOutlier';
import { loadedFleet, testServer } from '../integration/support/puppetdb';
import { Checks, runScript } from './support/themedChecks';
import { e2eArguments, frameWith, localConnection, runCommand } from './support/workbench';

/** Nothing the page shows is a link, an image or a script: every value stayed text. */
async function elementsMade(preview: Frame): Promise<string[]> {
  assert.equal(await preview.locator('.markdown-body').count(), 1, 'the rendered answer');
  return preview
    .locator('.markdown-body a, .markdown-body img, .markdown-body script')
    .evaluateAll((elements) => elements.map((element) => element.outerHTML.slice(0, 200)));
}

async function closeEditor(page: Page): Promise<void> {
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+W');
  await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached' });
}

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const checks = new Checks();
  const fleet = loadedFleet();
  const stray = fleet.nodes[PEER_OUTLIER_INDEX]!.certname;
  const dbNodes = fleet.nodes.filter(
    (node) => node.role === 'db' && !fleet.deactivated.includes(node.certname),
  );
  assert.ok(
    dbNodes.some((node) => node.hostileText),
    'the db role holds the hostile node',
  );
  await checks.inEveryTheme(
    { name: 'peers', settings: localConnection(testServer()), screenshots },
    async ({ page, dialogs }, theme) => {
      await runCommand(page, 'PuppetDB: Compare Node with Its Peers', [
        { asks: 'Node (certname)', answer: stray },
      ]);
      const heading = `How ${stray} differs from its peers`;
      const preview = await frameWith(
        page,
        `.markdown-body h1:has-text("${heading}")`,
        `no Markdown preview shows "${heading}"`,
        60_000,
      );
      const text = await preview.locator('body').innerText();
      await page.screenshot({ path: join(screenshots, `peers-${theme.name}.png`) });
      await checks.check(`${theme.name}: the comparison opens as a rendered page`, async () => {
        assert.ok(!text.includes('\\'), 'an escape of the Markdown source is shown');
        assert.match(text, /Parameters that differ from the majority \(\d+\)/);
        assert.ok(text.includes(PEER_OUTLIER.timezone), text);
        assert.deepEqual(await elementsMade(preview), []);
      });
      await closeEditor(page);

      await runCommand(page, 'PuppetDB: Rank Nodes by Distance from Their Peers', [
        { asks: 'Which nodes are the peers?', answer: 'Role::Db' },
      ]);
      const ranking = await frameWith(
        page,
        '.markdown-body h1:has-text("Nodes by distance from their peers")',
        'no Markdown preview shows the ranking',
        60_000,
      );
      await page.screenshot({ path: join(screenshots, `peer-ranking-${theme.name}.png`) });
      await checks.check(
        `${theme.name}: the ranking lists the role's ${dbNodes.length} nodes as text`,
        async () => {
          assert.equal(await ranking.locator('.markdown-body ol > li').count(), dbNodes.length);
          assert.deepEqual(await elementsMade(ranking), []);
          assert.deepEqual(dialogs, []);
        },
      );
      await closeEditor(page);
    },
  );
  checks.report('peers');
}

runScript('peers', main);
