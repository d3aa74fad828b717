/**
 * End to end in headless Chromium: a .pql file in the workbench, run with Ctrl+Enter; the results
 * panel (a webview) shows the server's rows, a row's detail, a filter, the XSS payloads of the
 * fleet as inert text; an invalid query gets a squiggle and the panel's error; a hanging query
 * is cancelled from the panel. Screenshots in dark and light themes go to test-results/.
 *
 *   node --import tsx test/e2e/pql.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { connect } from '../../src/client';
import { CONTROL_REPO } from '../fixtures/fleet/controlRepo';
import { testServer } from '../integration/support/puppetdb';
import { assertGridAria, gridAria } from './support/gridAria';
import { startRecordingProxy } from './support/recordingProxy';
import { until } from './support/until';
import {
  e2eArguments,
  editorCursorOn,
  openFile,
  plain,
  reloadWindow,
  settingShown,
  webviewFrame,
  withWorkbenchInThemes,
  writeWorkspaceSetting,
} from './support/workbench';
import { saveReadmeScreenshot } from './support/readmeScreenshots';

const QUERIES = [
  '# @connection Local PuppetDB',
  'facts[certname, name, value] { name in ["motd_banner", "support_url", "os"] order by certname, name }',
  '',
  'nodes { certname = "web01" and }',
  '',
  'nodes[certname] { certname ~ "" }',
  '',
  'resources[certname, type, title, file, line] { type = "Cron" and title = "backup" order by certname limit 1 }',
  '',
];

async function putCursorOnLine(page: Page, line: number): Promise<void> {
  await page.keyboard.press('Control+G');
  await page.keyboard.type(String(line));
  await page.keyboard.press('Enter');
  // Go to Line has closed and the status bar reports the cursor there
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await page
    .locator('.statusbar-item[id="status.editor.selection"]')
    .filter({ hasText: new RegExp(`^Ln ${line}, Col 1\\b`) })
    .waitFor({ timeout: 15_000 });
}

/** The results table paints its rows on the animation frame after the state it shows. */
async function nextPaint(frame: Frame): Promise<void> {
  await frame.evaluate(
    'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))',
  );
}

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const server = testServer();
  const client = connect({ host: server.host, port: server.httpPort });
  const expected = await client
    .stream('pql', { query: QUERIES[1]!.replace(/ order by.*}$/, ' }') })
    .toArray();
  let passed = 0;
  const check = (name: string, assertion: () => void) => {
    assertion();
    passed++;
    console.log(`  ✔ ${name}`);
  };

  // the extension's requests go through it: what a window reload sends is recorded
  const proxy = await startRecordingProxy({ host: server.host, port: server.httpPort });
  const settings = {
    'puppetdbExplorer.connections': [{ id: 'local', name: 'Local PuppetDB', url: proxy.url }],
  };
  const files = { 'queries.pql': QUERIES.join('\n') };
  // one workbench, switched from light to dark: dark's own steps (a smaller pql.maxRows) last
  await withWorkbenchInThemes(
    {
      name: 'pql',
      themes: ['Default Light Modern', 'Default Dark Modern'],
      settings,
      files,
      screenshots,
    },
    async ({ page, dialogs, shade, folder, theme, extensionLog }) => {
      // the manifests the fleet's resources name: a `file` cell opens them
      cpSync(CONTROL_REPO, folder, { recursive: true });
      await openFile(page, 'queries.pql');
      await page
        .locator('.editor-group-container.active .monaco-editor .view-line:visible')
        .nth(1)
        .waitFor({ timeout: 30_000 });
      const lenses = page.locator('.codelens-decoration');
      await lenses
        .filter({ hasText: 'Run on Local PuppetDB' })
        .first()
        .waitFor({ timeout: 30_000 });
      // each lens sits in the line above its query: what the editor draws right below it
      const lensed =
        await page.evaluate(`[...document.querySelectorAll('.codelens-decoration')].map(
        (lens) => {
          const bottom = lens.getBoundingClientRect().bottom;
          const below = [...document.querySelectorAll('.monaco-editor .view-line')]
            .filter((line) => line.getBoundingClientRect().top >= bottom - 1)
            .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)[0];
          return { lens: lens.textContent, below: below ? below.textContent : null };
        },
      )`);
      const queryLines = QUERIES.filter((line) => /^[a-z]/.test(line));
      check(`${theme}: a CodeLens offers "▶ Run on Local PuppetDB" above each query`, () =>
        assert.deepEqual(
          (lensed as Array<{ lens: string; below: string | null }>).map(({ lens, below }) => ({
            lens: plain(lens),
            below: plain(below ?? ''),
          })),
          queryLines.map((line) => ({ lens: '▶ Run on Local PuppetDB', below: line })),
        ),
      );

      await putCursorOnLine(page, 2);
      await page.keyboard.press('Control+Enter');
      let frame = await webviewFrame(page, 'results');
      const counts = frame.locator('.counts');
      await frame.locator('.state-done').waitFor({ timeout: 30_000 });
      await nextPaint(frame);
      const countText = await counts.innerText();
      check(
        `${theme}: Ctrl+Enter runs the query; the panel counts the server's ${expected.length} rows`,
        () => assert.equal(countText, `${expected.length} rows`),
      );
      const aria = await gridAria(
        frame,
        '.results-grid[role="grid"]',
        '.results-grid .grid-spacer > .grid-row',
      );
      check(
        `${theme}: the grid's aria-rowcount is every row (${expected.length} and the header); the rendered rows are numbered after it; no live region holds rows`,
        () => assertGridAria(aria, expected.length, 1),
      );
      const headers = await frame.locator('.results-grid .grid-header-cell').allInnerTexts();
      check(`${theme}: the columns come from the rows`, () =>
        assert.deepEqual(headers, ['#', 'certname', 'name', 'value']),
      );
      const cells = await frame
        .locator('.results-grid .grid-spacer > .grid-row:not([hidden]) .grid-cell')
        .allInnerTexts();
      check(`${theme}: the XSS payloads of the fleet are shown as text, and nothing ran`, () => {
        assert.ok(
          cells.includes('<script>alert(1)</script>'),
          'the <script> fact is not shown as text',
        );
        assert.ok(cells.includes('javascript:alert(1)'));
        assert.deepEqual(dialogs, []);
      });
      const injected = await frame.locator('#app script, #app img, #app iframe').count();
      check(`${theme}: no element was created from row data`, () => assert.equal(injected, 0));
      const nestedCell = frame
        .locator('.results-grid .grid-spacer > .grid-row .grid-cell.nested')
        .first();
      const clickedRow = nestedCell.locator('xpath=..');
      const clicked = {
        index: Number(await clickedRow.getAttribute('data-position')),
        certname: await clickedRow.locator('[data-column="certname"]').innerText(),
        name: await clickedRow.locator('[data-column="name"]').innerText(),
      };
      await nestedCell.click();
      const tree = frame.locator('.detail > details');
      await tree.waitFor();
      const valueBranch = tree.locator(':scope > details');
      await valueBranch.locator(':scope > summary').click();
      await valueBranch.locator(':scope > :is(.json-leaf, details)').first().waitFor();
      const keysOf = (branch: typeof tree) =>
        branch
          .locator(':scope > .json-leaf > .json-key, :scope > details > summary > .json-key')
          .allInnerTexts();
      const shownRow = {
        heading: await frame.locator('.detail .detail-heading strong').innerText(),
        fields: await tree.locator(':scope > .json-leaf').allInnerTexts(),
        valueSummary: await valueBranch.locator(':scope > summary').innerText(),
        valueKeys: await keysOf(valueBranch),
      };
      await page.screenshot({ path: join(screenshots, `pql-results-${shade}.png`) });
      if (shade === 'dark') await saveReadmeScreenshot(page, 'pql-results');
      const fact = expected.find(
        (row) =>
          (row as { certname: string }).certname === clicked.certname &&
          (row as { name: string }).name === clicked.name,
      ) as { certname: string; name: string; value: Record<string, unknown> } | undefined;
      check(`${theme}: a nested value opens the row as a tree`, () => {
        assert.ok(fact, `PuppetDB has no ${clicked.name} fact of ${clicked.certname}`);
        const keys = Object.keys(fact.value);
        assert.equal(shownRow.heading, `Row ${clicked.index + 1}`);
        assert.deepEqual(shownRow.fields, [
          `certname: ${JSON.stringify(fact.certname)}`,
          `name: ${JSON.stringify(fact.name)}`,
        ]);
        assert.equal(shownRow.valueSummary.trim(), `value: {${keys.length}}`);
        assert.deepEqual(
          shownRow.valueKeys.map((key) => key.replace(/: $/, '')).sort(),
          [...keys].sort(),
        );
      });

      const motd = expected.filter(
        (row) => (row as { name: string }).name === 'motd_banner',
      ).length;
      await frame.locator('vscode-textfield').click();
      await page.keyboard.type('motd');
      // every keystroke filters, so wait for the whole word's count
      await frame.locator(`.counts:has-text("· ${motd} match the filter")`).waitFor();
      await nextPaint(frame);
      const filtered = await frame
        .locator('.results-grid .grid-spacer > .grid-row:not([hidden])')
        .count();
      check(`${theme}: the filter keeps the ${motd} matching rows`, () =>
        assert.equal(filtered, motd),
      );

      if (shade === 'light') {
        // a window reload shows the rows again from what the webview kept, with "Run again";
        // no query goes to PuppetDB until the user clicks it
        const sentBefore = proxy.requests.length;
        await reloadWindow(page);
        frame = await webviewFrame(page, 'results', { timeoutMs: 60_000 });
        await frame.locator('.restored-banner').waitFor({ timeout: 30_000 });
        await nextPaint(frame);
        const restoredCount = await frame.locator('.counts').innerText();
        const restoredCells = await frame
          .locator('.results-grid .grid-spacer > .grid-row:not([hidden]) .grid-cell')
          .allInnerTexts();
        const note = await frame.locator('.restored-banner').innerText();
        await page.screenshot({ path: join(screenshots, `pql-restored-${shade}.png`) });
        // runs of the query; the editor's syntax check of the open file (ast_only: PuppetDB
        // parses it and runs nothing) is not one
        const queries = (from: number) =>
          proxy.requests
            .slice(from)
            .map((each) => `${each.url} ${each.body}`)
            .filter((text) => text.includes('motd_banner') && !text.includes('ast_only=true'));
        check(
          `${theme}: after a window reload the panel shows the ${expected.length} rows again, offers "Run again", and sent no query`,
          () => {
            assert.equal(restoredCount, `${expected.length} rows`);
            assert.ok(restoredCells.includes('<script>alert(1)</script>'));
            assert.match(note, /Shown as before the window reloaded/);
            assert.match(note, /Run again/);
            assert.deepEqual(queries(sentBefore), []);
            assert.deepEqual(dialogs, []);
          },
        );
        const beforeRun = proxy.requests.length;
        await frame.locator('.restored-banner vscode-button').click();
        await frame.locator('.restored-banner').waitFor({ state: 'detached', timeout: 30_000 });
        await frame.locator('.state-done').waitFor({ timeout: 30_000 });
        await nextPaint(frame);
        const rerunCount = await frame.locator('.counts').innerText();
        check(`${theme}: "Run again" runs the query on PuppetDB and shows its rows`, () => {
          assert.equal(queries(beforeRun).length, 1);
          assert.equal(rerunCount, `${expected.length} rows`);
        });
      }

      // an invalid query: a squiggle where the server says, and the message in the panel
      await page.locator('.monaco-editor .view-line').first().click();
      await putCursorOnLine(page, 4);
      await page.keyboard.press('Control+Enter');
      await frame.locator('.state-error').waitFor({ timeout: 30_000 });
      const banner = await frame.locator('.banner').innerText();
      await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 15_000 });
      check(`${theme}: an invalid query shows PuppetDB's parse error and a squiggle`, () =>
        assert.match(banner, /PQL parse error at line 1, column 32/),
      );
      await page.screenshot({ path: join(screenshots, `pql-error-${shade}.png`) });

      if (shade === 'dark') {
        process.kill(server.pid, 'SIGSTOP');
        try {
          await page.locator('.monaco-editor .view-line').first().click();
          await putCursorOnLine(page, 6);
          await page.keyboard.press('Control+Enter');
          const cancel = frame.locator('vscode-button:has-text("Cancel")');
          await cancel.waitFor({ state: 'visible', timeout: 15_000 });
          await cancel.click();
          await frame.locator('.state-cancelled').waitFor({ timeout: 15_000 });
          const stateText = await frame.locator('.state').innerText();
          // its run (not the editor's syntax check) is given up: the extension closes the
          // request though PuppetDB never answered, and logs it as cancelled, not timed out
          const runs = () =>
            proxy
              .matching('certname ~ ""')
              .filter((each) => !`${each.url} ${each.body}`.includes('ast_only'));
          const logged = () =>
            extensionLog()
              .split('\n')
              .find(
                (line) =>
                  line.includes('certname+~+%22%22') &&
                  !line.includes('ast_only') &&
                  line.includes(' → '),
              );
          await until('the log to say how the query ended', () => logged() !== undefined);
          check(`${theme}: a hanging query is cancelled from the panel`, () => {
            assert.equal(stateText, 'Cancelled');
            assert.equal(runs().length, 1, 'the query went to PuppetDB once');
            assert.ok(runs()[0]!.closedEarly, 'its request was closed');
            assert.match(logged()!, /→ no answer, .*\(cancelled\)$/);
          });
        } finally {
          process.kill(server.pid, 'SIGCONT');
        }

        // a result past the panel's row limit: it stops, says "truncated", offers the export
        writeWorkspaceSetting(folder, 'puppetdbExplorer.pql.maxRows', 5);
        // the extension host sees the written file a moment later: once the workbench shows the
        // new value, the extension host has been told it before any key pressed after it (the
        // Settings editor opens over the query's editor, not over the results panel)
        await page.locator('.monaco-editor .view-line').first().click();
        await settingShown(page, 'puppetdbExplorer.pql.maxRows', '5');
        const note = frame.locator('.truncated');
        await page.locator('.monaco-editor .view-line').first().click();
        await putCursorOnLine(page, 2);
        await page.keyboard.press('Control+Enter');
        await note.waitFor({ state: 'visible', timeout: 30_000 });
        await frame.locator('.state-done').waitFor({ timeout: 30_000 });
        await nextPaint(frame);
        const truncatedText = await note.innerText();
        const truncatedCount = await counts.innerText();
        const shownRows = await frame
          .locator('.results-grid .grid-spacer > .grid-row:not([hidden])')
          .count();
        await page.screenshot({ path: join(screenshots, `pql-truncated-${shade}.png`) });
        check(
          `${theme}: past pql.maxRows the panel holds 5 rows, says "Truncated at 5 rows" and offers the whole result as a file`,
          () => {
            assert.match(truncatedText, /Truncated at 5 rows\./);
            assert.match(truncatedText, /puppetdbExplorer\.pql\.maxRows/);
            assert.match(truncatedText, /Export the whole result as CSV/);
            assert.match(truncatedText, /Export the whole result as JSON/);
            assert.equal(truncatedCount, `5 rows of ${expected.length} (truncated)`);
            assert.equal(shownRows, 5);
          },
        );

        // a `file` cell is a link: it opens the manifest line of its row
        await page.locator('.monaco-editor .view-line').first().click();
        await putCursorOnLine(page, 8);
        await page.keyboard.press('Control+Enter');
        const fileCell = frame.locator(
          '.results-grid .grid-spacer .grid-cell.link[data-column="file"]',
        );
        await fileCell.first().waitFor({ timeout: 30_000 });
        // the run has ended (its one row counted) before the row is clicked: a grid still
        // painting may move the cell under the pointer
        await counts.filter({ hasText: /^1 row$/ }).waitFor({ timeout: 30_000 });
        await nextPaint(frame);
        await page.screenshot({ path: join(screenshots, `pql-manifest-link-${shade}.png`) });
        const [backup] = (await client.stream('pql', { query: QUERIES[7]! }).toArray()) as Array<{
          file: string;
          line: number;
        }>;
        assert.ok(backup, 'PuppetDB has a Cron[backup]');
        await fileCell.first().click();
        await page
          .locator('.editor-group-container.active .tab.active', { hasText: 'base.pp' })
          // the host's first look for the workspace's manifests is a file search, slow on a
          // busy machine
          .waitFor({ timeout: 60_000 });
        const cursor = await editorCursorOn(page, backup.line);
        // the tab draws the name's extension in an element of its own
        const tab = (
          await page.locator('.editor-group-container.active .tab.active').innerText()
        ).replace(/\n/g, '');
        check(`${theme}: a row's file cell opens its manifest at its line`, () => {
          assert.equal(plain(tab), 'base.pp');
          assert.ok(backup.file.endsWith('/base.pp'), backup.file);
          assert.equal(cursor.line, backup.line);
          assert.match(cursor.text, /cron \{ 'backup':/);
        });
      }
    },
  );
  await client.disconnect();
  await proxy.close();
  console.log(`e2e pql: ${passed} passed, 0 failed`);
}

main().catch((error: unknown) => {
  console.error(error);
  console.log('e2e pql: 0 passed, 1 failed');
  process.exit(1);
});
