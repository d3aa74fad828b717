// Runs Node's test runner over every *.test.ts below a folder, on any OS (Node 20's --test takes
// no globs, and `$(find …)` needs a POSIX shell).
//   node scripts/run-node-tests.mjs test/unit [--test-concurrency=N]
// A file whose text has the tag @runsAlone (it changes what the others read of a shared server,
// or restarts it) runs after the rest, with no other file beside it.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ALONE = '@runsAlone';
const [folder, ...flags] = process.argv.slice(2);
const files = readdirSync(folder, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join(folder, file))
  .sort();
const alone = files.filter((file) => readFileSync(file, 'utf8').includes(ALONE));
const together = files.filter((file) => !alone.includes(file));

function run(group, extraFlags) {
  if (group.length === 0) return 0;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-reporter=spec', ...flags, ...extraFlags, ...group],
    { stdio: 'inherit' },
  );
  return result.status ?? 1;
}

const status = run(together, []);
// the later flag wins in Node's option parsing
const aloneStatus = run(alone, ['--test-concurrency=1']);
process.exit(status !== 0 ? status : aloneStatus);
