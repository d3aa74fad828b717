/**
 * End to end in headless Chromium: a PuppetDB that refuses connections. Testing the connection
 * from the tree shows the error with what can be done about it (Retry, Edit Connection, Show Log);
 * Show Log opens the "PuppetDB Explorer" log with the failed request and its cause. Screenshots
 * of both in dark and light themes go to test-results/.
 *
 *   node --import tsx test/e2e/log.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { e2eArguments, runCommand, withWorkbench } from './support/workbench';

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

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const url = `http://127.0.0.1:${await closedPort()}`;
  let passed = 0;
  const check = (name: string, assertion: () => void) => {
    assertion();
    passed++;
    console.log(`  ✔ ${name}`);
  };
  for (const theme of ['Default Dark Modern', 'Default Light Modern']) {
    await withWorkbench(
      {
        name: 'log',
        theme,
        settings: {
          'puppetdbExplorer.connections': [{ id: 'down', name: 'Refusing PuppetDB', url }],
        },
        screenshots,
      },
      async ({ page, shade }) => {
        await runCommand(page, 'PuppetDB: Test Connection');
        const pickRow = page.locator(
          '.quick-input-list .monaco-list-row:has-text("Refusing PuppetDB")',
        );
        await pickRow.first().click();
        // the error is a notification: open the list of notifications, where it keeps its buttons
        await page.locator('.statusbar .codicon-bell-dot').waitFor({ timeout: 30_000 });
        await runCommand(page, 'Notifications: Show Notifications');
        const toast = page
          .locator('.notifications-center .monaco-list-row:has-text("Could not reach PuppetDB")')
          .first();
        await toast.waitFor({ timeout: 30_000 });
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
      },
    );
  }
  console.log(`e2e log: ${passed} passed, 0 failed`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
