/**
 * End to end in headless Chromium: the workbench shows the manifest's words from
 * package.nls.json (command titles in the palette, the view container, the welcome view) and the
 * extension's own words through vscode.l10n (the status bar, once the view has woken it), never a
 * "%key%". No PuppetDB is
 * needed: the workspace has no connection. The palette's screenshot goes to test-results/.
 * A section of firstSteps.e2e.ts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { showInQuickInput, type SectionCheck, type WorkbenchSection } from '../support/workbench';

const nls = JSON.parse(readFileSync('package.nls.json', 'utf8')) as Record<string, string>;
const bundle = JSON.parse(readFileSync('l10n/bundle.l10n.json', 'utf8')) as Record<string, string>;
/** What the palette shows for a command: "Category: Title", both from package.nls.json. */
const paletteTitle = (command: string) =>
  `${nls['command.category']}: ${nls[`command.${command}.title`]}`;

export function l10nSection(screenshots: string, check: SectionCheck): WorkbenchSection {
  return {
    name: 'l10n',
    run: async ({ page }) => {
      // the palette, filtered to the extension's category
      const addConnection = paletteTitle('addConnection');
      await showInQuickInput(page, {
        key: 'F1',
        text: `>${nls['command.category']}: `,
        rowText: addConnection,
      });
      const labels = (
        await page.locator('.quick-input-list .monaco-list-row .label-name').allTextContents()
      ).map((text) => text.trim());
      await page.screenshot({ path: join(screenshots, 'l10n-palette-dark.png') });
      await check(`the palette lists "${addConnection}" and no "%key%"`, () => {
        assert.ok(labels.includes(addConnection), labels.join(' | '));
        assert.ok(labels.includes(paletteTitle('importConnections')), labels.join(' | '));
        assert.deepEqual(
          labels.filter((label) => label.includes('%')),
          [],
        );
      });
      await page.keyboard.press('Escape');

      // the view container and the welcome view, both from package.nls.json
      await page
        .locator(`.activitybar [aria-label^="${nls['viewsContainer.puppetdbExplorer.title']}"]`)
        .first()
        .click();
      const welcome = nls['viewsWelcome.explorer.contents']!.split('\n')[0]!;
      await page.locator(`.sidebar .welcome-view-content:has-text("${welcome}")`).waitFor({
        timeout: 30_000,
      });
      const sidebar = await page.locator('.sidebar').innerText();
      await check(
        'the view container, the view and its welcome text come from package.nls.json',
        () => {
          assert.ok(sidebar.includes(welcome));
          assert.ok(!/%[\w.]+%/.test(sidebar), sidebar);
        },
      );
      await page.screenshot({ path: join(screenshots, 'l10n-welcome-dark.png') });

      // the view woke the extension: its status bar item says, through vscode.l10n.t, that there
      // is no connection yet
      const statusText = bundle['PuppetDB: add a connection']!;
      const item = page.locator('.statusbar-item[id^="puppetdb-explorer.puppetdb-explorer"]');
      await item.filter({ hasText: statusText }).waitFor({ timeout: 60_000 });
      const shown = await item.innerText();
      await check('the status bar shows its text from the l10n bundle', () => {
        assert.equal(shown.trim(), statusText);
        assert.doesNotMatch(shown, /%[\w.]+%/);
      });
    },
  };
}
