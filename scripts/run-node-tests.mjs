// Runs Node's test runner over every *.test.ts below a folder, on any OS (Node 20's --test takes
// no globs, and `$(find …)` needs a POSIX shell).
//   node scripts/run-node-tests.mjs test/unit [--test-concurrency=1]
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const [folder, ...flags] = process.argv.slice(2);
const files = readdirSync(folder, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join(folder, file))
  .sort();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', ...flags, ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
