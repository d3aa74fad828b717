/**
 * The extension-host side of the integration run: mocha over the compiled suite files. Results are
 * printed with a "[pdbx]" prefix, which the driver echoes from the browser console.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: PrefixedReporter });
  if (process.env.PDBX_GREP) mocha.grep(process.env.PDBX_GREP);
  const suiteDir = join(__dirname, 'suite');
  // the restricted run (runInVsCode.ts) has its own suites; the trusted run has all the others
  const restricted = process.env.PDBX_RUN === 'restricted';
  const files = readdirSync(suiteDir)
    .filter(
      (name) => name.endsWith('.test.js') && name.endsWith('.restricted.test.js') === restricted,
    )
    .sort();
  // a build that left the suites out must not pass as a run with nothing to fail
  if (files.length === 0) return Promise.reject(new Error(`No suite file in ${suiteDir}.`));
  for (const file of files) mocha.addFile(join(suiteDir, file));
  return new Promise((resolve, reject) => {
    mocha.run((failures) =>
      failures > 0 ? reject(new Error(`${failures} test(s) failed`)) : resolve(),
    );
  });
}

/** One line per test and the closing "N passed, N failed" line the CI reads. */
class PrefixedReporter extends Mocha.reporters.Base {
  constructor(runner: Mocha.Runner) {
    super(runner);
    let passed = 0;
    let failed = 0;
    const log = (text: string) => console.log(`[pdbx] ${text}`);
    runner.on('pass', (test) => {
      passed++;
      log(`  ✔ ${test.fullTitle()} (${test.duration ?? 0} ms)`);
    });
    runner.on('fail', (test, error: Error) => {
      failed++;
      log(
        `  ✖ ${test.fullTitle()}\n      ${String(error.stack ?? error)
          .split('\n')
          .slice(0, 6)
          .join('\n      ')}`,
      );
    });
    runner.on('end', () => log(`vscode: ${passed} passed, ${failed} failed`));
  }
}
