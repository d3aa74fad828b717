/**
 * Runs every end-to-end script of test/e2e (each starts its own workbench) one after the other,
 * and fails when one does. Arguments are passed on. The VS Code races the scripts retried past
 * (support/races.ts) are counted in the closing lines.
 *
 *   node --import tsx test/e2e/runAll.ts --state-dir .work/puppetdb-test
 *
 * With PDBX_E2E_CLAIMS=DIR, several runs (each with a PuppetDB of its own) share the scripts: each
 * claims a script by creating DIR/<script> before it runs it, and skips those another run claimed
 * (scripts/test.sh runs two such lanes side by side).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRetries, RACES_FILE_VARIABLE, retriesIn } from './support/races';

const scripts = readdirSync(__dirname)
  .filter((file) => file.endsWith('.e2e.ts'))
  .sort();
const racesDir = mkdtempSync(join(tmpdir(), 'pdbx-e2e-races-'));
const racesFile = join(racesDir, 'races.jsonl');
const failed: string[] = [];
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

for (const script of scripts) {
  if (!claim(script)) continue;
  ran.push(script);
  console.log(`== e2e: ${script}`);
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(__dirname, script), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, [RACES_FILE_VARIABLE]: racesFile },
    },
  );
  if (result.status !== 0) failed.push(script);
  // Wall time per script, so the CI budget shows where it goes (no assertion rests on it).
  console.log(`-- e2e: ${script}: ${Math.round((performance.now() - started) / 1000)} s`);
}
const retries = retriesIn(racesFile);
rmSync(racesDir, { recursive: true, force: true });
console.log(
  `e2e scripts: ${ran.length - failed.length} passed, ${failed.length} failed${claims ? ` (of the ${scripts.length}, those this lane claimed)` : ''}`,
);
if (failed.length > 0) console.log(`e2e scripts failed: ${failed.join(', ')}`);
console.log(`e2e VS Code races retried: ${retries.length} (${describeRetries(retries)})`);
process.exit(failed.length === 0 ? 0 : 1);
