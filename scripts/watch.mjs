// npm run watch: esbuild rebuilds dist/ on every change while tsc checks the types, in one
// terminal on any OS (no shell `&`). Ctrl+C stops both.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
const children = [
  spawn(process.execPath, ['esbuild.mjs', '--watch'], { stdio: 'inherit' }),
  // every part's project, as npm run typecheck checks them
  spawn(
    process.execPath,
    [tsc, '-b', 'tsconfig.typecheck.json', '--watch', '--preserveWatchOutput'],
    {
      stdio: 'inherit',
    },
  ),
];
const stop = () => children.forEach((child) => child.kill());
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && process.exit(code));
