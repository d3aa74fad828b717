/**
 * End to end in headless Chromium: the connection form as a user drives it. Credentials in the
 * URL are refused, Back keeps what was typed, a token over plain HTTP asks first in a modal
 * (screenshot), the CA file comes from the file picker and bad PEM paths are explained, a
 * client-certificate connection made in the form connects to the real PuppetDB's HTTPS port
 * (which requires a client certificate), editing token → user name and password stops the token
 * reaching the server, and Rename Connection… keeps the server and the password. The
 * connections with a secret go through a recording proxy in front of the real PuppetDB: the
 * server answers, and the proxy shows what each request carried.
 *
 * A section of firstSteps.e2e.ts.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { httpClient, testServer } from '../../integration/support/puppetdb';
import { startFaultProxy, type FaultProxy, type RecordedRequest } from '../../support/faultProxy';
import { saveReadmeScreenshot } from '../support/readmeScreenshots';
import { until } from '../support/until';
import {
  notificationInCenter,
  runCommand,
  type SectionCheck,
  type WorkbenchSection,
} from '../support/workbench';
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
  await editAuthenticationFromUrl(page);
}

/** From the edit form's URL step (plain HTTP), everything kept, to the Authentication step. */
async function editAuthenticationFromUrl(page: Page): Promise<void> {
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

/**
 * PuppetDB: Test Connection on one connection, once; returns when its version and status
 * requests have reached PuppetDB through `proxy` (those two requests).
 */
async function testConnection(
  page: Page,
  name: string,
  proxy: FaultProxy,
): Promise<readonly RecordedRequest[]> {
  const before = proxy.requestCount;
  await runCommand(page, 'PuppetDB: Test Connection');
  await step(page, 'PuppetDB connection');
  await choose(page, name);
  const asked = () => proxy.requests.slice(before);
  await until(`the version and status requests of ${name}`, () =>
    ['/pdb/meta/v1/version', '/status/v1/services'].every((path) =>
      asked().some((request) => request.url.startsWith(path)),
    ),
  );
  return asked();
}

/** Each request carried the user name and password (`basic`, the header), and none a token. */
function assertPasswordOnly(requests: readonly RecordedRequest[], basic: string): void {
  for (const request of requests) {
    assert.equal(request.header('x-authentication'), undefined, 'a token was sent');
    assert.equal(request.header('authorization'), basic);
  }
}

/**
 * PuppetDB: Test Connection on a connection that goes straight to PuppetDB: what it says (its
 * answer, or the failure of Test Connection).
 */
async function testConnectionSays(page: Page, name: string): Promise<string> {
  await runCommand(page, 'PuppetDB: Test Connection');
  await step(page, 'PuppetDB connection');
  await choose(page, name);
  const said = await // an answer names the connection; a failure offers Show Log
  (await notificationInCenter(page, new RegExp(`${name}: PuppetDB|Show Log`))).innerText();
  await runCommand(page, 'Notifications: Hide Notifications');
  return said;
}

export function connectionFormSection(screenshots: string, check: SectionCheck): WorkbenchSection {
  return {
    name: 'connection form',
    run: async ({ page }) => {
      const server = testServer();
      const files = mkdtempSync(join(tmpdir(), 'pdbx-e2e-pem-'));
      const fifo = join(files, 'ca.fifo');
      execFileSync('mkfifo', [fifo]);
      const proxy = await startFaultProxy({
        target: { host: server.host, port: server.httpPort },
      });
      const version = await httpClient().currentVersion();
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
        const afterDeclining = await formWidget(page).locator('.quick-input-title').innerText();
        await choose(page, 'None');
        await page.locator('.monaco-list-row[aria-label^="Plain HTTP"]').first().waitFor();
        // what was saved, as the edit form shows it: the URL, and "None" the authentication
        await runCommand(page, 'PuppetDB: Edit Connection…');
        await step(page, 'PuppetDB connection');
        await choose(page, 'Plain HTTP');
        await step(page, 'Edit Plain HTTP: URL');
        const savedUrl = await formInput(page).inputValue();
        await editAuthenticationFromUrl(page);
        const savedAuth = await formWidget(page)
          .locator('.quick-input-list .monaco-list-row.focused')
          .getAttribute('aria-label');
        await page.keyboard.press('Escape');
        await check('declining goes back to Authentication; "None" saves the connection', () => {
          assert.match(afterDeclining, /Authentication$/);
          assert.equal(savedUrl, 'http://puppetdb.example.test:8080');
          assert.match(savedAuth ?? '', /^None\b/);
        });

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
        // PuppetDB's HTTPS port answers only a client certificate its CA signed
        const tlsSays = await testConnectionSays(page, 'TLS PuppetDB');
        await check('a client-certificate connection is saved from the form', () =>
          assert.match(tlsSays, new RegExp(`^TLS PuppetDB: PuppetDB ${version}, running`)),
        );

        // 3. token, then edit to user name and password: the token never reaches the server again
        await runCommand(page, 'PuppetDB: Add Connection…');
        await step(page, 'URL');
        await enter(page, proxy.url);
        await step(page, 'Failover servers (optional)');
        await enter(page);
        await step(page, 'Name');
        await enter(page, 'Recorder');
        await step(page, 'Authentication');
        await choose(page, 'Token');
        await step(page, 'Token');
        await enter(page, 'old-token-e2e');
        await page.locator('.monaco-list-row[aria-label^="Recorder"]').first().waitFor();
        const withToken = await testConnection(page, 'Recorder', proxy);
        assert.ok(
          withToken.every((request) => request.header('x-authentication') === 'old-token-e2e'),
          'the token is sent',
        );
        await editAuthentication(page, 'Recorder');
        await choose(page, 'User name and password');
        await step(page, 'User name');
        await enter(page, 'ops');
        await step(page, 'Password');
        await enter(page, 'pw-e2e');
        const basic = `Basic ${Buffer.from('ops:pw-e2e').toString('base64')}`;
        // the form has closed: the next Test Connection uses what it saved
        const edited = await testConnection(page, 'Recorder', proxy);
        await check('after token → user name and password, no request carries the token', () =>
          assertPasswordOnly(edited, basic),
        );

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
        const kept = await testConnection(page, 'Recorder', proxy);
        await check('the kept password is still the one sent', () =>
          assertPasswordOnly(kept, basic),
        );

        // 5. Rename Connection… (the palette, as a user runs it): the new name in the tree, the
        // same server and password behind it
        await runCommand(page, 'PuppetDB: Rename Connection…');
        await step(page, 'PuppetDB connection');
        await choose(page, 'Recorder');
        await step(page, 'Rename connection');
        const offeredName = await formInput(page).inputValue();
        await enter(page, 'Renamed PuppetDB');
        await page.locator('.monaco-list-row[aria-label^="Renamed PuppetDB"]').first().waitFor();
        const oldRows = await page.locator('.monaco-list-row[aria-label^="Recorder"]').count();
        const renamed = await testConnection(page, 'Renamed PuppetDB', proxy);
        await check(
          'Rename Connection… offers the name, renames the connection in the tree, and keeps its server and password',
          () => {
            assert.equal(offeredName, 'Recorder');
            assert.equal(oldRows, 0, 'the old name is gone from the tree');
            assertPasswordOnly(renamed, basic);
          },
        );
      } finally {
        await proxy.close();
        rmSync(files, { recursive: true, force: true });
      }
    },
  };
}
