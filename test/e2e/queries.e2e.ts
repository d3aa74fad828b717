/**
 * End to end in headless Chromium, dark and light themes: the Queries view of the PuppetDB view
 * container (collapsed at first, under the explorer) on a workspace with a `.pql` file in a folder (a leading comment, and one whose
 * comment is hostile) and a notebook. The view lists them by folder with their descriptions, the
 * library, and the starter queries; a starter's inline Run shows its rows in the results panel.
 * Screenshots go to test-results/ (and the README's picture with PDBX_README_SCREENSHOTS=1).
 *
 *   node --import tsx test/e2e/queries.e2e.ts [--state-dir .work/puppetdb-test]
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { httpClient, testServer } from '../integration/support/puppetdb';
import { STARTER_QUERIES } from '../../src/shared/queryLibrary/starterQueries';
import { saveReadmeScreenshot } from './support/readmeScreenshots';
import {
  e2eArguments,
  localConnection,
  plain,
  settled,
  webviewFrame,
  withWorkbenchInThemes,
} from './support/workbench';
import { runScript } from './support/themedChecks';

const HOSTILE = '[click](command:workbench.action.quit) $(alert) <img src=x onerror=alert(1)>';

const FILES = {
  'ops/failed-web.pql':
    '# Failed web nodes, newest first\nnodes[certname, report_timestamp] {\n  latest_report_status = "failed" and certname ~ "^web"\n  order by report_timestamp desc\n}\n',
  'ops/hostile.pql': `# ${HOSTILE}\nnodes[certname] {}\n`,
  'runbooks/on-call.pqlbook': `${JSON.stringify(
    {
      format: 'pqlbook',
      version: 1,
      cells: [
        { kind: 'markdown', source: '# On-call: what failed overnight' },
        { kind: 'pql', source: 'nodes[certname] { latest_report_status = "failed" }' },
      ],
    },
    null,
    2,
  )}\n`,
};

const row = (page: Page, label: string) =>
  page.locator(`.sidebar .monaco-list-row[aria-label^="${label}"]`).first();

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const server = testServer();
  const failed = (await httpClient().query('pql', {
    query: 'nodes[certname] { latest_report_status = "failed" }',
  })) as unknown[];
  let passed = 0;
  const check = (name: string, assertion: () => void) => {
    assertion();
    passed++;
    console.log(`  ✔ ${name}`);
  };

  await withWorkbenchInThemes(
    {
      name: 'queries',
      themes: ['Default Dark Modern', 'Default Light Modern'],
      settings: localConnection(server),
      screenshots,
    },
    async ({ page, theme, shade, dialogs, folder }) => {
      // in folders (the workbench's own files are at the top): the view follows them as they come.
      // Written once: written again in the next theme, they refreshed the view (its file watcher)
      // while the starter's Run was being clicked, and the click went to a row drawn anew.
      for (const [path, text] of Object.entries(FILES)) {
        if (existsSync(join(folder, path))) continue;
        mkdirSync(dirname(join(folder, path)), { recursive: true });
        writeFileSync(join(folder, path), text);
      }
      await page.locator('.activitybar [aria-label^="PuppetDB"]').first().click();
      // the Queries view opens collapsed under the explorer: the explorer folded, it unfolded
      const header = (name: string) =>
        page.locator(`.sidebar .pane-header[aria-label^="${name}"]`).first();
      await header('Queries').waitFor({ timeout: 30_000 });
      if ((await header('Explorer').getAttribute('aria-expanded')) === 'true') {
        await header('Explorer').click();
      }
      if ((await header('Queries').getAttribute('aria-expanded')) !== 'true') {
        await header('Queries').click();
      }
      await row(page, 'failed-web.pql').waitFor({ timeout: 60_000 });
      await row(page, STARTER_QUERIES[0]!.name).waitFor({ timeout: 30_000 });
      await row(page, 'No queries yet').waitFor({ timeout: 30_000 });
      const rows = await page
        .locator('.sidebar .pane:has(.pane-header[aria-label^="Queries"]) .monaco-list-row')
        .allTextContents();
      const text = rows.map(plain);
      check(`${theme}: the workspace's files by folder, with their leading comments`, () => {
        assert.ok(text.includes('Workspace'), text.join(' | '));
        assert.ok(text.includes('ops') && text.includes('runbooks'), text.join(' | '));
        assert.ok(
          text.some(
            (line) =>
              line.startsWith('failed-web.pql') && line.includes('Failed web nodes, newest first'),
          ),
          text.join(' | '),
        );
        assert.ok(
          text.some(
            (line) =>
              line.startsWith('on-call.pqlbook') && line.includes('On-call: what failed overnight'),
          ),
          text.join(' | '),
        );
      });
      check(`${theme}: a hostile comment is shown as text`, () => {
        const hostile = text.find((line) => line.startsWith('hostile.pql'));
        assert.ok(hostile?.includes('<img src=x onerror=alert(1)>'), hostile);
        assert.deepEqual(dialogs, []);
      });
      check(`${theme}: My Library and the starter queries`, () => {
        assert.ok(text.includes('My Library'));
        assert.ok(
          text.some((line) => line.startsWith('No queries yet')),
          text.join(' | '),
        );
        assert.ok(text.includes('Starter Queries'));
      });
      // the pointer off the activity bar, whose hover would cover the view
      await page.mouse.move(900, 450);
      await settled(page, '.sidebar');
      await page.screenshot({ path: join(screenshots, `queries-view-${shade}.png`) });
      if (shade === 'dark') await saveReadmeScreenshot(page.locator('.sidebar'), 'queries-view');

      // a starter's inline Run: its rows in the results panel
      const starter = row(page, 'Failed nodes');
      await starter.hover();
      await starter.locator('.action-label[aria-label^="Run Query"]').click();
      const results = await webviewFrame(page, 'results', {
        showing: '.state-done',
        timeoutMs: 60_000,
      });
      const counts = plain(await results.locator('.counts').innerText());
      check(`${theme}: a starter's Run shows its ${failed.length} rows in the results panel`, () =>
        assert.equal(counts, `${failed.length} rows`),
      );
      await page.screenshot({ path: join(screenshots, `queries-run-${shade}.png`) });
    },
  );
  console.log(`e2e queries: ${passed} passed`);
}

runScript('queries', main);
