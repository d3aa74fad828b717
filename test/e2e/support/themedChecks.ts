/**
 * What the e2e scripts that run a view in every theme share: the themes, the named checks they
 * count (the CI log lists each by name), and one workbench switched through the themes, each
 * theme's run counting as the check "no Content Security Policy violation".
 */
import { withWorkbenchInThemes, type WorkbenchRun } from './workbench';
import { inABatch, runBatchedMain } from './workbenchBatch';

/** Each theme: its name in VS Code, ours, and the class VS Code gives a webview's body in it. */
export const THEMES = [
  { theme: 'Default Dark Modern', name: 'dark', webviewClass: 'vscode-dark' },
  { theme: 'Default Light Modern', name: 'light', webviewClass: 'vscode-light' },
  { theme: 'Default High Contrast', name: 'hc', webviewClass: 'vscode-high-contrast' },
] as const;

export type ThemeName = (typeof THEMES)[number]['name'];

/** Runs one named check: a failure is logged and counted, and the script goes on. */
export type Check = (name: string, assertion: () => void | Promise<void>) => Promise<void>;

/** Counts the checks of one script and prints them as the CI log lists them. */
export class Checks {
  private passed = 0;
  private failed = 0;

  readonly check: Check = async (name, assertion) => {
    try {
      await assertion();
      this.pass(name);
    } catch (error) {
      this.fail(`${name}\n${String(error)}`);
    }
  };

  /**
   * Runs `body` in every theme of THEMES, in one workbench switched from theme to theme; each
   * theme's run counts as the check "<name>: no Content Security Policy violation" (a violation
   * fails it), or fails with the theme.
   */
  async inEveryTheme(
    options: {
      name: string;
      settings: Record<string, unknown>;
      files?: Record<string, string>;
      cloneOf?: string;
      screenshots: string;
    },
    body: (run: WorkbenchRun, theme: (typeof THEMES)[number]) => Promise<void>,
  ): Promise<void> {
    const byTheme = new Map<string, (typeof THEMES)[number]>(
      THEMES.map((entry) => [entry.theme, entry]),
    );
    await withWorkbenchInThemes(
      { ...options, themes: THEMES.map((entry) => entry.theme) },
      (run) => body(run, byTheme.get(run.theme)!),
      (theme, error) => {
        if (error === undefined) {
          this.pass(`${byTheme.get(theme)!.name}: no Content Security Policy violation`);
        } else {
          this.fail(`${theme}: ${String(error)}`);
        }
      },
    );
  }

  /** `e2e <script>: N passed, M failed`, and the exit code. */
  report(script: string): void {
    console.log(`e2e ${script}: ${this.passed} passed, ${this.failed} failed`);
    // only ever raised: the scripts of a batch report one after another in one process
    if (this.failed > 0) process.exitCode = 1;
  }

  private pass(name: string): void {
    this.passed++;
    console.log(`  ✔ ${name}`);
  }

  private fail(what: string): void {
    this.failed++;
    console.log(`  ✘ ${what}`);
  }
}

/** Runs a script's main; what it throws is one failure of the script. */
export function runScript(script: string, main: () => Promise<void>): void {
  runBatchedMain(main).catch((error: unknown) => {
    // a failed check's line, so that runAll's digest of the failure keeps the error
    console.log(`  ✘ ${script} stopped: what it threw follows`);
    console.error(error);
    console.log(`e2e ${script}: 0 passed, 1 failed`);
    // the other scripts of a batch go on
    if (inABatch()) process.exitCode = 1;
    else process.exit(1);
  });
}
