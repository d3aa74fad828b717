// Runs Node's test runner over every *.test.ts below a folder, on any OS (Node 20's --test takes
// no globs, and `$(find …)` needs a POSIX shell).
//   node scripts/run-node-tests.mjs test/unit [--test-concurrency=N]
// A file whose text has the tag @runsAlone (it changes what the others read of a shared server,
// or restarts it) runs after the rest, with no other file beside it.
//
// The files are bundled first (esbuild: one CommonJS file each, under out/ at the folder's path,
// their packages left to Node). Each file runs in a process of its own, and one that loads tsx and
// compiles every TypeScript file it imports took about twice as long as one that loads a bundle.
// One file alone still runs through tsx: node --import tsx --test test/unit/client/records.test.ts
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

const ALONE = '@runsAlone';
const [folder, ...flags] = process.argv.slice(2);
const files = readdirSync(folder, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join(folder, file))
  .sort();
const alone = files.filter((file) => readFileSync(file, 'utf8').includes(ALONE));
const together = files.filter((file) => !alone.includes(file));

const outdir = join('out', relative('.', folder));
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: files,
  outbase: folder,
  outdir,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  // tests compare class names (a record's type), which bundling would otherwise rename
  keepNames: true,
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      // src/ imports jsonc-parser's ESM build by path (for the extension's bundle); Node cannot
      // load those files, and the package's main (UMD) is the same API
      name: 'jsonc-parser-main',
      setup(esbuild) {
        esbuild.onResolve({ filter: /^jsonc-parser\// }, () => ({
          path: 'jsonc-parser',
          external: true,
        }));
      },
    },
  ],
});
const bundled = (file) => join(outdir, relative(folder, file)).replace(/\.ts$/, '.cjs');

function run(group, extraFlags) {
  if (group.length === 0) return 0;
  const result = spawnSync(
    process.execPath,
    [
      '--enable-source-maps',
      '--test',
      '--test-reporter=spec',
      ...flags,
      ...extraFlags,
      ...group.map(bundled),
    ],
    { stdio: 'inherit' },
  );
  return result.status ?? 1;
}

const status = run(together, []);
// the later flag wins in Node's option parsing
const aloneStatus = run(alone, ['--test-concurrency=1']);
process.exit(status !== 0 ? status : aloneStatus);
