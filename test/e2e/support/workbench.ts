/**
 * What the end-to-end scripts share: a workspace folder with settings (and files), and the frame
 * of a webview of this extension (VS Code nests it two iframes deep).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import type { Frame, Locator, Page } from 'playwright-core';
import { startVsCode, type VsCodeSession } from '../../vscode/runtime';
import { raceRetried } from './races';
import { type BatchRequest, inBatch } from './workbenchBatch';

export function workspaceWith(
  settings: Record<string, unknown>,
  files: Record<string, string> = {},
  cloneOf?: string,
): string {
  const folder = mkdtempSync(join(tmpdir(), 'pdbx-e2e-ws-'));
  // a workspace that is a git repository: a clone of `cloneOf` (the fleet's history repository)
  if (cloneOf) execFileSync('git', ['clone', '--quiet', cloneOf, folder]);
  mkdirSync(join(folder, '.vscode'), { recursive: true });
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

/**
 * The frame of the webview whose page has `<body data-entry="<entry>">`, and, if asked, shows
 * `showing` (a CSS selector: its content drawn, not only its page loaded).
 */
export async function webviewFrame(
  page: Page,
  entry: string,
  options: { timeoutMs?: number; showing?: string } = {},
): Promise<Frame> {
  const { timeoutMs = 30_000, showing } = options;
  return frameWith(
    page,
    `body[data-entry="${entry}"]${showing ? ` ${showing}` : ''}`,
    `the ${entry} webview did not open${showing ? ` showing ${showing}` : ''}`,
    timeoutMs,
  );
}

/**
 * The frame (of any webview, ours or VS Code's own such as the Markdown preview) that holds
 * `selector`, once one does: a webview's frame is made when it opens, so it is looked for anew,
 * every `pollMs`.
 */
export async function frameWith(
  page: Page,
  selector: string,
  failure: string,
  timeoutMs = 30_000,
  pollMs = 200,
): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (
        await frame
          .locator(selector)
          .count()
          .catch(() => 0)
      ) {
        return frame;
      }
    }
    await page.waitForTimeout(pollMs);
  }
  throw new Error(failure);
}

/**
 * Opens a file of the workspace through Quick Open (Ctrl+P); returns once its tab is the active
 * group's active one and the editor shows it (a text editor's first line, a notebook's cells).
 */
export async function openFile(page: Page, name: string): Promise<void> {
  const group = page.locator('.editor-group-container.active');
  const tab = group.locator('.tab.active', { hasText: name });
  for (let attempt = 1; ; attempt++) {
    await pickFromQuickInput(page, { key: 'Control+P', text: name, rowText: name });
    try {
      await tab.waitFor({ timeout: 15_000 });
      break;
    } catch (error) {
      const quickOpenShown = await page.locator('.quick-input-widget').isVisible();
      const active = await group
        .locator('.tab.active')
        .allInnerTexts()
        .catch(() => []);
      const state = `quick open ${quickOpenShown ? 'still shown' : 'closed'}, active tab: ${
        active.join(' | ') || 'none'
      }`;
      if (attempt >= 2 || quickOpenShown) {
        throw new Error(`${name} did not open (${state})`, { cause: error });
      }
      raceRetried('quickOpenClickLost', `${name}: ${state}`);
    }
  }
  // a text editor's first drawn line (one kept hidden in the group, of another kind, draws
  // none), or a notebook's cells (VS Code lays its notebook widget over the group, not in it)
  await group
    .locator('.monaco-editor .view-line:visible')
    .or(page.locator('.notebook-editor .cell-list-container:visible'))
    .first()
    .waitFor({ timeout: 30_000 });
}

/** What a quick pick that follows a command asks (its placeholder's start), and the answer. */
export interface QuickPickAnswer {
  asks: string;
  /** The row whose label contains it is taken; an empty answer takes the first row. */
  answer: string;
}

/**
 * Runs a command from the palette (F1), once the extension has activated, and answers the
 * quick picks that follow: each answer waits for the picker whose placeholder starts with `asks`,
 * so it never goes to the rows of the picker before it (which may still be on screen while the
 * next one loads).
 */
export async function runCommand(
  page: Page,
  title: string,
  answers: readonly QuickPickAnswer[] = [],
): Promise<void> {
  await pickFromQuickInput(page, { key: 'F1', text: `>${title}`, rowText: title });
  const input = page.locator('.quick-input-widget input').first();
  for (const { asks, answer } of answers) {
    await page.locator(`.quick-input-widget input[placeholder^="${asks}"]`).first().waitFor({
      state: 'visible',
      timeout: 30_000,
    });
    if (answer) await input.fill(answer);
    const item = answer ? `[aria-label*="${answer}"]` : '';
    const row = page.locator(`.quick-input-list .monaco-list-row${item}:visible`).first();
    await row.waitFor({ timeout: 30_000 });
    // picked with a click, as a user picks it: Enter goes wherever the focus is, and a view that
    // finishes painting meanwhile may have taken it (the picker then stays open)
    await row.click();
  }
}

/**
 * The row of the notification showing `text` in the notifications center, where it keeps its
 * buttons (a toast hides itself after a while). The center is opened once; VS Code closes it when
 * its last notification goes, as a progress notification does when it ends before the message
 * that follows it arrives, and that message then comes as a toast only: that race is retried (and
 * counted) by opening the center again.
 */
export async function notificationInCenter(
  page: Page,
  text: string | RegExp,
  timeoutMs = 60_000,
): Promise<Locator> {
  const row = page.locator('.notifications-center .monaco-list-row', { hasText: text }).first();
  const closed = page.locator('.notifications-center:not(.visible)');
  const deadline = Date.now() + timeoutMs;
  await runCommand(page, 'Notifications: Show Notifications');
  for (;;) {
    await page.locator('.notifications-center.visible').waitFor({ timeout: 15_000 });
    await row
      .or(closed)
      .first()
      .waitFor({ timeout: Math.max(1, deadline - Date.now()) });
    if (await row.isVisible()) return row;
    raceRetried('notificationCenterEmptied', `waiting for "${String(text)}"`);
    await runCommand(page, 'Notifications: Show Notifications');
  }
}

/**
 * Waits until the Settings editor shows `value` for the setting `key` (its workspace value), and
 * closes it again. A settings file written by the test reaches VS Code through its file watcher a
 * moment later; once the Settings editor shows the new value, the workbench has told the extension
 * host, before anything the test does next.
 */
export async function settingShown(page: Page, key: string, value: string): Promise<void> {
  await runCommand(page, 'Preferences: Open Workspace Settings');
  const search = page.locator('.settings-editor .settings-header .suggest-input-container');
  await search.waitFor({ timeout: 30_000 });
  await search.click();
  await page.keyboard.type(key);
  await page.waitForFunction(
    `document.querySelector('.settings-editor input[aria-label=${JSON.stringify(key)}]')?.value ===
      ${JSON.stringify(value)}`,
    undefined,
    { timeout: 30_000 },
  );
  await runCommand(page, 'View: Close Editor');
  await page.locator('.settings-editor').waitFor({ state: 'detached', timeout: 15_000 });
}

/** Waits for a menu or hover to finish fading in: it then takes clicks, and a screenshot shows it whole. */
export async function settled(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    `[...document.querySelectorAll('${selector}, ${selector} *')].every((element) => element.getAnimations().every((animation) => animation.playState !== 'running'))`,
  );
}

/**
 * Where the cursor of the active editor is, as the status bar says it (1-based line and column),
 * once it is on `line`; and the text of its line, as the editor draws it (the line it marks
 * `.current-line`).
 */
export async function editorCursorOn(
  page: Page,
  line: number,
): Promise<{ line: number; column: number; text: string }> {
  const position = page
    .locator('.statusbar-item[id="status.editor.selection"]')
    .filter({ hasText: new RegExp(`^Ln ${line}, Col \\d+`) });
  await position.waitFor({ timeout: 20_000 });
  const [, shownLine, column] = /^Ln (\d+), Col (\d+)/.exec(await position.innerText())!;
  const text = (await page.evaluate(`(() => {
    const editor = document.querySelector('.editor-group-container.active .monaco-editor');
    const top = editor?.querySelector('.view-overlays .current-line')?.getBoundingClientRect().top;
    const line = [...(editor?.querySelectorAll('.view-line') ?? [])].find(
      (each) => Math.abs(each.getBoundingClientRect().top - top) < 2,
    );
    return line ? line.textContent : null;
  })()`)) as string | null;
  return { line: Number(shownLine), column: Number(column), text: plain(text ?? '') };
}

/** Text as a person reads it: no invisible joiners (inert()), no-break spaces as spaces. */
export const plain = (text: string) =>
  text
    .replace(/\u2060/g, '')
    .replace(/\u00a0/g, ' ')
    .trim();

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
 * The key is pressed once, when the workbench is ready for it (extensionActivated): a palette
 * lists the commands whose `when` held when it opened, and the context keys ours read are set when
 * the extension activates. A first file search may take a while: the row is waited for.
 */
export async function showInQuickInput(
  page: Page,
  options: { key: string; text: string; rowText: string | string[]; timeoutMs?: number },
): Promise<Locator> {
  const timeout = options.timeoutMs ?? 60_000;
  const input = page.locator('.quick-input-widget input');
  const rows = page.locator('.quick-input-list .monaco-list-row');
  const row = [options.rowText]
    .flat()
    .reduce((shown, text) => shown.filter({ hasText: text }), rows)
    .first();
  await extensionActivated(page);
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press(options.key);
    try {
      await input.waitFor({ state: 'visible', timeout: 20_000 });
      await input.fill(options.text, { timeout: 15_000 });
      break;
    } catch (error) {
      // only a widget that closed itself is opened again; an input shown but refusing text fails
      if (attempt >= 3 || (await input.isVisible())) throw error;
      raceRetried('quickInputClosedOnBlur', `${options.key} "${options.text}"`);
    }
  }
  try {
    await row.waitFor({ timeout });
  } catch (error) {
    const shown = (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    throw new Error(
      `${options.key} "${options.text}" listed no row with ${JSON.stringify(options.rowText)}; ` +
        `it listed: ${shown.join(' | ') || 'nothing'}`,
      { cause: error },
    );
  }
  return row;
}

/**
 * Waits until the extension has activated in this page's workbench: its status bar item, shown
 * by activate() after it has set its context keys, is there. It activates once the workbench has
 * started (onStartupFinished), so the workbench takes keys by then, and a palette opened after it
 * lists the commands the extension's context keys enable.
 */
export async function extensionActivated(page: Page): Promise<void> {
  await page
    .locator(`.statusbar-item[id^="${EXTENSION_ID}"]`)
    .first()
    .waitFor({ state: 'attached', timeout: 90_000 });
}

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';

/**
 * Watches every frame of the page (webview iframes included) for Content Security Policy
 * violations, which Chromium reports as console errors. `assertNoneSince(n)` fails with those
 * after the first n: no view may break its CSP, even where the page still looks right.
 */
function guardCsp(page: Page): { violations: string[]; assertNoneSince(start: number): void } {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(`${message.text()} (${message.location().url || 'unknown frame'})`);
    }
  });
  return {
    violations,
    assertNoneSince: (start) => {
      const since = violations.slice(start);
      if (since.length > 0) {
        throw new Error(
          `${since.length} Content Security Policy violation(s):\n${since.join('\n')}`,
        );
      }
    },
  };
}

export interface WorkbenchRun {
  page: Page;
  /** Messages of every alert/confirm/prompt the page opened (an XSS payload that ran shows here). */
  dialogs: string[];
  /** The colour theme the workbench is in, and its shade. */
  theme: string;
  shade: 'dark' | 'light';
  /** The workspace folder. */
  folder: string;
  /** What the extension's own log ("PuppetDB Explorer") holds so far. */
  extensionLog(): string;
}

interface WorkbenchOptions {
  name: string;
  settings: Record<string, unknown>;
  files?: Record<string, string>;
  /** A git repository the workspace is a clone of. */
  cloneOf?: string;
  screenshots: string;
}

/**
 * Opens the workbench with the extension on a fresh workspace in a theme, runs `body`, and
 * stops everything again; on failure a screenshot `e2e-<name>-failure.png` is kept.
 */
export async function withWorkbench(
  options: WorkbenchOptions & { theme: string },
  body: (run: WorkbenchRun) => Promise<void>,
): Promise<void> {
  await withWorkbenchInThemes({ ...options, themes: [options.theme] }, body);
}

/**
 * Runs `body` once in each of `themes` in one workbench: opened in the first, then switched in
 * place as a user switches (see resetWorkbench; the theme set in the workspace settings, and the
 * workbench repainted in it), which spares a VS Code start per theme. Each theme's run fails on a
 * Content Security Policy violation of its own.
 *
 * With `outcome`, a theme whose run fails is reported there and the next theme still runs;
 * without, the first failure is thrown. Either way a failure keeps a screenshot
 * `e2e-<name>-failure.png` and prints the extension's last log lines.
 */
export async function withWorkbenchInThemes(
  options: WorkbenchOptions & { themes: readonly string[] },
  body: (run: WorkbenchRun) => Promise<void>,
  outcome?: (theme: string, error: unknown) => void,
): Promise<void> {
  await inOneWorkbench(
    options,
    options.themes.map((theme) => ({ label: theme, theme, body })),
    outcome,
  );
}

/** Runs one named check of a section, and prints it once it has passed. */
export type SectionCheck = (name: string, assertion: () => void | Promise<void>) => Promise<void>;

/** A part of a script that shares its workbench with the parts before and after it. */
export interface WorkbenchSection {
  name: string;
  run: (run: WorkbenchRun) => Promise<void>;
}

/**
 * Runs `sections` one after another in one workbench and one theme, reset between them as
 * resetWorkbench does: scripts that need the same workspace spare a VS Code start each. The
 * first failure is thrown (what it left on screen could fail the sections after it); each
 * section fails on a Content Security Policy violation of its own.
 */
export async function withWorkbenchInSections(
  options: WorkbenchOptions & { theme: string },
  sections: readonly WorkbenchSection[],
): Promise<void> {
  await inOneWorkbench(
    options,
    sections.map((section) => ({ label: section.name, theme: options.theme, body: section.run })),
  );
}

/** One run of a body in a shared workbench: in `theme`, reported as `label`. */
interface WorkbenchPass {
  label: string;
  theme: string;
  body: (run: WorkbenchRun) => Promise<void>;
  /** The name its failure screenshot takes, if not the workbench's. */
  name?: string;
}

type WorkbenchRequest = BatchRequest<WorkbenchOptions, WorkbenchPass>;

/** Whether two scripts of a batch can share a workbench (see workbenchBatch.ts). */
export function canShareWorkbench(a: WorkbenchOptions, b: WorkbenchOptions): boolean {
  const sameFiles = Object.entries(b.files ?? {}).every(
    ([path, text]) => a.files?.[path] === undefined || a.files[path] === text,
  );
  return (
    isDeepStrictEqual(a.settings, b.settings) &&
    sameFiles &&
    (a.cloneOf === undefined || b.cloneOf === undefined)
  );
}

/**
 * The passes of several scripts' requests in one workbench, each request's in its order: a
 * request with an outcome hears of each pass, one without fails with its first failure and runs
 * no pass after it, as alone.
 */
export async function runInSharedWorkbench(requests: WorkbenchRequest[]): Promise<unknown[]> {
  const failures = new Map<WorkbenchRequest, unknown>();
  const routes = new Map<string, { request: WorkbenchRequest; label: string }>();
  const passes = requests.flatMap((request) =>
    request.passes.map((pass): WorkbenchPass => {
      const label = `${request.options.name}: ${pass.label}`;
      routes.set(label, { request, label: pass.label });
      return {
        label,
        theme: pass.theme,
        name: request.options.name,
        body: async (run) => {
          if (!request.outcome && failures.has(request)) return;
          await pass.body(run);
        },
      };
    }),
  );
  await inOneWorkbench(
    {
      ...requests[0]!.options,
      name: requests.map((request) => request.options.name).join('+'),
      files: Object.assign({}, ...requests.map((request) => request.options.files)),
      cloneOf: requests.find((request) => request.options.cloneOf)?.options.cloneOf,
    },
    passes,
    (label, error) => {
      const { request, label: own } = routes.get(label)!;
      if (request.outcome) request.outcome(own, error);
      else if (error !== undefined && !failures.has(request)) failures.set(request, error);
    },
  );
  return requests.map((request) => failures.get(request));
}

async function inOneWorkbench(
  options: WorkbenchOptions,
  passes: readonly WorkbenchPass[],
  outcome?: (label: string, error: unknown) => void,
): Promise<void> {
  const batched = inBatch<WorkbenchOptions, WorkbenchPass>({ options, passes, outcome });
  if (batched) return batched;
  const [first] = passes;
  if (first === undefined) throw new Error('a workbench needs something to run');
  const labels = passes.map((pass) => pass.label);
  const { workspace, user } = splitUserSettings(options.settings);
  const folder = workspaceWith(
    { 'workbench.colorTheme': first.theme, ...workspace },
    options.files,
    options.cloneOf,
  );
  let session: VsCodeSession;
  try {
    session = await startVsCode({ userSettings: user });
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    if (!outcome) throw error;
    for (const label of labels) outcome(label, error);
    return;
  }
  const { page } = session;
  const csp = guardCsp(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  /** Keeps a screenshot and prints the extension's log; then reports or throws the error. */
  const failed = async (failedLabels: readonly string[], error: unknown, name = options.name) => {
    await page
      .screenshot({ path: join(options.screenshots, `e2e-${name}-failure.png`) })
      .catch(() => undefined);
    // what the extension said (its requests, their failures) is often why
    try {
      const log = session.extensionLog().trimEnd().split('\n').slice(-80).join('\n');
      console.error(`the extension's log, its last lines:\n${log || '(empty)'}`);
    } catch (reading) {
      console.error(`the extension's log could not be read: ${String(reading)}`);
    }
    if (!outcome) throw error;
    for (const label of failedLabels) outcome(label, error);
  };
  try {
    try {
      await session.open(folder);
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      await workbenchRestored(page);
    } catch (error) {
      await failed(labels, error);
      return;
    }
    let theme = first.theme;
    for (const [index, pass] of passes.entries()) {
      try {
        if (index > 0) await resetWorkbench(page);
        if (pass.theme !== theme) {
          await applyTheme(page, folder, pass.theme);
          theme = pass.theme;
        }
        const violationsBefore = csp.violations.length;
        await pass.body({
          page,
          dialogs,
          theme,
          shade: shadeOf(theme),
          folder,
          extensionLog: () => session.extensionLog(),
        });
        csp.assertNoneSince(violationsBefore);
      } catch (error) {
        await failed([pass.label], error, pass.name);
        continue;
      }
      outcome?.(pass.label, undefined);
    }
  } finally {
    await session.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

function shadeOf(theme: string): 'dark' | 'light' {
  return theme.includes('Light') ? 'light' : 'dark';
}

/** The class VS Code gives `.monaco-workbench` in a theme of each kind. */
function themeClassOf(theme: string): string {
  if (theme.includes('High Contrast')) return theme.includes('Light') ? 'hc-light' : 'hc-black';
  return theme.includes('Light') ? 'vs' : 'vs-dark';
}

/**
 * Waits for the workbench to reach its Restored lifecycle phase (VS Code marks it with a
 * performance mark): its parts are restored and its start-up work is done. Before, a pass's first
 * click could land while the start kept the page's thread busy: once on the 2-core CI machine
 * Chromium did not take a click on the activity bar within 30 s ("performing click action").
 */
async function workbenchRestored(page: Page): Promise<void> {
  await page.waitForFunction(
    () => performance.getEntriesByName('code/LifecyclePhase/Restored').length > 0,
    undefined,
    { timeout: 60_000 },
  );
}

/**
 * Puts the open workbench back as at start-up, as a user would between two tasks: closes every
 * editor (and with them the webviews, so that nothing of the run before is taken for the next),
 * hides the panel (the next run opens its own), clears the notifications and shows the file
 * explorer in the side bar (a click on the PuppetDB icon then opens the PuppetDB view rather than
 * closing it).
 */
async function resetWorkbench(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  // a quick input that Escape closes (a connection form left open) is hidden by VS Code after its
  // closing animation; a palette opened meanwhile shares its widget and was hidden with it
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 15_000 });
  await runCommand(page, 'View: Close All Editors');
  await page.locator('iframe.webview').first().waitFor({ state: 'detached', timeout: 30_000 });
  const panel = page.locator('.part.panel');
  if (await panel.isVisible()) {
    await runCommand(page, 'View: Toggle Panel Visibility');
    await panel.waitFor({ state: 'hidden', timeout: 15_000 });
  }
  await runCommand(page, 'Notifications: Clear All Notifications');
  await runCommand(page, 'View: Show Explorer');
  await page.locator('.part.sidebar .explorer-folders-view').waitFor({ timeout: 15_000 });
}

/**
 * Sets `key` in the folder's workspace settings, keeping the others; VS Code sees the file change
 * a moment later (settingShown waits for it where that matters).
 */
export function writeWorkspaceSetting(folder: string, key: string, value: unknown): void {
  const file = join(folder, '.vscode', 'settings.json');
  const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...settings, [key]: value }, null, 2));
}

/** Writes `theme` into the workspace settings and waits for the workbench to wear it. */
export async function applyTheme(page: Page, folder: string, theme: string): Promise<void> {
  writeWorkspaceSetting(folder, 'workbench.colorTheme', theme);
  await page.locator(`.monaco-workbench.${themeClassOf(theme)}`).waitFor({ timeout: 30_000 });
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
  // right after start-up the workbench may not take keys yet: it does once it has started, and
  // the extension activates then
  await extensionActivated(page);
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
