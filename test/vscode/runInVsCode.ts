/**
 * Runs the extension's integration tests inside a real VS Code extension host, offline, and
 * exits with their result. The workbench reports the mocha outcome through `codeAutomationExit`.
 *
 * Two runs, each its own VS Code start:
 * - trusted: workspace trust off, on test/fixtures/control-repo, every suite file but the restricted
 *   ones;
 * - restricted: workspace trust on and the startup prompt off, so that the hostile fixture
 *   test/fixtures/untrusted-workspace opens in Restricted Mode; only `*.restricted.test.ts`.
 *
 *   node --import tsx test/vscode/runInVsCode.ts [--state-dir .work/puppetdb-test] [--grep text]
 *        [--mode both|trusted|restricted] [--vscode current|oldest] [--workspace DIR]
 *        [--second-state-dir DIR]
 *
 * `--second-state-dir DIR` (default: PDB_SECOND_STATE_DIR, else the state dir's path + `-second`) is
 * where the suites that need a second PuppetDB with another fleet (several connections at once)
 * find it, or start one.
 *
 * `--workspace DIR` opens DIR instead of the trusted run's fixture (bench/code.sh opens a
 * generated control repository with thousands of manifests).
 *
 * `--vscode oldest` (or PDBX_VSCODE=oldest) runs them on the oldest VS Code that engines.vscode
 * accepts (see runtime.ts); its screenshots get the suffix `-oldest`.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { judgeHostRuns, SUMMARY_LINE, type HostRunReport } from '../support/hostRunOutcome';
import { startBrowserMemoryProbe } from './browserMemoryProbe';
import { startRecorder } from './recorder';
import {
  ROOT,
  startVsCode,
  vscodeVersion,
  type VsCodeOptions,
  type VsCodeVersion,
} from './runtime';

/**
 * A stop for a run that hangs, not a speed limit: the whole trusted run took 13–15 minutes on an
 * idle 2-core machine (276 tests, 2026-11-30), and more than 20 in the CI beside the end-to-end
 * lane, which shares the two cores.
 */
const TEST_TIMEOUT_MS = 40 * 60_000;
/** The extension-host suites (test/vscode/index.ts); a benchmark names its own runner. */
const DEFAULT_TESTS_PATH = 'out/test/vscode/index.js';

interface Run {
  name: 'trusted' | 'restricted';
  workspace: string;
  /** Open a copy of the workspace with `{{recorder}}` replaced by a recording server's origin. */
  recorder?: boolean;
  vscode: VsCodeOptions;
}

const RUNS: Run[] = [
  { name: 'trusted', workspace: 'test/fixtures/control-repo', vscode: {} },
  {
    name: 'restricted',
    workspace: 'test/fixtures/untrusted-workspace',
    recorder: true,
    vscode: {
      workspaceTrust: true,
      userSettings: { 'security.workspace.trust.startupPrompt': 'never' },
    },
  },
];

async function runSuites(
  run: Run,
  options: {
    stateDir: string;
    secondStateDir: string;
    grep: string;
    testsPath: string;
    screenshots: string;
    version: VsCodeVersion;
  },
): Promise<HostRunReport> {
  const recorder = run.recorder ? await startRecorder() : undefined;
  // a benchmark that reads Chromium's memory (bench:memory) asks the driver for it
  const browserProbe =
    process.env.PDBX_BROWSER_PROBE === '1' ? await startBrowserMemoryProbe() : undefined;
  const workspace = recorder
    ? copyWithRecorder(resolve(ROOT, run.workspace), recorder.origin)
    : resolve(ROOT, run.workspace);
  const environment = {
    PDB_STATE_DIR: options.stateDir,
    PDB_SECOND_STATE_DIR: options.secondStateDir,
    PDBX_GREP: options.grep,
    PDBX_RUN: run.name,
    PDBX_SCREENSHOTS: options.screenshots,
    PDBX_RECORDER: recorder?.origin ?? '',
    PDBX_BROWSER_PROBE: browserProbe?.origin ?? '',
  };
  const session = await startVsCode({
    ...run.vscode,
    version: options.version,
    extensionEnvironment: environment,
  }).catch(async (error: unknown) => {
    await recorder?.close();
    await browserProbe?.close();
    throw error;
  });
  browserProbe?.attach(session.page, session.browserProfile);
  try {
    let report: (code: number) => void = () => {};
    const finished = new Promise<number>((resolveExit) => (report = resolveExit));
    await session.page.exposeFunction('codeAutomationExit', async (code: number) => report(code));
    let summary: string | undefined;
    session.page.on('console', (message) => {
      // the extension host's console reaches the page prefixed and styled; keep our lines only
      const text = message.text();
      const start = text.indexOf('[pdbx] ');
      if (start < 0) return;
      const line = text.slice(start + 7).replace(/%c/g, '');
      if (SUMMARY_LINE.test(line.trim())) summary = line.trim();
      console.log(line);
    });
    await session.open(workspace, [
      ['extensionTestsPath', `vscode-remote://remote${options.testsPath}`],
    ]);
    const timeout = new Promise<number>((resolveTimeout) =>
      setTimeout(() => {
        console.error(`The extension tests did not finish within ${TEST_TIMEOUT_MS / 1000} s.`);
        resolveTimeout(2);
      }, TEST_TIMEOUT_MS).unref(),
    );
    const code = await Promise.race([finished, timeout]);
    const suffix =
      (run.name === 'trusted' ? '' : `-${run.name}`) +
      (options.version === 'current' ? '' : `-${options.version}`);
    await session.page
      .screenshot({
        path: join(options.screenshots, `vscode-after-integration-tests${suffix}.png`),
      })
      .catch(() => undefined);
    if (code !== 0) console.error(session.serverLog().slice(-3000));
    return { name: run.name, code, summary, grep: options.grep };
  } finally {
    await session.stop();
    await recorder?.close();
    await browserProbe?.close();
    if (recorder) rmSync(dirname(workspace), { recursive: true, force: true });
  }
}

/** A scratch copy of a fixture workspace, the recording server's origin in its files. */
function copyWithRecorder(fixture: string, origin: string): string {
  const copy = join(mkdtempSync(join(tmpdir(), 'pdbx-workspace-')), 'workspace');
  cpSync(fixture, copy, { recursive: true });
  for (const entry of readdirSync(copy, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll('{{recorder}}', origin));
  }
  return copy;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'state-dir': { type: 'string', default: '.work/puppetdb-test' },
      'second-state-dir': { type: 'string' },
      screenshots: { type: 'string', default: 'test-results' },
      grep: { type: 'string' },
      'tests-path': { type: 'string', default: DEFAULT_TESTS_PATH },
      mode: { type: 'string', default: 'both' },
      vscode: { type: 'string' },
      workspace: { type: 'string' },
    },
  });
  const version = vscodeVersion(values.vscode);
  const mode = values.mode!;
  if (!['both', 'trusted', 'restricted'].includes(mode)) {
    throw new Error(`--mode is both, trusted or restricted, not "${mode}"`);
  }
  const screenshots = resolve(values.screenshots!);
  mkdirSync(screenshots, { recursive: true });
  const reports: HostRunReport[] = [];
  const runs = RUNS.map((run) =>
    values.workspace && run.name === 'trusted' ? { ...run, workspace: values.workspace } : run,
  );
  for (const run of runs.filter((entry) => mode === 'both' || mode === entry.name)) {
    console.log(`vscode ${version} (${run.name} workspace):`);
    const report = await runSuites(run, {
      stateDir: resolve(values['state-dir']!),
      secondStateDir: resolve(
        values['second-state-dir'] ??
          process.env.PDB_SECOND_STATE_DIR ??
          `${values['state-dir']!}-second`,
      ),
      grep: values.grep ?? '',
      testsPath: resolve(ROOT, values['tests-path']!),
      screenshots,
      version,
    });
    reports.push(report);
  }
  // a benchmark (its own --tests-path) prints rows, not the suites' closing line: its exit code says
  if (values['tests-path'] !== DEFAULT_TESTS_PATH) {
    return Math.max(0, ...reports.map((report) => report.code));
  }
  const { code, problems } = judgeHostRuns(reports);
  for (const problem of problems) console.error(`vscode: ${problem}`);
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
