/**
 * End to end in headless Chromium: a PuppetDB that refuses connections. Testing the connection
 * from the tree shows the error with what can be done about it (Retry, Edit Connection, Show Log);
 * Show Log opens the "PuppetDB Explorer" log with the failed request and its cause. The tree's
 * error item offers Retry, Edit Connection and Show Log beside it, and the PQL results panel's
 * error banner Edit Connection and Show Log (Edit Connection opens the connection's form).
 * Screenshots of each in dark and light themes go to test-results/.
 *
 *   node --import tsx test/e2e/log.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  e2eArguments,
  notificationInCenter,
  openFile,
  runCommand,
  webviewFrame,
  withWorkbenchInThemes,
} from './support/workbench';

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Expands a row of the side bar's tree, by the start of its label. */
async function expandRow(page: Page, label: string): Promise<void> {
  const row = page.locator(`.monaco-list-row[aria-label^="${label}"]`).first();
  await row.waitFor({ timeout: 30_000 });
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
}

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  let passed = 0;
  const check = (name: string, assertion: () => void) => {
    assertion();
    passed++;
    console.log(`  ✔ ${name}`);
  };
  // taken just before the run: on a busy machine a port released long before may be reused
  const url = `http://127.0.0.1:${await closedPort()}`;
  await withWorkbenchInThemes(
    {
      name: 'log',
      themes: ['Default Dark Modern', 'Default Light Modern'],
      settings: {
        'puppetdbExplorer.connections': [{ id: 'down', name: 'Refusing PuppetDB', url }],
      },
      files: { 'query.pql': 'nodes[certname] {}\n' },
      screenshots,
    },
    async ({ page, shade, theme }) => {
      await runCommand(page, 'PuppetDB: Test Connection');
      const pickRow = page.locator(
        '.quick-input-list .monaco-list-row:has-text("Refusing PuppetDB")',
      );
      await pickRow.first().click();
      // the error is a notification: open the list of notifications, where it keeps its buttons
      await page.locator('.statusbar .codicon-bell-dot').waitFor({ timeout: 30_000 });
      const toast = await notificationInCenter(page, 'Could not reach PuppetDB', 30_000);
      const buttons = await toast.locator('.monaco-button').allTextContents();
      check(`${theme}: the error offers Retry, Edit Connection and Show Log`, () =>
        assert.deepEqual(
          buttons.map((text) => text.trim()),
          ['Retry', 'Edit Connection', 'Show Log'],
        ),
      );
      await page.screenshot({ path: join(screenshots, `error-actions-${shade}.png`) });

      await toast.locator('.monaco-button:has-text("Show Log")').click();
      const output = page.locator('.part.panel .monaco-editor .view-lines');
      await page
        .locator('.part.panel .monaco-editor .view-line:has-text("ECONNREFUSED")')
        .first()
        .waitFor({ timeout: 30_000 });
      const text = await output.innerText();
      check(`${theme}: Show Log opens the log with the failed request and its cause`, () => {
        // the output view wraps long lines and draws spaces as no-break spaces
        assert.match(
          text.replace(/\n/g, '').replace(/\u00a0/g, ' '),
          /\[error\] Refusing PuppetDB: GET http:\/\/127\.0\.0\.1:\d+\/(pdb\/meta\/v1\/version|status\/v1\/services\/puppetdb-status) → no answer/,
        );
        assert.match(text, /ECONNREFUSED/);
      });
      await page.screenshot({ path: join(screenshots, `log-${shade}.png`) });

      // the tree: the error item of the refused Nodes folder, its actions beside it
      await page.locator('.activitybar [aria-label^="PuppetDB"]').first().click();
      await expandRow(page, 'Refusing PuppetDB');
      await expandRow(page, 'Nodes');
      const errorRow = page
        .locator('.monaco-list-row[aria-level="3"]:has-text("Could not reach PuppetDB")')
        .first();
      await errorRow.waitFor({ timeout: 30_000 });
      await errorRow.hover();
      const itemActions = await errorRow
        .locator('.actions .action-label')
        .evaluateAll((labels) => labels.map((label) => label.getAttribute('aria-label')));
      check(`${theme}: the tree's error item offers Retry, Edit Connection and Show Log`, () =>
        assert.deepEqual(itemActions, ['Retry', 'Edit Connection…', 'Show Log']),
      );
      await page.screenshot({ path: join(screenshots, `tree-error-actions-${shade}.png`) });
      await errorRow.click({ button: 'right' });
      const menu = page.locator('.context-view .monaco-menu');
      await menu.locator('.action-label', { hasText: 'Show Log' }).waitFor({ timeout: 30_000 });
      const menuItems = (await menu.locator('.action-label').allInnerTexts())
        .map((text) => text.trim())
        .filter(Boolean);
      check(`${theme}: its context menu has Retry, Edit Connection and Show Log`, () =>
        assert.deepEqual(
          menuItems.filter((text) => /^(Retry|Edit Connection…|Show Log)$/.test(text)),
          ['Retry', 'Edit Connection…', 'Show Log'],
        ),
      );
      // the menu fades in: the screenshot waits for it to be drawn in full
      await page.waitForFunction(
        `[...document.querySelectorAll('.context-view, .context-view *')].every((element) => element.getAnimations().every((animation) => animation.playState !== 'running'))`,
      );
      await page.screenshot({ path: join(screenshots, `tree-error-menu-${shade}.png`) });
      await page.keyboard.press('Escape');

      // a panel: the PQL results' error banner, with Edit Connection and Show Log
      await openFile(page, 'query.pql');
      // the run keybinding holds once the PQL language features have the file (its CodeLens
      // shows), and only in a focused editor
      await page
        .locator('.codelens-decoration:has-text("Run on Refusing PuppetDB")')
        .first()
        .waitFor({ timeout: 30_000 });
      await page.locator('.monaco-editor .view-line').first().click();
      await page.keyboard.press('Control+Enter');
      const results = await webviewFrame(page, 'results', { timeoutMs: 60_000 });
      const bannerButtons = results.locator('.banner .error-actions vscode-button');
      await bannerButtons.first().waitFor({ timeout: 30_000 });
      const bannerText = await results.locator('.banner').innerText();
      const labels = (await bannerButtons.allInnerTexts()).map((text) => text.trim());
      check(
        `${theme}: the results panel's error banner offers Edit Connection and Show Log`,
        () => {
          assert.match(bannerText, /connection refused/);
          assert.deepEqual(labels, ['Edit Connection…', 'Show Log']);
        },
      );
      await page.screenshot({ path: join(screenshots, `results-error-banner-${shade}.png`) });
      await bannerButtons.filter({ hasText: 'Edit Connection' }).click();
      const form = page.locator('.quick-input-widget .quick-input-title');
      await form.filter({ hasText: 'Edit Refusing PuppetDB' }).waitFor({ timeout: 30_000 });
      const formUrl = await page.locator('.quick-input-widget input').first().inputValue();
      check(`${theme}: the banner's Edit Connection opens the connection's form`, () =>
        assert.equal(formUrl, url),
      );
      await page.keyboard.press('Escape');
    },
  );
  console.log(`e2e log: ${passed} passed, 0 failed`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
