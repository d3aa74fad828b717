/**
 * End to end in headless Chromium: the connection form as a user drives it. Credentials in the
 * URL are refused, Back keeps what was typed, a token over plain HTTP asks first in a modal
 * (screenshot), the CA file comes from the file picker and bad PEM paths are explained, and
 * editing token → user name and password stops the token reaching the server (a loopback
 * recording server plays PuppetDB there).
 *
 * A section of firstSteps.e2e.ts.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { testServer } from '../../integration/support/puppetdb';
import { saveReadmeScreenshot } from '../support/readmeScreenshots';
import { runCommand, type SectionCheck, type WorkbenchSection } from '../support/workbench';
import { choose, enter, formInput, formWidget, step } from './connectionFormInput';

async function type(page: Page, value: string): Promise<void> {
  await formInput(page).fill(value);
}

/** Edit Connection… on `name`, its URL, failover servers and name kept, to the Authentication step. */
async function editAuthentication(page: Page, name: string): Promise<void> {
  await runCommand(page, 'PuppetDB: Edit Connection…');
  await step(page, 'PuppetDB connection');
  await choose(page, name);
  await step(page, `Edit ${name}: URL`);
  await enter(page);
  await step(page, 'Failover servers (optional)');
  await enter(page);
  await step(page, 'Name');
  await enter(page);
  await step(page, 'Authentication');
}

/** Waits for the quick input's validation message to contain `text`; returns it. */
async function message(page: Page, text: string): Promise<string> {
  await page.waitForFunction(
    `document.querySelector('.quick-input-widget .quick-input-message')?.textContent
      .includes(${JSON.stringify(text)})`,
    undefined,
    { timeout: 30_000 },
  );
  return (await formWidget(page).locator('.quick-input-message').textContent()) ?? '';
}

async function recorder(): Promise<{ url: string; headers: IncomingHttpHeaders[]; close(): void }> {
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    headers.push(request.headers);
    response.setHeader('content-type', 'application/json');
    response.setHeader('x-records', '0');
    response.end(
      request.url?.startsWith('/pdb/meta/v1/version')
        ? JSON.stringify({ version: '7.99.0' })
        : request.url?.startsWith('/status')
          ? JSON.stringify({ state: 'running', status: {} })
          : '[]',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, headers, close: () => server.close() };
}

/** Polls a condition on what the recording server saw, nudging with `poke` now and then. */
async function until(
  condition: () => boolean,
  what: string,
  page: Page,
  poke?: () => Promise<void>,
): Promise<void> {
  for (let waited = 0; !condition(); waited += 200) {
    if (waited > 30_000) throw new Error(`timed out waiting for ${what}`);
    if (poke && waited % 5_000 === 0) await poke();
    await page.waitForTimeout(200);
  }
}

/** PuppetDB: Test Connection on one connection: its version and status requests. */
async function testConnection(page: Page, name: string): Promise<void> {
  await runCommand(page, 'PuppetDB: Test Connection');
  await step(page, 'PuppetDB connection');
  await choose(page, name);
}

export function connectionFormSection(screenshots: string, check: SectionCheck): WorkbenchSection {
  return {
    name: 'connection form',
    run: async ({ page }) => {
      const server = testServer();
      const files = mkdtempSync(join(tmpdir(), 'pdbx-e2e-pem-'));
      const fifo = join(files, 'ca.fifo');
      execFileSync('mkfifo', [fifo]);
      const fake = await recorder();
      try {
        await page.locator('.activitybar [aria-label^="PuppetDB"]').first().click();

        // 1. credentials in the URL, Back, and the clear-text modal
        await runCommand(page, 'PuppetDB: Add Connection…');
        await step(page, 'Add PuppetDB Connection: URL');
        await type(page, 'https://admin:hunter2@puppetdb.example.test:8081');
        const refused = await message(page, 'User name and password');
        await check('a URL with user:pass@ is refused, saying where credentials belong', () => {
          assert.match(refused, /Authentication/);
          assert.match(refused, /OS keychain/);
          assert.doesNotMatch(refused, /hunter2/);
        });
        await page.screenshot({ path: join(screenshots, 'connection-form-userinfo-dark.png') });
        await enter(page, 'http://puppetdb.example.test:8080');
        await step(page, 'Failover servers (optional)');
        await enter(page);
        await step(page, 'Name');
        const back = formWidget(page).locator('.quick-input-titlebar [aria-label^="Back"]').first();
        await back.click();
        await step(page, 'Failover servers (optional)');
        await back.click();
        await step(page, 'Add PuppetDB Connection: URL');
        await check('Back returns to the URL step with what was typed', async () =>
          assert.equal(await formInput(page).inputValue(), 'http://puppetdb.example.test:8080'),
        );
        await enter(page);
        await step(page, 'Failover servers (optional)');
        await enter(page);
        await step(page, 'Name');
        await enter(page, 'Plain HTTP');
        await step(page, 'Authentication');
        await saveReadmeScreenshot(page, 'connection-form');
        await choose(page, 'Token');
        const dialog = page.locator('.monaco-dialog-box');
        await dialog.waitFor({ timeout: 30_000 });
        const modalText = await dialog.innerText();
        await page.screenshot({
          path: join(screenshots, 'connection-form-cleartext-modal-dark.png'),
        });
        await check('a token over plain http:// asks first, naming the host and the risk', () => {
          assert.match(modalText, /token to puppetdb\.example\.test:8080 in clear text/);
          assert.match(modalText, /anyone on the network path/);
          assert.match(modalText, /Send in Clear Text/);
        });
        await dialog.locator('.dialog-buttons .monaco-button', { hasText: 'Cancel' }).click();
        await step(page, 'Authentication');
        await choose(page, 'None');
        await page.locator('.monaco-list-row[aria-label^="Plain HTTP"]').first().waitFor();
        await check(
          'declining goes back to Authentication; "None" saves the connection',
          () => undefined,
        );

        // 2. the CA from the file picker, bad PEM paths explained, Back keeps the path
        await runCommand(page, 'PuppetDB: Add Connection…');
        await step(page, 'URL');
        await enter(page, `https://${server.host}:${server.httpsPort}`);
        await step(page, 'Failover servers (optional)');
        await enter(page);
        await step(page, 'Name');
        await enter(page, 'TLS PuppetDB');
        await step(page, 'CA certificate');
        await enter(page, files);
        await check('a directory as the CA is explained', async () =>
          assert.match(await message(page, 'is a directory'), /not a PEM file/),
        );
        await enter(page, fifo);
        await check('a FIFO as the CA is explained, not waited on', async () =>
          assert.match(await message(page, 'FIFO'), /named pipe/),
        );
        await formWidget(page)
          .locator('[aria-label^="Browse for the CA certificate"]')
          .first()
          .click();
        // the browser's file dialog is VS Code's own quick input
        await step(page, 'Choose the CA certificate file (PEM)');
        // it opens where the typed path points; once it has settled there, type the CA's path
        await page.waitForFunction(
          `document.querySelector('.quick-input-widget input')?.value === ${JSON.stringify(fifo)}`,
          undefined,
          { timeout: 30_000 },
        );
        await formInput(page).fill(server.ca);
        // the dialog lists the folder of what was typed; once ca.pem is there, its OK takes it
        await formWidget(page)
          .locator('.quick-input-list .monaco-list-row[aria-label^="ca.pem"]')
          .first()
          .waitFor({ timeout: 30_000 });
        await formWidget(page)
          .locator('.quick-input-action .monaco-button', { hasText: 'Use as' })
          .click();
        await step(page, 'Server certificate');
        await formWidget(page)
          .locator('.quick-input-titlebar [aria-label^="Back"]')
          .first()
          .click();
        await step(page, 'CA certificate');
        await check('the file picker fills the CA path, and Back shows it again', async () =>
          assert.equal(await formInput(page).inputValue(), server.ca),
        );
        await enter(page);
        await step(page, 'Server certificate');
        await choose(page, 'Verify the server certificate');
        await step(page, 'Authentication');
        await choose(page, 'Client certificate');
        await step(page, 'Client certificate');
        await enter(page, server.cert);
        await step(page, 'Client private key');
        await enter(page, server.cert);
        await check('a certificate given as the key is explained', async () =>
          assert.match(await message(page, 'holds no PEM private key'), /client key/),
        );
        await enter(page, server.key);
        await page.locator('.monaco-list-row[aria-label^="TLS PuppetDB"]').first().waitFor();
        await check('a client-certificate connection is saved from the form', () => undefined);

        // 3. token, then edit to user name and password: the token never reaches the server again
        await runCommand(page, 'PuppetDB: Add Connection…');
        await step(page, 'URL');
        await enter(page, fake.url);
        await step(page, 'Failover servers (optional)');
        await enter(page);
        await step(page, 'Name');
        await enter(page, 'Recorder');
        await step(page, 'Authentication');
        await choose(page, 'Token');
        await step(page, 'Token');
        await enter(page, 'old-token-e2e');
        await page.locator('.monaco-list-row[aria-label^="Recorder"]').first().waitFor();
        await testConnection(page, 'Recorder');
        await until(
          () => fake.headers.some((headers) => headers['x-authentication'] === 'old-token-e2e'),
          'a request with the token',
          page,
        );
        await editAuthentication(page, 'Recorder');
        await choose(page, 'User name and password');
        await step(page, 'User name');
        await enter(page, 'ops');
        await step(page, 'Password');
        await enter(page, 'pw-e2e');
        const basic = `Basic ${Buffer.from('ops:pw-e2e').toString('base64')}`;
        // saved once a request carries the password; then every later request is checked
        await until(
          () => fake.headers.some((headers) => headers.authorization === basic),
          'a request with the new password',
          page,
          () => testConnection(page, 'Recorder'),
        );
        fake.headers.length = 0;
        await testConnection(page, 'Recorder');
        await until(() => fake.headers.length >= 2, 'the version and status requests', page);
        await check('after token → user name and password, no request carries the token', () => {
          for (const headers of fake.headers) assert.equal(headers['x-authentication'], undefined);
        });

        // 4. editing again offers to keep the stored password, never showing it
        await editAuthentication(page, 'Recorder');
        await choose(page, 'User name and password');
        await step(page, 'User name');
        await enter(page);
        await step(page, 'Password');
        const offered = await formWidget(page).locator('.quick-input-list').innerText();
        await page.screenshot({ path: join(screenshots, 'connection-form-keep-secret-dark.png') });
        await check('editing offers "Keep the stored password" and never shows it', () => {
          assert.match(offered, /Keep the stored password/);
          assert.match(offered, /Replace the password/);
          assert.doesNotMatch(offered, /pw-e2e/);
        });
        await choose(page, 'Keep the stored password');
        fake.headers.length = 0;
        await until(
          () => fake.headers.some((headers) => headers.authorization === basic),
          'a request with the kept password',
          page,
          () => testConnection(page, 'Recorder'),
        );
        await check('the kept password is still the one sent', () => undefined);
      } finally {
        fake.close();
        rmSync(files, { recursive: true, force: true });
      }
    },
  };
}
