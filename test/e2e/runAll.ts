/**
 * Runs every end-to-end script of test/e2e one after the other, and fails when one does.
 * Arguments are passed on. The VS Code races the scripts retried past (support/races.ts) are
 * counted in the closing lines.
 *
 *   node --import tsx test/e2e/runAll.ts --state-dir .work/puppetdb-test
 *
 * The scripts of a batch (BATCHES) run in one process, those that ask for the same settings in
 * one workbench (runBatch.ts); every other script starts its own. PDBX_E2E_ONLY=graph,events runs
 * only those scripts (a batch of which only some are named runs them alone).
 *
 * With PDBX_E2E_CLAIMS=DIR, several runs (each with a PuppetDB of its own) share the scripts: each
 * claims a script (a batch: its first) by creating DIR/<script> before it runs it, and skips those
 * another run claimed (scripts/test.sh runs two such lanes side by side).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { failureDigest } from './support/failureDigest';
import { describeRetries, RACES_FILE_VARIABLE, retriesIn } from './support/races';

/**
 * Scripts that share a workbench. A workbench start costs about 40 CPU-s on the 2-core CI
 * machine, and CI is bound by CPU: five fleet views' scripts took 275 CPU-s (185 s) with a
 * workbench each and 164 CPU-s (108 s) in one. Each batch's scripts leave the workspace as the
 * next expects it: a notebook runs last (its unsaved cells would ask before the workbench could
 * close it for the next), and no two scripts that clone a repository into the workspace share one
 * (the fleet's history, the blast radius and the audit each change theirs). The Queries view runs
 * first in its workbench: after other scripts its Starter Queries once stayed empty behind the
 * fleet history's workspace, and once after the audit's. Code and fleet runs after it, in a
 * workspace that is no clone (its hover's blast radius is of uncommitted changes, which a clone
 * has): the two took 83 CPU-s (52 s) alone and 55–56 CPU-s (36–37 s) in one workbench, three runs.
 */
const BATCHES: readonly (readonly string[])[] = [
  ['overview', 'factExplorer', 'history'],
  ['blastRadius', 'peers', 'recentRuns'],
  ['a11y', 'hiera', 'notebook'],
  ['queries', 'code'],
];

const only = process.env.PDBX_E2E_ONLY?.split(',').map((name) => name.trim());
const scripts = readdirSync(__dirname)
  .filter((file) => file.endsWith('.e2e.ts'))
  .map((file) => file.slice(0, -'.e2e.ts'.length))
  .filter((name) => !only || only.includes(name))
  .sort();
/**
 * What runs in one process: a batch (first: they run longest, and the lanes balance better), or
 * one script.
 */
const units: string[][] = BATCHES.map((batch) =>
  batch.filter((name) => scripts.includes(name)),
).filter((batch) => batch.length > 1);
for (const name of scripts) {
  if (!units.some((unit) => unit.includes(name))) units.push([name]);
}
const racesDir = mkdtempSync(join(tmpdir(), 'pdbx-e2e-races-'));
const racesFile = join(racesDir, 'races.jsonl');
/** Each failed process: its scripts and what it said of the failure. */
const failed: { scripts: string; digest: string[] }[] = [];
const claims = process.env.PDBX_E2E_CLAIMS;
const ran: string[] = [];

/** Whether this run may run `script`: always, or when no other run claimed it first. */
function claim(script: string): boolean {
  if (!claims) return true;
  try {
    // 'wx' fails when the file exists: one claim wins, whichever run asks first
    closeSync(openSync(join(claims, script), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Runs `file` with the arguments and `env`, passing its output through as it comes; resolves to
 * its exit code (a signal counts as 1) and everything it printed. Its stderr goes into its stdout
 * (through sh), so that a thrown error stays where the process printed it, among its checks.
 */
function runScriptProcess(
  file: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'sh',
      [
        '-c',
        'exec "$@" 2>&1',
        'sh',
        process.execPath,
        '--import',
        'tsx',
        join(__dirname, file),
        ...process.argv.slice(2),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], env },
    );
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }),
    );
  });
}

/** Runs each unit this run claims, one after the other, and notes each that failed. */
async function runUnits(): Promise<void> {
  for (const unit of units) {
    const files = unit.map((name) => `${name}.e2e.ts`);
    if (!claim(files[0]!)) continue;
    ran.push(...files);
    console.log(`== e2e: ${files.join(', ')}${unit.length > 1 ? ' (one process)' : ''}`);
    const started = performance.now();
    const { code, output } = await runScriptProcess(unit.length > 1 ? 'runBatch.ts' : files[0]!, {
      ...process.env,
      [RACES_FILE_VARIABLE]: racesFile,
      ...(unit.length > 1 ? { PDBX_E2E_BATCH: files.join(',') } : {}),
    });
    // a batch's scripts pass or fail together: their output says which failed
    if (code !== 0) failed.push({ scripts: files.join(', '), digest: failureDigest(output) });
    // Wall time per script, so the CI budget shows where it goes (no assertion rests on it).
    console.log(
      `-- e2e: ${files.join(', ')}: ${Math.round((performance.now() - started) / 1000)} s`,
    );
  }
}

/** Runs the units, then prints the run's closing lines; exits 1 when a process failed. */
async function main(): Promise<void> {
  await runUnits();
  const retries = retriesIn(racesFile);
  rmSync(racesDir, { recursive: true, force: true });
  console.log(
    `e2e scripts: ${ran.length} run${claims ? ` (of the ${scripts.length}, those this lane claimed)` : ''}, ${failed.length === 0 ? 'none failed' : `${failed.length} of their processes failed`}`,
  );
  if (failed.length > 0) {
    console.log(`e2e scripts failed: ${failed.map((entry) => entry.scripts).join('; ')}`);
    // again here, where the end of a long log keeps it: each failure as its process said it
    for (const { scripts: which, digest } of failed) {
      console.log(`e2e failure in ${which} (in full above):`);
      for (const line of digest) console.log(`  | ${line}`);
    }
  }
  console.log(`e2e VS Code races retried: ${retries.length} (${describeRetries(retries)})`);
  process.exit(failed.length === 0 ? 0 : 1);
}

void main();
