/**
 * End to end in headless Chromium, with workspace trust on as users have it: opening a hostile
 * workspace (test/fixtures/untrusted-workspace) asks "Do you trust the authors…?"; answering no
 * opens it in Restricted Mode, where the Extensions view lists PuppetDB Explorer as limited, with
 * its description of what waits for trust. The extension is installed from dist/ (npm run
 * package), since VS Code leaves an extension under development out of those lists. Screenshots
 * go to test-results/ (trust-prompt.png, restricted-mode-extensions.png); look at them.
 *
 *   node --import tsx test/e2e/trust.e2e.ts [--state-dir .work/puppetdb-test]
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startVsCode } from '../vscode/runtime';
import { e2eArguments } from './support/workbench';

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    capabilities: { untrustedWorkspaces: { description: string } };
  };
  // the manifest names its words by key (%key%); the workbench shows package.nls.json's text
  const words = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8')) as Record<
    string,
    string
  >;
  const descriptionKey = manifest.capabilities.untrustedWorkspaces.description.replace(
    /^%|%$/g,
    '',
  );
  const limitedDescription = words[descriptionKey];
  if (!limitedDescription) throw new Error(`package.nls.json has no ${descriptionKey}`);
  const vsix = join(ROOT, 'dist/puppetdb-explorer.vsix');
  if (!existsSync(vsix)) throw new Error(`${vsix} is missing: run npm run package first`);
  const folder = join(mkdtempSync(join(tmpdir(), 'pdbx-e2e-trust-')), 'hostile-repository');
  cpSync(join(ROOT, 'test/fixtures/untrusted-workspace'), folder, { recursive: true });
  const session = await startVsCode({
    workspaceTrust: true,
    userSettings: { 'security.workspace.trust.startupPrompt': 'always' },
    installVsix: vsix,
  });
  const { page } = session;
  const shot = (name: string) => page.screenshot({ path: join(screenshots, name) });
  try {
    // the extension is installed from its .vsix, as users have it (not "under development")
    await page.goto(`${session.baseUrl}/?folder=${encodeURIComponent(folder)}`);
    const prompt = page.locator('.monaco-dialog-box', {
      hasText: 'Do you trust the authors of the files in this folder?',
    });
    await prompt.waitFor({ timeout: 60_000 });
    await shot('trust-prompt.png');
    await prompt.getByRole('button', { name: "No, I don't trust the authors" }).click();
    await prompt.waitFor({ state: 'detached', timeout: 15_000 });
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor();

    await page.keyboard.press('Control+Shift+X');
    const search = page.locator('.extensions-viewlet .suggest-input-container .monaco-editor');
    await search.waitFor({ timeout: 30_000 });
    await search.click();
    await page.keyboard.type('@workspaceUnsupported');
    const limited = page.locator('.extensions-viewlet .pane', {
      hasText: 'Limited In Restricted Mode',
    });
    const ours = limited.locator('.monaco-list-row', { hasText: 'PuppetDB Explorer' });
    await limited.locator('.monaco-list-row').first().waitFor({ timeout: 30_000 });
    await limited.locator('.monaco-list-row').first().click();
    await page.keyboard.press('End');
    await ours.waitFor({ timeout: 15_000 });
    await ours.click(); // its page says why it is limited
    await page.mouse.move(0, 0);
    await ours.locator('.name').hover();
    const hover = page.locator('.workbench-hover', { hasText: limitedDescription });
    await hover.waitFor({ timeout: 15_000 });
    await shot('restricted-mode-extensions.png');
  } catch (error) {
    await shot('e2e-trust-failure.png').catch(() => undefined);
    throw error;
  } finally {
    await session.stop();
    rmSync(join(folder, '..'), { recursive: true, force: true });
  }
}

main().then(
  () => console.log('e2e trust: passed'),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
