/**
 * Runs every end-to-end script of test/e2e (each starts its own workbench) one after the other,
 * and fails when one does. Arguments are passed on. The VS Code races the scripts retried past
 * (support/races.ts) are counted in the closing lines.
 *
 *   node --import tsx test/e2e/runAll.ts --state-dir .work/puppetdb-test
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRetries, RACES_FILE_VARIABLE, retriesIn } from './support/races';

const scripts = readdirSync(__dirname)
  .filter((file) => file.endsWith('.e2e.ts'))
  .sort();
const racesDir = mkdtempSync(join(tmpdir(), 'pdbx-e2e-races-'));
const racesFile = join(racesDir, 'races.jsonl');
const failed: string[] = [];
for (const script of scripts) {
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
console.log(`e2e scripts: ${scripts.length - failed.length} passed, ${failed.length} failed`);
console.log(`e2e VS Code races retried: ${retries.length} (${describeRetries(retries)})`);
process.exit(failed.length === 0 ? 0 : 1);
