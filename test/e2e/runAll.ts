/**
 * Runs every end-to-end script of test/e2e (each starts its own workbench) one after the other,
 * and fails when one does. Arguments are passed on.
 *
 *   node --import tsx test/e2e/runAll.ts --state-dir .work/puppetdb-test
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const scripts = readdirSync(__dirname)
  .filter((file) => file.endsWith('.e2e.ts'))
  .sort();
const failed: string[] = [];
for (const script of scripts) {
  console.log(`== e2e: ${script}`);
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(__dirname, script), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) failed.push(script);
  // Wall time per script, so the CI budget shows where it goes (no assertion rests on it).
  console.log(`-- e2e: ${script}: ${Math.round((performance.now() - started) / 1000)} s`);
}
console.log(`e2e scripts: ${scripts.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length === 0 ? 0 : 1);
