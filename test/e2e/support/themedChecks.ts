/**
 * What the e2e scripts that run a view in every theme share: the themes, the named checks they
 * count (the CI log lists each by name), and one workbench per theme whose end counts as the
 * check "no Content Security Policy violation".
 */
import { withWorkbench, type WorkbenchRun } from './workbench';

export const THEMES = [
  { theme: 'Default Dark Modern', name: 'dark' },
  { theme: 'Default Light Modern', name: 'light' },
  { theme: 'Default High Contrast', name: 'hc' },
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
   * Opens the workbench in one theme and runs `body`; the run counts as the check "<name>: no
   * Content Security Policy violation" (withWorkbench fails on one), or fails with the theme.
   */
  async inWorkbench(
    options: { name: string; settings: Record<string, unknown>; screenshots: string },
    { theme, name }: (typeof THEMES)[number],
    body: (run: WorkbenchRun) => Promise<void>,
  ): Promise<void> {
    try {
      await withWorkbench({ ...options, theme }, body);
      this.pass(`${name}: no Content Security Policy violation`);
    } catch (error) {
      this.fail(`${theme}: ${String(error)}`);
    }
  }

  /** `e2e <script>: N passed, M failed`, and the exit code. */
  report(script: string): void {
    console.log(`e2e ${script}: ${this.passed} passed, ${this.failed} failed`);
    process.exitCode = this.failed > 0 ? 1 : 0;
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
  main().catch((error: unknown) => {
    console.error(error);
    console.log(`e2e ${script}: 0 passed, 1 failed`);
    process.exit(1);
  });
}
