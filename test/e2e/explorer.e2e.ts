/**
 * End to end in headless Chromium: the workbench with the extension, a connection to the real
 * PuppetDB of this run, the explorer opened, a node expanded down to its facts. Screenshots go to
 * test-results/ (dark and light theme); look at them.
 *
 *   node --import tsx test/e2e/explorer.e2e.ts [--state-dir .work/puppetdb-test]
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { httpClient, loadedFleet, testServer } from '../integration/support/puppetdb';
import {
  e2eArguments,
  plain,
  runCommand,
  settled,
  withWorkbenchInThemes,
} from './support/workbench';
import { saveReadmeScreenshot } from './support/readmeScreenshots';

const PAGE_SIZE = 10;
/** The tree's depth of a node's facts: connection, Nodes, the node, Facts, its facts. */
const FACT_LEVEL = 5;

/** A .pql file for the grammar's highlighting. */
const QUERIES = [
  '# Failed nodes in production (editor-only comment)',
  'nodes[certname, report_timestamp] {',
  '  facts_environment = "production" and latest_report_status = "failed"',
  '  order by certname desc limit 10',
  '}',
  '',
  'inventory[certname] { facts.os.release.major = \'12\' and resources { type = "Package" } }',
  'facts[value, count()] { name = "operatingsystemrelease" group by value }',
  'nodes { certname = "unterminated }',
  'reports { latest_report? = true and noop = false }',
  '',
].join('\n');

const row = (page: Page, label: string) =>
  page.locator(`.monaco-list-row[aria-label^="${label}"]`).first();

/**
 * The labels of the rows drawn at one depth of the tree (with their descriptions, if asked), as a
 * person reads them; "Load more" left out.
 */
async function rowsAt(
  page: Page,
  level: number,
  { withDescription = false } = {},
): Promise<string[]> {
  const shown = await page.locator(`.sidebar .monaco-list-row[aria-level="${level}"]`).evaluateAll(
    (rows, described) =>
      rows.map((row) => {
        const label = row.querySelector('.label-name')?.textContent ?? '';
        const description = row.querySelector('.label-description')?.textContent ?? '';
        return described ? `${label} ${description}` : label;
      }),
    withDescription,
  );
  return shown.map(plain).filter((text) => !text.startsWith('Load more'));
}

/**
 * Scrolls the virtual list of the side bar until a row is drawn whole inside it: a row half
 * under the list's edge is "visible" but a click there makes the list scroll and draw its rows
 * again under the pointer (so Playwright never finds it still, or finds the row above in its place).
 */
async function reveal(page: Page, label: string | Locator): Promise<void> {
  const target = typeof label === 'string' ? row(page, label) : label;
  const list = page.locator('.sidebar .monaco-list').first();
  const rows = list.locator('.monaco-list-rows');
  for (let step = 0; step < 40; step++) {
    const area = (await list.boundingBox())!;
    const box = (await target.isVisible()) ? await target.boundingBox() : null;
    if (box && box.y >= area.y && box.y + box.height <= area.y + area.height) return;
    // past the row by two rows' height, or a page down while it is not drawn yet
    const delta = box
      ? box.y < area.y
        ? box.y - area.y - 2 * box.height
        : box.y + 3 * box.height - (area.y + area.height)
      : 300;
    const before = await rows.getAttribute('style');
    await list.hover();
    await page.mouse.wheel(0, delta);
    // the next paint moves the rows (their style's top or transform), unless the list is at its end
    const moved = await page
      .waitForFunction(
        ([element, style]) =>
          (element as unknown as { getAttribute(name: string): string | null }).getAttribute(
            'style',
          ) !== style,
        [await rows.elementHandle(), before] as const,
        { timeout: 5_000 },
      )
      .then(() => true)
      .catch(() => false);
    if (!moved && box) break;
  }
  await target.waitFor({ timeout: 30_000 });
}

async function expand(page: Page, label: string): Promise<void> {
  const target = row(page, label);
  await reveal(page, label);
  if ((await target.getAttribute('aria-expanded')) !== 'true') await target.click();
}

/**
 * Deactivate Node from the node's context menu: the real modal names the node and the PuppetDB
 * (connection name and URL); clicking its "Deactivate" deactivates the node on the server. A
 * node of its own, so the fleet the other checks count stays as it is.
 */
async function deactivateThroughTheModal(
  page: Page,
  screenshots: string,
  check: (name: string, assertion: () => void) => void,
): Promise<void> {
  const server = testServer();
  const client = httpClient();
  const certname = `aaa-e2e-deactivate-${Date.now()}.example.com`;
  await client.command(
    'replace facts',
    {
      certname,
      environment: 'production',
      producer_timestamp: new Date().toISOString(),
      producer: 'e2e',
      values: { kernel: 'Linux' },
    },
    { waitSeconds: 30 },
  );
  let remaining = 1;
  let deactivated: { deactivated: string | null } | undefined;
  try {
    await runCommand(page, 'PuppetDB: Refresh');
    // from the top of the tree: collapse it all, then open the connection's nodes again
    // (the view's title actions show while the pointer is over the view)
    await page.locator('.sidebar .monaco-list').first().hover();
    await page.locator('.sidebar [aria-label^="Collapse All"]').first().click();
    await expand(page, 'Local PuppetDB');
    await expand(page, 'Nodes');
    const node = row(page, certname);
    await node.waitFor({ timeout: 30_000 });
    await node.click({ button: 'right' });
    // the menu takes clicks once it has faded in; its item takes the pointer's focus first
    const item = page.locator('.monaco-menu .action-menu-item', { hasText: 'Deactivate Node' });
    await item.first().waitFor({ timeout: 30_000 });
    await settled(page, '.context-view');
    await item.first().hover();
    await item.first().click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 30_000 });
    const text = await dialog.innerText();
    await page.screenshot({ path: join(screenshots, 'explorer-deactivate-modal-dark.png') });
    check('dark: the Deactivate Node modal names the node, the connection and its URL', () => {
      assert.ok(text.includes(certname), text);
      assert.ok(text.includes('Local PuppetDB'), text);
      assert.ok(text.includes(`http://${server.host}:${server.httpPort}`), text);
    });
    await dialog.locator('.monaco-button', { hasText: /^Deactivate$/ }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    // PuppetDB processes the command (the extension waits for it): the node leaves `nodes`
    remaining = 1;
    for (let waited = 0; waited < 30_000 && remaining > 0; waited += 500) {
      remaining = (await client.nodes({ query: ['=', 'certname', certname] }).toArray()).length;
      if (remaining > 0) await page.waitForTimeout(500);
    }
    [deactivated] = (await client
      .stream('nodes', {
        // deactivated nodes too (`nodes` leaves them out by default)
        query: ['and', ['=', 'certname', certname], ['=', 'node_state', 'any']],
      })
      .toArray()) as Array<{ deactivated: string | null }>;
  } finally {
    // a failed run must not leave the node active: the other checks count the fleet's nodes
    if (remaining > 0) {
      await client.command(
        'deactivate node',
        { certname, producer_timestamp: new Date().toISOString() },
        { waitSeconds: 30 },
      );
    }
    await client.disconnect();
  }
  check('dark: clicking "Deactivate" in the modal deactivates the node in PuppetDB', () => {
    assert.equal(remaining, 0);
    assert.ok(deactivated?.deactivated, 'PuppetDB has a deactivation time');
  });
}

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const server = testServer();
  const fleet = loadedFleet();
  const client = httpClient();
  const active = fleet.nodes
    .filter((node) => !fleet.deactivated.includes(node.certname))
    .map((node) => node.certname)
    .sort();
  const checks: string[] = [];
  const check = (name: string, assertion: () => void) => {
    assertion();
    checks.push(name);
    console.log(`  ✔ ${name}`);
  };

  // one workbench, switched from light to dark: dark's own steps (a node deactivated, a load
  // cancelled) last
  const themes = ['Default Light Modern', 'Default Dark Modern'];
  await withWorkbenchInThemes(
    {
      name: 'explorer',
      themes,
      settings: {
        'puppetdbExplorer.pageSize': PAGE_SIZE,
        'puppetdbExplorer.connections': [
          { id: 'local', name: 'Local PuppetDB', url: `http://${server.host}:${server.httpPort}` },
        ],
      },
      files: { 'queries.pql': QUERIES },
      screenshots,
    },
    async ({ page, theme, shade }) => {
      if (theme !== themes[0]) {
        // the tree as new: its pages loaded again from the first, every row collapsed
        await runCommand(page, 'PuppetDB: Refresh');
        await page.locator('.activitybar [aria-label^="PuppetDB"]').first().click();
        await page.locator('.sidebar .monaco-list').first().hover();
        await page.locator('.sidebar [aria-label^="Collapse All"]').first().click();
      } else {
        await page.locator('.activitybar [aria-label^="PuppetDB"]').first().click();
      }
      await expand(page, 'Local PuppetDB');
      await expand(page, 'Nodes');
      const first = active[0]!;
      await row(page, first).waitFor({ timeout: 30_000 });
      const loadMore = `Load more (${PAGE_SIZE} of ${active.length})`;
      await row(page, loadMore).waitFor({ timeout: 30_000 });
      const shownNodes = await page.locator('.monaco-list-row[aria-level="3"]').allTextContents();
      check(`${theme}: the first page holds ${PAGE_SIZE} nodes and "${loadMore}"`, () => {
        assert.equal(shownNodes.length, PAGE_SIZE + 1);
        assert.ok(shownNodes[0]!.includes(first));
      });
      await page.screenshot({ path: join(screenshots, `explorer-nodes-${shade}.png`) });
      await expand(page, first);
      await expand(page, 'Facts');
      // facts are sorted by name and come a page at a time: the first page, then "Load more"
      // (the last such row: the nodes' own is above) until the structured `augeas` is listed
      await row(page, 'aio_agent_version').waitFor({ timeout: 30_000 });
      const factsMore = page
        .locator(`.monaco-list-row[aria-level="${FACT_LEVEL}"][aria-label^="Load more"]`)
        .first();
      await reveal(page, factsMore);
      const facts = await client.facts({ query: ['=', 'certname', first] }).toArray();
      // the tree lists them by name, as PuppetDB orders them
      const factNames = facts.map((fact) => fact.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const firstPage = {
        rows: await rowsAt(page, FACT_LEVEL),
        more: await factsMore.locator('.label-name').textContent(),
      };
      check(`${theme}: facts come a page at a time, with "Load more"`, () => {
        assert.deepEqual(firstPage.rows, factNames.slice(0, PAGE_SIZE));
        assert.equal(firstPage.more, `Load more (${PAGE_SIZE} of ${factNames.length})`);
      });
      // a page at a time until the structured `augeas` is listed: each click loads the next page,
      // whose rows are in once that "Load more (n of m)" row has given way
      while (!(await row(page, 'augeas').count())) {
        await reveal(page, factsMore);
        const label = await factsMore.getAttribute('aria-label');
        await factsMore.click();
        await page
          .locator(`.monaco-list-row[aria-label="${label}"]`)
          .waitFor({ state: 'detached', timeout: 30_000 });
      }
      await expand(page, 'augeas');
      await row(page, 'version').waitFor({ timeout: 30_000 });
      const augeas = facts.find((fact) => fact.name === 'augeas')!.value as Record<string, unknown>;
      const augeasKeys = await rowsAt(page, FACT_LEVEL + 1, { withDescription: true });
      check(`${theme}: a node expands to its facts, and a structured fact to its keys`, () =>
        assert.deepEqual(
          augeasKeys,
          // a string as it is, anything else as JSON
          Object.entries(augeas).map(
            ([key, value]) => `${key} ${typeof value === 'string' ? value : JSON.stringify(value)}`,
          ),
        ),
      );
      const statusBar = await page.locator('.statusbar').innerText();
      check(`${theme}: the status bar shows the connection and its PuppetDB version`, () =>
        assert.match(statusBar, /Local PuppetDB · PuppetDB 7\.\d+\.\d+/),
      );
      if (shade === 'dark') await deactivateThroughTheModal(page, screenshots, check);
      if (shade === 'dark') {
        // a load that hangs (the PuppetDB JVM paused) offers Cancel, and cancelling aborts it
        process.kill(server.pid, 'SIGSTOP');
        try {
          await expand(page, 'Failures');
          // a headless window has no focus, so VS Code keeps toasts in the notification centre;
          // the bell gets its dot once the load's progress notification (after 1.5 s) is there
          const bell = page.locator('.statusbar .codicon-bell-dot').first();
          await bell.waitFor({ timeout: 15_000 });
          await bell.click();
          const cancel = page
            .locator(
              '.notifications-center a.monaco-button:has-text("Cancel"), .notifications-center .monaco-button[aria-label^="Cancel"]',
            )
            .first();
          await cancel.waitFor({ timeout: 15_000 });
          await page.screenshot({ path: join(screenshots, 'explorer-cancellable-load-dark.png') });
          await cancel.click();
          const said = page.locator('.monaco-list-row:has-text("was cancelled")').first();
          await reveal(page, said);
          const failures = row(page, 'Failures');
          const tree = {
            said: await said.innerText(),
            level: Number(await said.getAttribute('aria-level')),
            under: Number(await failures.getAttribute('aria-level')),
            // the load's progress notification with its Cancel went with it
            cancels: await cancel.count(),
          };
          check(`${theme}: a hanging load can be cancelled, and the tree says so`, () => {
            assert.match(
              tree.said,
              new RegExp(
                `The request to http://${server.host}:${server.httpPort}/\\S+ was cancelled`,
              ),
            );
            assert.equal(tree.level, tree.under + 1, "the item is the Failures folder's");
            assert.equal(tree.cancels, 0);
          });
        } finally {
          process.kill(server.pid, 'SIGCONT');
        }
      }
      // a .pql file, highlighted by the grammar
      await page.keyboard.press('Control+P');
      await page.keyboard.type('queries.pql');
      await page
        .locator('.quick-input-list .monaco-list-row:has-text("queries.pql")')
        .first()
        .click();
      const editorLine = page.locator('.monaco-editor .view-line').nth(1);
      await editorLine.waitFor({ timeout: 30_000 });
      // the grammar tokenizes from the top: once the last query has a token of its own (a class
      // other than mtk1, the default foreground), every line is highlighted
      await page.waitForFunction(
        `[...document.querySelectorAll('.monaco-editor .view-line')].some(
          (line) =>
            line.textContent.startsWith('reports') &&
            [...line.querySelectorAll('span > span')].some((span) => !span.classList.contains('mtk1')),
        )`,
        undefined,
        { timeout: 30_000 },
      );
      const colours = await page
        .locator('.monaco-editor .view-line span span')
        .evaluateAll((spans: unknown[]) => {
          // runs in the page, where getComputedStyle exists
          const view = globalThis as unknown as {
            getComputedStyle(element: unknown): { color: string };
          };
          return new Set(spans.map((span) => view.getComputedStyle(span).color)).size;
        });
      check(`${theme}: a .pql file is highlighted in several colours (${colours})`, () =>
        assert.ok(colours >= 5),
      );
      await page.screenshot({ path: join(screenshots, `pql-highlighting-${shade}.png`) });
      const file = join(screenshots, `explorer-facts-${shade}.png`);
      await page.screenshot({ path: file });
      if (shade === 'dark') await saveReadmeScreenshot(page, 'tree');
      console.log(`  screenshot: ${file}`);
    },
  );
  await client.disconnect();
  console.log(`e2e: ${checks.length} passed, 0 failed`);
}

main().catch((error: unknown) => {
  console.error(error);
  console.log('e2e: 0 passed, 1 failed');
  process.exit(1);
});
