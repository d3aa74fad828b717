/**
 * End to end in headless Chromium: what a start of VS Code costs the window and PuppetDB. A
 * workspace with a connection (through a recording proxy in front of the real PuppetDB) and a
 * manifest, opened with the PuppetDB view closed: the extension activates its startup shell and
 * logs how long that took; its bundle does not load, and PuppetDB is asked nothing, while the user
 * edits other files; the status bar names the connection without asking it. Once a manifest is
 * the active editor, the bundle loads, and its lenses and the first health check go out. The
 * first load compiles the bundle and keeps V8's code cache. After a window reload on the README,
 * the bundle waits again until the PuppetDB view is opened, and then loads from that cache.
 *
 *   node --import tsx test/e2e/startup.e2e.ts [--state-dir .work/puppetdb-test]
 */
import assert from 'node:assert/strict';
import { testServer } from '../integration/support/puppetdb';
import { startFaultProxy } from '../support/faultProxy';
import { Checks, runScript } from './support/themedChecks';
import { until } from './support/until';
import {
  e2eArguments,
  extensionActivated,
  openFile,
  reloadWindow,
  runCommand,
  withWorkbench,
} from './support/workbench';

const ACTIVATED = /Activated in (\d+(?:\.\d+)?) ms[^\n]*/;
const LOADED = /Loaded for [^\n]*/;
const ACTIVATED_EVERY = new RegExp(ACTIVATED.source, 'g');
const LOADED_EVERY = new RegExp(LOADED.source, 'g');

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const checks = new Checks();
  const server = testServer();
  const proxy = await startFaultProxy({ target: { host: server.host, port: server.httpPort } });
  try {
    await withWorkbench(
      {
        name: 'startup',
        theme: 'Default Dark Modern',
        settings: {
          'puppetdbExplorer.connections': [{ id: 'local', name: 'Local PuppetDB', url: proxy.url }],
        },
        files: {
          'README.md': '# Control repository\n',
          'site.pp': 'node default {\n  include profile::base\n}\n',
        },
        screenshots,
      },
      async ({ page, extensionLog }) => {
        await extensionActivated(page);
        // the user goes on with a file that asks PuppetDB nothing
        await openFile(page, 'README.md');
        await page.locator('.tabs-container .tab.active', { hasText: 'README.md' }).waitFor();
        await checks.check('activation is logged with its time', async () => {
          let activated = '';
          await until('the extension to log its activation', () => {
            activated = ACTIVATED.exec(extensionLog())?.[0] ?? '';
            return activated !== '';
          });
          console.log(`    ${activated}`);
          assert.ok(Number(ACTIVATED.exec(activated)![1]) > 0, activated);
        });
        await checks.check("the extension's bundle waits for something to need it", () => {
          assert.doesNotMatch(extensionLog(), LOADED);
        });
        await checks.check('nothing asks PuppetDB before the view or a manifest does', () => {
          assert.deepEqual(
            proxy.requests.map((request) => `${request.method} ${request.url}`),
            [],
          );
        });
        await checks.check('the status bar names the connection without asking it', async () => {
          const item = page.locator('.statusbar-item', { hasText: 'Local PuppetDB' }).first();
          await item.waitFor();
          assert.doesNotMatch(await item.innerText(), /PuppetDB \d/);
        });
        await page.screenshot({ path: `${screenshots}/startup-unchecked.png` });

        await openFile(page, 'site.pp');
        await checks.check(
          'a manifest in the editor asks, and the health check follows',
          async () => {
            await until('a request through the proxy', () => proxy.requestCount > 0);
            await page
              .locator('.statusbar-item', { hasText: /Local PuppetDB · PuppetDB 7\.\d+/ })
              .first()
              .waitFor({ timeout: 30_000 });
          },
        );
        await checks.check('the manifest loaded the bundle, compiled', () => {
          const loaded = LOADED.exec(extensionLog())?.[0] ?? '';
          console.log(`    ${loaded}`);
          assert.match(loaded, /for a manifest or query in an editor .*compiled/);
        });
        await page.screenshot({ path: `${screenshots}/startup-loaded.png` });
        await checks.check(
          'the start showed no error (the notification list holds none)',
          async () => {
            await runCommand(page, 'Notifications: Show Notifications');
            const center = page.locator('.notifications-center.visible');
            await center.waitFor({ timeout: 15_000 });
            const errors = center.locator('.monaco-list-row:has(.codicon-error)');
            assert.deepEqual(await errors.allInnerTexts(), []);
            await runCommand(page, 'Notifications: Hide Notifications');
          },
        );

        // the next start opens on the README alone
        await runCommand(page, 'View: Close All Editors');
        await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached' });
        await openFile(page, 'README.md');
        await page.locator('.tabs-container .tab.active', { hasText: 'README.md' }).waitFor();
        await reloadWindow(page);
        await extensionActivated(page);
        await until('the second start to log its activation', () => {
          return [...extensionLog().matchAll(ACTIVATED_EVERY)].length === 2;
        });
        await checks.check('after a reload, too, the bundle waits', () => {
          assert.equal([...extensionLog().matchAll(LOADED_EVERY)].length, 1);
        });
        await page.locator('.activitybar [aria-label^="PuppetDB"]').first().click();
        await checks.check(
          'the PuppetDB view, opened, loads the bundle from its code cache and lists the connection',
          async () => {
            let second = '';
            await until('the second start to load the bundle', () => {
              second = [...extensionLog().matchAll(LOADED_EVERY)][1]?.[0] ?? '';
              return second !== '';
            });
            console.log(`    ${second}`);
            assert.match(second, /for the puppetdbExplorer\.explorer view .*from its code cache/);
            await page
              .locator('.sidebar .monaco-list-row', { hasText: 'Local PuppetDB' })
              .first()
              .waitFor();
          },
        );
        await page.screenshot({ path: `${screenshots}/startup-view.png` });
      },
    );
  } finally {
    await proxy.close();
  }
  checks.report('startup');
}

runScript('startup', main);
