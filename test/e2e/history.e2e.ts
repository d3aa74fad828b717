/**
 * End to end in headless Chromium: "PuppetDB: Why Is This Node Failing?" from the palette, on the
 * fleet's node that fails since a known run. The answer opens in the compare-runs view: its last
 * good and first bad runs are the ones PuppetDB's reports give, read independently here, with the
 * commits between them and what one run has and the other has not; "Open as Markdown" opens it
 * as a rendered Markdown page (not its source) in which nothing PuppetDB sent becomes a link or an
 * element. Screenshots: why-failing-<theme>.png (the view), why-failing-markdown-<theme>.png.
 *
 *   node --import tsx test/e2e/history.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadedFleet, testServer } from '../integration/support/puppetdb';
import { Checks, runScript } from './support/themedChecks';
import {
  e2eArguments,
  frameWith,
  localConnection,
  runCommand,
  webviewFrame,
} from './support/workbench';

interface ReportRow {
  hash: string;
  status: string | null;
  end_time: string;
}

/** The first bad and last good runs, walked back from the newest report as an operator would. */
async function expectedRuns(certname: string): Promise<{ firstBad: string; lastGood: string }> {
  const server = testServer();
  const query = `reports[hash, status, end_time] { certname = "${certname}" order by end_time desc }`;
  const response = await fetch(
    `http://${server.host}:${server.httpPort}/pdb/query/v4?query=${encodeURIComponent(query)}`,
  );
  assert.ok(response.ok, `${query}: HTTP ${response.status}`);
  const reports = (await response.json()) as ReportRow[];
  const good = reports.findIndex((report) => report.status !== 'failed');
  assert.ok(good > 0, `${certname} has failed runs after a good one`);
  return { firstBad: reports[good - 1]!.hash, lastGood: reports[good]!.hash };
}

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const checks = new Checks();
  const story = loadedFleet().histories.find((history) => history.story === 'failingSince');
  assert.ok(story, 'the fleet has a node failing since a known run (load it with histories)');
  const { certname } = story;
  const expected = await expectedRuns(certname);
  const server = testServer();
  // the workspace is a clone of the control repository whose commits the runs applied
  const repository = /^PDB_HISTORY_REPO=(.+)$/m.exec(
    readFileSync(join(server.stateDir, 'env'), 'utf8'),
  )?.[1];
  assert.ok(repository, 'PDB_HISTORY_REPO in the state env file');
  await checks.inEveryTheme(
    { name: 'history', settings: localConnection(server), cloneOf: repository, screenshots },
    async ({ page, dialogs }, theme) => {
      await runCommand(page, 'PuppetDB: Why Is This Node Failing?', [
        { asks: 'Node (certname)', answer: certname },
      ]);
      const heading = `Why is ${certname} failing?`;
      let view = await webviewFrame(page, 'compareRuns', {
        timeoutMs: 60_000,
        showing: '.compare-differences-grid',
      });
      await page.screenshot({ path: join(screenshots, `why-failing-${theme.name}.png`) });
      await checks.check(
        `${theme.name}: the view shows since when the node fails, its last good and first bad runs (PuppetDB's) and the commits between them`,
        async () => {
          assert.equal(await view.locator('.page-title, h1').first().innerText(), heading);
          const cards = await view.locator('.compare-run').allInnerTexts();
          assert.equal(cards.length, 2);
          assert.match(cards[0]!, /^Last good run/);
          assert.ok(cards[0]!.includes(expected.lastGood), "the last good run is PuppetDB's");
          assert.ok(cards[1]!.includes(expected.firstBad), "the first bad run is PuppetDB's");
          assert.match(await view.locator('.compare-streak-since').innerText(), /has failed since/);
          assert.ok(
            (await view.locator('.compare-commit-table tbody tr').count()) >= 2,
            'the commits between the runs are listed',
          );
        },
      );
      // The rest does not depend on the theme: it runs once, in dark (the first theme). Each
      // view's colours and focus in every theme are a11y.e2e's, the comparison's among them.
      if (theme.name !== 'dark') {
        await runCommand(page, 'View: Close All Editors');
        await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached' });
        return;
      }
      await view.locator('vscode-button', { hasText: 'Open Changes' }).click();
      const changes = page.locator('.tabs-container .tab', {
        hasText: `Changes between the runs of ${certname}`,
      });
      await changes.waitFor({ timeout: 60_000 });
      // the files' diffs drawn, not the editor's "Loading…"
      await page
        .locator('.multiDiffEntry .monaco-diff-editor')
        .first()
        .waitFor({ timeout: 60_000 });
      await page.screenshot({ path: join(screenshots, `why-failing-changes-${theme.name}.png`) });
      await checks.check(
        `${theme.name}: Open Changes shows the commits' files in the multi-file diff`,
        async () => {
          assert.equal(await changes.count(), 1);
        },
      );
      await runCommand(page, 'View: Close Editor');
      await changes.waitFor({ state: 'detached' });
      // shown again, the view's page is made anew (VS Code drops a hidden webview's page)
      view = await webviewFrame(page, 'compareRuns', { showing: '.compare-streak' });
      await view.locator('vscode-button', { hasText: 'Open as Markdown' }).click();
      const preview = await frameWith(
        page,
        `.markdown-body h1:has-text("${heading}")`,
        `no Markdown preview shows "${heading}"`,
        60_000,
      );
      const text = await preview.locator('body').innerText();
      await page.screenshot({ path: join(screenshots, `why-failing-markdown-${theme.name}.png`) });
      await checks.check(
        `${theme.name}: the answer opens as a rendered page, not as source`,
        () => {
          assert.ok(!text.includes('\\'), 'an escape of the Markdown source is shown');
          assert.match(text, /What differs between the two runs/);
        },
      );
      await checks.check(
        `${theme.name}: the first bad and last good runs are PuppetDB's (report ${expected.firstBad.slice(0, 8)}…, ${expected.lastGood.slice(0, 8)}…)`,
        () => {
          const firstBad = /First bad run: .*report (\w+)/.exec(text)?.[1];
          const lastGood = /Last good run: .*report (\w+)/.exec(text)?.[1];
          assert.equal(firstBad, expected.firstBad);
          assert.equal(lastGood, expected.lastGood);
        },
      );
      // the preview's renderer links what looks like a URL (urn:puppet:code-id:…, a path) unless
      // it was escaped: nothing PuppetDB sent may become a link, an image or a script
      await checks.check(
        `${theme.name}: nothing in the answer became a link or an element`,
        async () => {
          const made = await preview
            .locator('.markdown-body a, .markdown-body img, .markdown-body script')
            .evaluateAll((elements) => elements.map((element) => element.outerHTML.slice(0, 200)));
          assert.equal(await preview.locator('.markdown-body').count(), 1, 'the rendered answer');
          assert.deepEqual(made, []);
          assert.deepEqual(dialogs, []);
        },
      );
      // the first bad run's report, and from it the comparison with the run before it
      await page.locator('.tabs-container .tab', { hasText: `Why Failing · ${certname}` }).click();
      view = await webviewFrame(page, 'compareRuns', { showing: '.compare-streak' });
      await view
        .locator('.compare-run', { hasText: 'First bad run' })
        .locator('vscode-button')
        .click();
      const report = await webviewFrame(page, 'report', {
        timeoutMs: 60_000,
        showing: '.report-fields',
      });
      await report.locator('vscode-button', { hasText: 'Compare with Previous Run' }).click();
      const compared = await frameWith(
        page,
        'body[data-entry="compareRuns"] h1:has-text("Compare runs")',
        'the report view did not open the comparison with the previous run',
        60_000,
      );
      await compared.locator('.compare-differences-grid').waitFor();
      await page.screenshot({ path: join(screenshots, `compare-runs-${theme.name}.png`) });
      await checks.check(
        `${theme.name}: the report view's Compare with Previous Run sets the first bad run beside the last good one`,
        async () => {
          const cards = await compared.locator('.compare-run').allInnerTexts();
          assert.match(cards[0]!, /^Older run/);
          assert.ok(cards[0]!.includes(expected.lastGood), 'the run before the first bad one');
          assert.ok(cards[1]!.includes(expected.firstBad), 'the report compared');
          assert.match(await compared.locator('.compare-count').innerText(), /\d+ difference/);
        },
      );
      await runCommand(page, 'View: Close All Editors');
      await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached' });
    },
  );
  checks.report('history');
}

runScript('history', main);
