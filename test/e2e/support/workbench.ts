/**
 * What the end-to-end scripts share: a workspace folder with settings (and files), and the frame
 * of a webview of this extension (VS Code nests it two iframes deep).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Frame, Locator, Page } from 'playwright-core';
import { startVsCode } from '../../vscode/runtime';

export function workspaceWith(
  settings: Record<string, unknown>,
  files: Record<string, string> = {},
): string {
  const folder = mkdtempSync(join(tmpdir(), 'pdbx-e2e-ws-'));
  mkdirSync(join(folder, '.vscode'));
  writeFileSync(
    join(folder, '.vscode', 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'chat.disableAIFeatures': true,
        'workbench.secondarySideBar.defaultVisibility': 'hidden',
        // the sticky header of a scrolled tree lies over the rows below it and takes their clicks
        'workbench.tree.enableStickyScroll': false,
        ...settings,
      },
      null,
      2,
    ),
  );
  for (const [name, content] of Object.entries(files)) writeFileSync(join(folder, name), content);
  return folder;
}

/**
 * Connections are the user's own (an application-scoped setting: VS Code ignores a workspace's),
 * so a test's connections go to the user settings and the rest to the workspace.
 */
export function splitUserSettings(settings: Record<string, unknown>): {
  workspace: Record<string, unknown>;
  user: Record<string, unknown>;
} {
  const { 'puppetdbExplorer.connections': connections, ...workspace } = settings;
  return {
    workspace,
    user: connections === undefined ? {} : { 'puppetdbExplorer.connections': connections },
  };
}

/** The frame of the webview whose page has `<body data-entry="<entry>">`. */
export async function webviewFrame(page: Page, entry: string, timeoutMs = 30_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (
        await frame
          .locator(`body[data-entry="${entry}"]`)
          .count()
          .catch(() => 0)
      ) {
        return frame;
      }
    }
    await page.waitForTimeout(200);
  }
  throw new Error(`the ${entry} webview did not open`);
}

/** Opens a file of the workspace through Quick Open (Ctrl+P), retrying while the workbench starts. */
export async function openFile(page: Page, name: string): Promise<void> {
  await pickFromQuickInput(page, { key: 'Control+P', text: name, rowText: name });
}

/** Runs a command from the palette (F1), retrying while the workbench starts. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await pickFromQuickInput(page, { key: 'F1', text: `>${title}`, rowText: title });
}

/**
 * Developer: Reload Window, returning once the new workbench is up: waits for the page itself to
 * navigate, so that nothing of the old page (its webview frames) is taken for the new one.
 */
export async function reloadWindow(page: Page): Promise<void> {
  const navigated = page.waitForEvent('framenavigated', {
    predicate: (frame) => frame === page.mainFrame(),
    timeout: 60_000,
  });
  await runCommand(page, 'Developer: Reload Window');
  await navigated;
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
}

/**
 * Opens a quick input with `key`, types `text` and clicks the first row showing `rowText` (every
 * one of the texts, if several).
 */
export async function pickFromQuickInput(
  page: Page,
  options: { key: string; text: string; rowText: string | string[]; timeoutMs?: number },
): Promise<void> {
  await (await showInQuickInput(page, options)).click();
}

/**
 * Opens a quick input with `key` and types `text`; returns once a row shows `rowText` (that row).
 *
 * Right after start-up the workbench may not take keys yet, and a palette lists the commands
 * whose `when` held when it opened: a command the extension enables on activation
 * (`puppetdbExplorer.hasConnections`) shows only in a palette opened after that. So a row that
 * does not show soon is not waited for: the input is closed and opened again, each attempt waiting
 * half a second longer for the row than the one before (a slow file search gets its time), until
 * `timeoutMs` has passed.
 */
export async function showInQuickInput(
  page: Page,
  options: { key: string; text: string; rowText: string | string[]; timeoutMs?: number },
): Promise<Locator> {
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  const input = page.locator('.quick-input-widget input');
  const row = [options.rowText]
    .flat()
    .reduce(
      (rows, text) => rows.filter({ hasText: text }),
      page.locator('.quick-input-list .monaco-list-row'),
    )
    .first();
  for (let rowWaitMs = 1_500; ; rowWaitMs = Math.min(rowWaitMs + 500, 15_000)) {
    await page.keyboard.press(options.key);
    try {
      await input.waitFor({ state: 'visible', timeout: Math.max(rowWaitMs, 3_000) });
      await input.fill(options.text);
      await row.waitFor({ timeout: rowWaitMs });
      return row;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await page.keyboard.press('Escape');
      await input.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
    }
  }
}

/**
 * Watches every frame of the page (webview iframes included) for Content Security Policy
 * violations, which Chromium reports as console errors. `assertNone()` fails with them: no view
 * may break its CSP, even where the page still looks right.
 */
export function guardCsp(page: Page): { violations: string[]; assertNone(): void } {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(`${message.text()} (${message.location().url || 'unknown frame'})`);
    }
  });
  return {
    violations,
    assertNone: () => {
      if (violations.length > 0) {
        throw new Error(
          `${violations.length} Content Security Policy violation(s):\n${violations.join('\n')}`,
        );
      }
    },
  };
}

export interface WorkbenchRun {
  page: Page;
  /** Messages of every alert/confirm/prompt the page opened (an XSS payload that ran shows here). */
  dialogs: string[];
  shade: 'dark' | 'light';
  /** The workspace folder. */
  folder: string;
}

/**
 * Opens the workbench with the extension on a fresh workspace in a theme, runs `body`, and
 * stops everything again; on failure a screenshot `e2e-<name>-failure.png` is kept.
 */
export async function withWorkbench(
  options: {
    name: string;
    theme: string;
    settings: Record<string, unknown>;
    files?: Record<string, string>;
    screenshots: string;
  },
  body: (run: WorkbenchRun) => Promise<void>,
): Promise<void> {
  const { workspace, user } = splitUserSettings(options.settings);
  const folder = workspaceWith(
    { 'workbench.colorTheme': options.theme, ...workspace },
    options.files,
  );
  const session = await startVsCode({ userSettings: user });
  const csp = guardCsp(session.page);
  const dialogs: string[] = [];
  session.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  try {
    await session.open(folder);
    await session.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await body({
      page: session.page,
      dialogs,
      shade: options.theme.includes('Light') ? 'light' : 'dark',
      folder,
    });
    csp.assertNone();
  } catch (error) {
    await session.page
      .screenshot({ path: join(options.screenshots, `e2e-${options.name}-failure.png`) })
      .catch(() => undefined);
    // what the extension said (its requests, their failures) is often why
    try {
      const log = session.extensionLog().trimEnd().split('\n').slice(-80).join('\n');
      console.error(`the extension's log, its last lines:\n${log || '(empty)'}`);
    } catch (reading) {
      console.error(`the extension's log could not be read: ${String(reading)}`);
    }
    throw error;
  } finally {
    await session.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The command line every e2e script takes: `--state-dir` (the PuppetDB of this run, also put in
 * PDB_STATE_DIR for test/integration/support) and `--screenshots` (created if missing).
 */
export function e2eArguments(): { screenshots: string } {
  const { values } = parseArgs({
    options: {
      'state-dir': { type: 'string', default: '.work/puppetdb-test' },
      screenshots: { type: 'string', default: 'test-results' },
    },
  });
  process.env.PDB_STATE_DIR = resolve(values['state-dir']!);
  const screenshots = resolve(values.screenshots!);
  mkdirSync(screenshots, { recursive: true });
  return { screenshots };
}

/**
 * More room for the view in the screenshots: no side bars. Returns once both are hidden; true
 * when one was shown (so the editor area has grown).
 */
export async function hideSideBars(page: Page): Promise<boolean> {
  const bars = [
    { part: page.locator('.part.sidebar'), toggle: 'Control+B' },
    { part: page.locator('.part.auxiliarybar'), toggle: 'Control+Alt+B' },
  ];
  let hid = false;
  for (const { part, toggle } of bars) {
    if (!(await part.isVisible())) continue;
    await page.keyboard.press(toggle);
    await part.waitFor({ state: 'hidden', timeout: 15_000 });
    hid = true;
  }
  return hid;
}

/** The connection every script's workbench uses: the PuppetDB of the run. */
export function localConnection(server: { host: string; httpPort: number }): {
  'puppetdbExplorer.connections': Array<{ id: string; name: string; url: string }>;
} {
  return {
    'puppetdbExplorer.connections': [
      { id: 'local', name: 'Local PuppetDB', url: `http://${server.host}:${server.httpPort}` },
    ],
  };
}
