/**
 * End to end in headless Chromium, dark theme: the sample control repository (its hiera.yaml and
 * data/) as the workspace, a connection to the real PuppetDB loaded with the fleet. The common
 * data file shows "read by N nodes (production …)" above it, as the nodes' facts select it; a
 * hover on its first line says the same; a hover on a key offers "Look Up This Key Across the
 * Fleet", whose click opens the answer as a Markdown preview: which nodes get which value, and
 * the limits of the emulation. Screenshots go to test-results/; look at them.
 *
 *   node --import tsx test/e2e/hiera.e2e.ts [--state-dir .work/puppetdb-test]
 */
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { CONTROL_REPO } from '../fixtures/fleet/controlRepo';
import { httpClient, testServer } from '../integration/support/puppetdb';
import { valueLine } from '../../src/extension/hiera/hieraAnswers';
import { hieraExpectations } from '../support/hieraExpectations';
import {
  e2eArguments,
  frameWith,
  localConnection,
  pickFromQuickInput,
  plain,
  runCommand,
  settled,
  withWorkbenchInThemes,
} from './support/workbench';
import { raceRetried } from './support/races';
import { runScript } from './support/themedChecks';

const DATA_FILE = 'data/common.yaml';
const KEY = 'profile::ntp::servers';
/** A node with a data file of its own, and a key deep-merged across its levels. */
const NODE = 'web01.example.com';
const NODE_KEY = 'profile::web::vhosts';

/** Opens a workspace file through Quick Open: the row naming the file in its folder. */
async function openPath(page: Page, path: string): Promise<void> {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  await pickFromQuickInput(page, {
    key: 'Control+P',
    text: path,
    rowText: [name, path.slice(0, slash)],
  });
  await page.locator('.tab.active', { hasText: name }).waitFor();
}

/** The text of a line of the open editor (Monaco renders only the lines in view). */
const editorLine = (page: Page, text: string) =>
  page.locator(`.monaco-editor .view-line:has-text("${text}")`).first();

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const server = testServer();
  const expected = await hieraExpectations(CONTROL_REPO, httpClient());
  const readers = expected.readers().get(DATA_FILE);
  assert.ok(readers, `${DATA_FILE} is a data file of the fixture`);
  const label = expected.readersLabel(readers);
  const values = new Set(
    expected.scopes.flatMap((scope) => {
      const answer = expected.lookup(scope, KEY, true);
      return answer.found ? [JSON.stringify(answer.value)] : [];
    }),
  );
  let passed = 0;
  const check = (name: string, assertion: () => void) => {
    assertion();
    passed++;
    console.log(`  ✔ ${name}`);
  };
  const shot = async (page: Page, name: string) => {
    const file = join(screenshots, `${name}.png`);
    await page.screenshot({ path: file });
    console.log(`  screenshot: ${file}`);
  };

  await withWorkbenchInThemes(
    {
      name: 'hiera',
      themes: ['Default Dark Modern'],
      settings: localConnection(server),
      screenshots,
    },
    async ({ page, folder, theme }) => {
      cpSync(CONTROL_REPO, folder, { recursive: true });
      await openPath(page, DATA_FILE);
      const lens = page.locator('.contentWidgets .codelens-decoration', { hasText: 'read by' });
      await lens.first().waitFor({ timeout: 60_000 });
      const lensText = plain((await lens.first().textContent()) ?? '');
      check(`${theme}: the lens above ${DATA_FILE} says "${label}", as the facts select it`, () =>
        assert.equal(lensText, label),
      );
      await shot(page, 'hiera-lens-dark');

      await editorLine(page, '---').locator('span').first().hover();
      const fileHover = page.locator('.monaco-hover', { hasText: 'This data file is' }).first();
      await fileHover.waitFor({ timeout: 30_000 });
      await settled(page, '.monaco-hover');
      const fileHoverText = plain((await fileHover.textContent()) ?? '');
      check(`${theme}: the hover on its first line says the same`, () =>
        assert.ok(fileHoverText.includes(label), fileHoverText),
      );
      await shot(page, 'hiera-hover-dark');
      await page.mouse.move(0, 0);
      await fileHover.waitFor({ state: 'hidden' });

      // a top-level key: its hover links to the lookup across the fleet
      // the top-level line, not the key's entry in lookup_options (indented, above it)
      const keyLine = page
        .locator('.monaco-editor .view-line')
        .filter({ hasText: new RegExp(`^${KEY}:$`) })
        .first();
      await keyLine.locator(`span:has-text("${KEY}")`).first().hover();
      const keyHover = page
        .locator('.monaco-hover', { hasText: 'Look Up This Key Across the Fleet' })
        .first();
      await keyHover.waitFor({ timeout: 30_000 });
      await settled(page, '.monaco-hover');
      await shot(page, 'hiera-key-hover-dark');
      await keyHover.locator('a', { hasText: 'Look Up This Key Across the Fleet' }).click();
      const preview = await frameWith(
        page,
        '.markdown-body h1:has-text("across the fleet")',
        'no Markdown preview shows the key across the fleet',
        60_000,
      );
      const text = plain(await preview.locator('body').innerText());
      check(
        `${theme}: the answer names the key, the nodes of each of its ${values.size} values and the limits`,
        () => {
          assert.ok(text.includes(`Hiera key ${KEY} across the fleet`), text);
          assert.ok(text.includes(`${expected.scopes.length} active nodes`), text);
          assert.ok(text.includes('The module and global layers are not read'), text);
          assert.equal((text.match(/^Value: /gm) ?? []).length, values.size, text);
        },
      );
      await shot(page, 'hiera-key-answer-dark');

      // a node's lookup order, from the palette (the tree's context menu runs the same command)
      const node = expected.scopes.find((scope) => scope.certname === NODE);
      assert.ok(node, `${NODE} is in the fleet`);
      const order = expected.candidates(node);
      const list = page.locator('.quick-input-widget');
      // the rows drawn on screen (the widget may keep the node picker's rows hidden beside them)
      const rows = list.locator('.quick-input-list .monaco-list-row:visible');
      for (let attempt = 1; ; attempt++) {
        await runCommand(page, 'PuppetDB: Hiera Lookup Order', [
          { asks: 'Node (certname)', answer: NODE },
        ]);
        await list
          .locator('.quick-input-title', { hasText: `Hiera lookup order of ${NODE}` })
          .waitFor({ timeout: 30_000 });
        // the answer's rows, or the widget closing itself as the Markdown preview before it
        // finishes painting and takes the focus (a CI run once saw the title, then no row for 30 s)
        await page.waitForFunction(
          `(() => {
            const widget = document.querySelector('.quick-input-widget');
            if (!widget || widget.getClientRects().length === 0) return true;
            return [...widget.querySelectorAll('.quick-input-list .monaco-list-row')].some(
              (row) => row.getClientRects().length > 0,
            );
          })()`,
          undefined,
          { timeout: 30_000 },
        );
        if ((await list.isVisible()) || attempt >= 3) break;
        raceRetried('quickInputClosedOnBlur', 'Hiera Lookup Order');
      }
      await rows.first().waitFor();
      const setSize = Number(await rows.first().getAttribute('aria-setsize'));
      const firstRow = plain((await rows.first().textContent()) ?? '');
      const lastRow = plain((await rows.last().textContent()) ?? '');
      check(
        `${theme}: the lookup order of ${NODE} lists its ${order.length} data files, then the limits`,
        () => {
          // its data files, and a last line with the limits of the emulation
          assert.equal(setSize, order.length + 1);
          assert.ok(firstRow.startsWith(`1. ${order[0]!.path}`), firstRow);
          assert.ok(lastRow.startsWith('Only the YAML and JSON backends are emulated'), lastRow);
        },
      );
      await settled(page, '.quick-input-widget');
      await shot(page, 'hiera-lookup-order-dark');
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'hidden' });

      // a key on that node: typed in the input box the command asks with
      await runCommand(page, 'PuppetDB: Look Up a Key on This Node', [
        { asks: 'Node (certname)', answer: NODE },
      ]);
      await list
        .locator('.quick-input-title', { hasText: `Look Up a Key on ${NODE}` })
        .waitFor({ timeout: 30_000 });
      const keyInput = list.locator('input').first();
      await keyInput.fill(NODE_KEY);
      await page.keyboard.press('Enter');
      const answer = await frameWith(
        page,
        `.markdown-body h1:has-text("on ${NODE}")`,
        `no Markdown preview shows ${NODE_KEY} on ${NODE}`,
        60_000,
      );
      const answerText = plain(await answer.locator('body').innerText());
      const { value } = expected.lookup(node, NODE_KEY);
      check(`${theme}: ${NODE_KEY} on ${NODE} shows its winning value and each level`, () => {
        assert.ok(answerText.includes(`Value: ${valueLine(value)}`), answerText);
        assert.ok(answerText.includes('Each level'), answerText);
      });
      await shot(page, 'hiera-node-key-dark');
    },
  );
  console.log(`e2e hiera: ${passed} passed`);
}

runScript('hiera', main);
