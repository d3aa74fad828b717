/**
 * Whether a run of the extension-host suites passed. A green run must have run tests: a `--grep`
 * that matches nothing (a describe renamed) or a build that left the suites out would otherwise
 * pass with zero tests.
 */

/** What one VS Code start reported. */
export interface HostRunReport {
  name: string;
  /** The workbench's exit code (mocha's outcome). */
  code: number;
  /** The suite's closing "vscode: N passed, M failed" line, if it printed one. */
  summary: string | undefined;
  /** The run was asked for a subset (--grep): it may match nothing of this run's suites. */
  grep: string;
}

export const SUMMARY_LINE = /^vscode: (\d+) passed, (\d+) failed$/;

/** The exit code of the whole driver, and why it failed, if it did. */
export function judgeHostRuns(reports: readonly HostRunReport[]): {
  code: number;
  problems: string[];
} {
  const problems: string[] = [];
  let total = 0;
  let code = 0;
  for (const report of reports) {
    code = Math.max(code, report.code);
    const counts = report.summary ? SUMMARY_LINE.exec(report.summary) : null;
    if (!counts) {
      problems.push(`the ${report.name} run printed no result: its suites did not run`);
      code = Math.max(code, 1);
      continue;
    }
    const ran = Number(counts[1]) + Number(counts[2]);
    total += ran;
    // without a grep, every run has suites of its own: none ran means none was found
    if (ran === 0 && !report.grep) {
      problems.push(`the ${report.name} run found no test`);
      code = Math.max(code, 1);
    }
  }
  if (reports.length > 0 && total === 0 && reports.every((report) => report.grep)) {
    const grep = reports[0]!.grep;
    problems.push(`no test matches --grep "${grep}"`);
    code = Math.max(code, 1);
  }
  return { code, problems };
}
