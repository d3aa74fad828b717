/**
 * End to end in headless Chromium: a PuppetDB (the real one behind the fault proxy) whose error
 * body holds a `[x](command:…)` link and an icon. Testing the connection shows the error as a
 * notification: it reads as the server sent it, no link is drawn, and a click where the link would
 * be runs nothing (the link's command, workbench.action.files.newUntitledFile, would open an
 * untitled editor). Screenshot: inert-notification-dark.png.
 *
 *   node --import tsx test/e2e/inertText.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { INERT_JOINER } from '../../src/extension/inertText';
import { HOSTILE_ICON, HOSTILE_LINK, HOSTILE_MARKUP } from '../fixtures/fleet/hostileText';
import { testServer } from '../integration/support/puppetdb';
import { startFaultProxy } from '../support/faultProxy';
import { Checks, runScript } from './support/themedChecks';
import { e2eArguments, notificationInCenter, runCommand, withWorkbench } from './support/workbench';

const HOSTILE_ERROR = `Click ${HOSTILE_LINK} ${HOSTILE_ICON} ${HOSTILE_MARKUP}`;

declare const document: {
  createRange(): {
    setStart(node: unknown, offset: number): void;
    setEnd(node: unknown, offset: number): void;
    getBoundingClientRect(): { x: number; y: number; width: number; height: number };
  };
  createTreeWalker(root: unknown, show: number): { nextNode(): { textContent: string } | null };
};

/**
 * The middle of where the link would be drawn in `message`: its anchor when VS Code drew one,
 * else the "x" of "[x]" in the text.
 */
async function whereTheLinkWouldBe(message: Locator): Promise<{ x: number; y: number }> {
  return message.evaluate((element) => {
    const anchor = (element as { querySelector(s: string): unknown }).querySelector('a') as {
      getBoundingClientRect(): { x: number; y: number; width: number; height: number };
    } | null;
    const range = document.createRange();
    if (!anchor) {
      const walker = document.createTreeWalker(element, 4 /* NodeFilter.SHOW_TEXT */);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent.indexOf('[x]');
        if (at === -1) continue;
        range.setStart(node, at + 1);
        range.setEnd(node, at + 2);
        break;
      }
    }
    const box = anchor ? anchor.getBoundingClientRect() : range.getBoundingClientRect();
    if (box.width === 0) throw new Error('neither a link nor "[x]" is shown');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  });
}

/** The editors' tabs whose title starts with "Untitled" (what the link's command opens). */
function untitledTabs(page: Page): Locator {
  return page.locator('.tabs-container .tab', { hasText: /^Untitled/ });
}

runScript('inertText', async () => {
  const { screenshots } = e2eArguments();
  const server = testServer();
  const checks = new Checks();
  // every request is answered with the hostile error: Test Connection's too
  const proxy = await startFaultProxy({ target: { host: server.host, port: server.httpPort } });
  proxy.inject({ kind: 'answer', status: 500, body: JSON.stringify({ error: HOSTILE_ERROR }) });
  try {
    await withWorkbench(
      {
        name: 'inertText',
        theme: 'Default Dark Modern',
        settings: {
          'puppetdbExplorer.connections': [
            { id: 'hostile', name: 'Hostile PuppetDB', url: proxy.url },
          ],
        },
        screenshots,
      },
      async ({ page, dialogs }) => {
        await runCommand(page, 'PuppetDB: Test Connection');
        await page
          .locator('.quick-input-list .monaco-list-row:has-text("Hostile PuppetDB")')
          .first()
          .click();
        const toast = await notificationInCenter(page, 'PuppetDB answered 500');
        const message = toast.locator('.notification-list-item-message');
        const anchors = await message.locator('a').count();
        const shown = (await message.innerText()).replaceAll(INERT_JOINER, '');
        const tabsBefore = await page.locator('.tabs-container .tab').count();

        const { x, y } = await whereTheLinkWouldBe(message);
        await page.mouse.click(x, y);
        // a command the click ran has run by the time the palette has run one after it
        await runCommand(page, 'View: Focus Active Editor Group');
        await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
        await page.screenshot({ path: join(screenshots, 'inert-notification-dark.png') });

        await checks.check('the error reads as the server sent it', () =>
          assert.ok(shown.includes(HOSTILE_ERROR), shown),
        );
        await checks.check('no link is drawn in the notification', () => assert.equal(anchors, 0));
        await checks.check('a click where the link would be runs nothing', async () => {
          assert.equal(await untitledTabs(page).count(), 0, 'an untitled editor was opened');
          assert.equal(await page.locator('.tabs-container .tab').count(), tabsBefore);
          assert.deepEqual(dialogs, []);
        });
      },
    );
  } finally {
    await proxy.close();
  }
  checks.report('inertText');
});
