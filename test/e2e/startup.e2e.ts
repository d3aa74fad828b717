/**
 * End to end in headless Chromium: what a start of VS Code costs the window and PuppetDB. A
 * workspace with a connection (through a recording proxy in front of the real PuppetDB) and a
 * manifest, opened with the PuppetDB view closed: the extension activates its startup shell and
 * logs how long that took; its bundle does not load, and PuppetDB is asked nothing, while the user
 * edits other files; the status bar names the connection without asking it. Once a manifest is
 * the active editor, the bundle loads, and its lenses and the first health check go out. The
 * first load compiles the bundle and keeps V8's code cache; after a window reload the bundle
 * loads from it.
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
  withWorkbench,
} from './support/workbench';

const ACTIVATED = /Activated in (\d+(?:\.\d+)?) ms[^\n]*/;
const LOADED = /Loaded for [^\n]*/;
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

        await reloadWindow(page);
        await extensionActivated(page);
        await checks.check('after a reload the bundle loads from its code cache', async () => {
          let second = '';
          // the manifest's editor comes back with the window, and loads the bundle again
          await until('the second start to load the bundle', () => {
            second = [...extensionLog().matchAll(LOADED_EVERY)][1]?.[0] ?? '';
            return second !== '';
          });
          console.log(`    ${second}`);
          assert.match(second, /from its code cache/);
        });
      },
    );
  } finally {
    await proxy.close();
  }
  checks.report('startup');
}

runScript('startup', main);
