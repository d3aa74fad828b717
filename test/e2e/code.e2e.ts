/**
 * End to end in headless Chromium: the sample control repository (test/fixtures/control-repo) as
 * the workspace, a connection to the real PuppetDB loaded with the fleet that applies it. A role's
 * manifest shows "on N nodes · M failed in their last run" above its class, as PuppetDB counts,
 * and a hover on an included class shows that class's counts. In the dark theme, as a user does
 * it: "Show Events for This Line" from the editor's context menu on a resource's line opens the
 * events table with that line's events of the fleet's latest runs; and failure diagnostics,
 * turned on in the Settings editor, mark a resource that failed with its node count (squiggle,
 * hover and Problems panel). Screenshots go to test-results/; look at them.
 *
 *   node --import tsx test/e2e/code.e2e.ts [--state-dir .work/puppetdb-test]
 */
import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { CONTROL_REPO } from '../fixtures/fleet/controlRepo';
import { httpClient, testServer } from '../integration/support/puppetdb';
import { shownEvents } from './support/eventRows';
import {
  e2eArguments,
  localConnection,
  pickFromQuickInput,
  plain,
  runCommand,
  settled,
  webviewFrame,
  withWorkbenchInThemes,
} from './support/workbench';
import { saveReadmeScreenshot } from './support/readmeScreenshots';

/**
 * Opens a file by its workspace path through Quick Open: the row naming the file in its folder
 * (the recently opened files show first, and one of the same folder is not it).
 */
async function openPath(page: Page, path: string): Promise<void> {
  const slash = path.lastIndexOf('/');
  await pickFromQuickInput(page, {
    key: 'Control+P',
    text: path,
    rowText: [path.slice(slash + 1), path.slice(0, slash)],
  });
  await page.locator('.tab.active', { hasText: path.slice(slash + 1) }).waitFor();
}

/** The active nodes holding Class[title], as PuppetDB answers. */
async function classHolders(title: string): Promise<Set<string>> {
  const rows = (await httpClient()
    .stream('resources', {
      query: ['extract', ['certname'], ['and', ['=', 'type', 'Class'], ['=', 'title', title]]],
    })
    .toArray()) as Array<{ certname: string }>;
  return new Set(rows.map((row) => row.certname));
}

/** PuppetDB's own count: the active nodes holding Class[title], and those whose last run failed. */
async function classCounts(title: string): Promise<{ nodes: number; failed: number }> {
  const client = httpClient();
  const holders = await classHolders(title);
  let failed = 0;
  for await (const node of client.nodes({ withStatus: true })) {
    if (holders.has(node.name) && node.statusReport === 'failed') failed++;
  }
  return { nodes: holders.size, failed };
}

/** A resource line of the control repo with events in the fleet's latest runs, and one that failed. */
const EVENTS_LINE = { path: 'site-modules/profile/manifests/base.pp', line: 27, text: 'prompt.sh' };
const FAILED_LINE = {
  path: 'site-modules/profile/manifests/db.pp',
  line: 3,
  text: "package { 'postgresql-15'",
};

/** PuppetDB's own events of the latest runs at a workspace file's line (any environment's copy). */
async function latestEventsAt(
  path: string,
  line: number,
  status?: string,
): Promise<
  Array<{ certname: string; status: string; resource_type: string; resource_title: string }>
> {
  const suffix = `/${path.replace(/[.]/g, '[.]')}$`;
  return (await httpClient()
    .stream('events', {
      query: [
        'extract',
        ['certname', 'status', 'resource_type', 'resource_title'],
        [
          'and',
          ['~', 'file', suffix],
          ['=', 'line', line],
          ['=', 'latest_report?', true],
          ...(status ? [['=', 'status', status]] : []),
        ],
      ],
    })
    .toArray()) as Array<{
    certname: string;
    status: string;
    resource_type: string;
    resource_title: string;
  }>;
}

/** The text of a line of the open editor (Monaco renders only the lines in view). */
const editorLine = (page: Page, text: string) =>
  page.locator(`.monaco-editor .view-line:has-text("${text}")`).first();

/**
 * Right-click on a resource's line (which puts the cursor there), "Show Events for This Line":
 * the events table shows exactly PuppetDB's events of the latest runs declared at that line.
 */
async function eventsForLine(
  page: Page,
  screenshots: string,
  check: (name: string, assertion: () => void) => void,
): Promise<void> {
  const expected = await latestEventsAt(EVENTS_LINE.path, EVENTS_LINE.line);
  assert.ok(
    expected.length >= 2,
    `the fleet has events at ${EVENTS_LINE.path}:${EVENTS_LINE.line}`,
  );
  await openPath(page, EVENTS_LINE.path);
  const line = editorLine(page, EVENTS_LINE.text);
  await line.waitFor({ timeout: 30_000 });
  await line.locator(`span:has-text("${EVENTS_LINE.text}")`).last().click({ button: 'right' });
  const menu = page.locator('.context-view .monaco-menu');
  const item = menu.locator('.action-menu-item', { hasText: 'Show Events for This Line' });
  await item.waitFor({ timeout: 30_000 });
  await settled(page, '.context-view');
  await page.screenshot({ path: join(screenshots, 'code-events-menu-dark.png') });
  // the item takes the pointer's focus first (see explorer.e2e.ts)
  await item.hover();
  await item.click();
  const base = EVENTS_LINE.path.slice(EVENTS_LINE.path.lastIndexOf('/') + 1);
  await page
    .locator('.tabs-container .tab', { hasText: `Events · fleet · ${base}:${EVENTS_LINE.line}` })
    .waitFor({ timeout: 60_000 });
  const events = await webviewFrame(page, 'events', { timeoutMs: 60_000 });
  await events
    .locator('.events-summary-total')
    .filter({ hasText: `${expected.length} event` })
    .waitFor({ timeout: 60_000 });
  const shown = await shownEvents(events);
  check(
    `dark: "Show Events for This Line" from the context menu of ${base}:${EVENTS_LINE.line} shows its ${expected.length} events, as PuppetDB has them`,
    () => {
      assert.deepEqual(
        shown.map((event) => `${event.status} ${event.resource}`).sort(),
        expected
          .map((event) => `${event.status} ${event.resource_type}[${event.resource_title}]`)
          .sort(),
      );
      assert.deepEqual(
        [...new Set(shown.map((event) => event.location.trim()))],
        [`${base}:${EVENTS_LINE.line}`],
      );
    },
  );
  const file = join(screenshots, 'code-events-line-dark.png');
  await page.screenshot({ path: file });
  console.log(`  screenshot: ${file}`);
}

/**
 * The class hover's "Show nodes" link (Show Nodes Applying This Definition), clicked as a user
 * clicks it: the node list that opens names the class and lists the nodes PuppetDB says hold it.
 */
async function nodesFromTheHover(
  page: Page,
  hover: Locator,
  screenshots: string,
  check: (name: string, assertion: () => void) => void,
): Promise<void> {
  const holders = await classHolders('Profile::Base');
  await hover.locator('a', { hasText: 'Show nodes' }).click();
  const list = page.locator('.quick-input-widget');
  await list.locator('.quick-input-title', { hasText: 'Nodes applying' }).waitFor({
    timeout: 30_000,
  });
  // loaded once the placeholder says what it found (it says "Loading nodes…" until then)
  const input = list.locator('input').first();
  await page.waitForFunction(
    `!(document.querySelector('.quick-input-widget input')?.placeholder ?? 'Loading').startsWith('Loading')`,
    undefined,
    { timeout: 30_000 },
  );
  const rows = list.locator('.quick-input-list .monaco-list-row');
  const shown = {
    title: plain((await list.locator('.quick-input-title').textContent()) ?? ''),
    placeholder: (await input.getAttribute('placeholder')) ?? '',
    // the list draws the rows in view; each says how many there are in all
    items: Number(await rows.evaluateAll((drawn) => drawn[0]?.getAttribute('aria-setsize') ?? '0')),
    drawn: (await rows.locator('.label-name').allTextContents()).map(plain),
  };
  await page.screenshot({ path: join(screenshots, 'code-hover-nodes-dark.png') });
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'hidden' });
  check(
    `dark: the hover's "Show nodes" lists the ${holders.size} nodes PuppetDB says apply Profile::Base`,
    () => {
      assert.equal(shown.title, 'Nodes applying Class[Profile::Base]');
      assert.match(shown.placeholder, new RegExp(`^${holders.size} nodes\\b`));
      assert.equal(shown.items, holders.size);
      assert.ok(shown.drawn.length > 0);
      for (const certname of shown.drawn) assert.ok(holders.has(certname), certname);
    },
  );
}

/**
 * "Failure Diagnostics" ticked in the Settings editor (user settings): a manifest with a
 * resource that failed in the latest runs gets an information squiggle at its declaration whose
 * message gives the number of nodes PuppetDB says it failed on, in the hover and the Problems panel.
 */
async function failureDiagnostics(
  page: Page,
  screenshots: string,
  check: (name: string, assertion: () => void) => void,
): Promise<void> {
  const failed = await latestEventsAt(FAILED_LINE.path, FAILED_LINE.line, 'failure');
  const nodes = new Set(failed.map((event) => event.certname)).size;
  assert.ok(nodes >= 2, `resources at ${FAILED_LINE.path}:${FAILED_LINE.line} failed on nodes`);
  const message = `failed on ${nodes} nodes in their latest run`;

  await runCommand(page, 'Preferences: Open Settings (UI)');
  const search = page.locator('.settings-editor .settings-header .suggest-input-container');
  await search.waitFor({ timeout: 30_000 });
  await search.click();
  await page.keyboard.type('puppetdbExplorer.code.failureDiagnostics');
  const setting = page.locator('.settings-editor .setting-item-bool', {
    hasText: 'Failure Diagnostics',
  });
  const checkbox = setting.locator('.setting-value-checkbox').first();
  await checkbox.waitFor({ timeout: 30_000 });
  assert.equal(await checkbox.getAttribute('aria-checked'), 'false', 'off by default');
  await checkbox.click();
  await page
    .locator('.settings-editor .setting-item-bool .setting-value-checkbox[aria-checked="true"]')
    .waitFor({ timeout: 30_000 });

  await openPath(page, FAILED_LINE.path);
  await page.locator('.monaco-editor .squiggly-info').first().waitFor({ timeout: 60_000 });
  await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
  const problem = page.locator('.markers-panel .monaco-list-row', { hasText: message });
  await problem.waitFor({ timeout: 30_000 });
  const problems = (await page.locator('.markers-panel .monaco-list-row').allInnerTexts()).map(
    (text) => text.replace(/\s+/g, ' ').trim(),
  );

  // the cursor into the squiggle with Go to Line (a click could land on a line the code lenses
  // above it have just moved), then its hover
  const lines = readFileSync(join(CONTROL_REPO, FAILED_LINE.path), 'utf8').split('\n');
  const column = lines[FAILED_LINE.line - 1]!.indexOf("'postgresql-15'") + 2;
  await editorLine(page, FAILED_LINE.text).waitFor({ timeout: 30_000 });
  await page.keyboard.press('Control+G');
  await page.locator('.quick-input-widget input').waitFor({ state: 'visible' });
  await page.keyboard.type(`${FAILED_LINE.line}:${column}`);
  await page.keyboard.press('Enter');
  await page
    .locator('.statusbar-item[id="status.editor.selection"]')
    .filter({ hasText: `Ln ${FAILED_LINE.line}, Col ${column}` })
    .waitFor({ timeout: 15_000 });
  await runCommand(page, 'Show or Focus Hover');
  const hover = page.locator('.monaco-hover:has-text("PuppetDB")', { hasText: message }).first();
  await hover.waitFor({ timeout: 30_000 });
  await settled(page, '.monaco-hover');
  const hoverText = ((await hover.textContent()) ?? '').replace(/\u00a0/g, ' ');
  check(
    `dark: with failure diagnostics on, ${FAILED_LINE.path}:${FAILED_LINE.line} says "${message}", as PuppetDB counts`,
    () => {
      assert.ok(hoverText.includes(message), hoverText);
      // the Problems panel lists it at that line, from PuppetDB
      assert.ok(
        problems.some(
          (row) =>
            row.includes(message) &&
            row.includes('PuppetDB') &&
            row.includes(`[Ln ${FAILED_LINE.line},`),
        ),
        problems.join('\n'),
      );
    },
  );
  const file = join(screenshots, 'code-diagnostics-dark.png');
  await page.screenshot({ path: file });
  console.log(`  screenshot: ${file}`);
}

const label = ({ nodes, failed }: { nodes: number; failed: number }) =>
  `on ${nodes} nodes · ${failed === 0 ? 'none' : failed} failed in their last run`;

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const server = testServer();
  const roleWeb = label(await classCounts('Role::Web'));
  const profileBase = label(await classCounts('Profile::Base'));
  let passed = 0;
  const check = (name: string, assertion: () => void) => {
    assertion();
    passed++;
    console.log(`  ✔ ${name}`);
  };
  // one workbench, switched from light to dark: dark's own steps (a setting turned on) last
  await withWorkbenchInThemes(
    {
      name: 'code',
      themes: ['Default Light Modern', 'Default Dark Modern'],
      // the connection every script's workbench has: the fleet views' batch shares this one
      settings: localConnection(server),
      screenshots,
    },
    async ({ page, folder, shade, theme }) => {
      cpSync(CONTROL_REPO, folder, { recursive: true });
      await openPath(page, 'site-modules/role/manifests/web.pp');
      const lens = page.locator('.contentWidgets .codelens-decoration').first();
      await lens.filter({ hasText: ' nodes' }).waitFor({ timeout: 60_000 });
      const text = (await lens.textContent())?.replace(/\u00a0/g, ' ').trim();
      check(`${theme}: the lens above class role::web says what PuppetDB counts`, () =>
        assert.equal(text, roleWeb),
      );
      const file = join(screenshots, `code-lens-${shade}.png`);
      await page.screenshot({ path: file });
      if (shade === 'dark') await saveReadmeScreenshot(page, 'code-lens');
      console.log(`  screenshot: ${file}`);

      const included = page
        .locator('.view-line:has-text("include profile::base") span:has-text("profile::base")')
        .last();
      await included.hover();
      const hover = page.locator('.monaco-hover:has-text("Profile::Base")').first();
      await hover.waitFor({ timeout: 30_000 });
      await hover.filter({ hasText: 'failed' }).waitFor({ timeout: 30_000 });
      const hoverText = ((await hover.textContent()) ?? '').replace(/\u00a0/g, ' ');
      check(`${theme}: the hover on "include profile::base" gives its counts`, () =>
        assert.ok(hoverText.includes(profileBase), hoverText),
      );
      const hoverFile = join(screenshots, `code-hover-${shade}.png`);
      await page.screenshot({ path: hoverFile });
      console.log(`  screenshot: ${hoverFile}`);
      if (shade === 'dark') await nodesFromTheHover(page, hover, screenshots, check);
      await page.mouse.move(0, 0);

      if (shade !== 'dark') return;
      await eventsForLine(page, screenshots, check);
      await failureDiagnostics(page, screenshots, check);
    },
  );
  console.log(`e2e code: ${passed} passed`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
