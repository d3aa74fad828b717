// Bundles the extension host (Node, cjs, vscode external) and the client library.
// Flags: --production (minify, no source maps), --watch.
import { existsSync } from 'node:fs';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const nodeBundle = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // VS Code 1.96 runs extensions on Node 20.18; undici 7 needs at least that.
  target: 'node20.18',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  logLevel: 'info',
};

const builds = [{ ...nodeBundle, entryPoints: { client: 'src/client/index.ts' }, outdir: 'dist' }];
if (existsSync('src/extension/extension.ts')) {
  builds.push({
    ...nodeBundle,
    entryPoints: { extension: 'src/extension/extension.ts' },
    outdir: 'dist',
  });
}

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
