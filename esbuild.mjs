// Bundles the extension host (Node, cjs, vscode external), the client library and one browser
// bundle per webview (src/webview/<entry>/main.ts -> dist/webview/<entry>.js).
// Flags: --production (minify, no source maps), --watch.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { clientAsSeparateFile } from './scripts/build/clientAsSeparateFile.mjs';
import { cssAsText } from './scripts/build/cssAsText.mjs';
import { vscodeOnce } from './scripts/build/vscodeOnce.mjs';
import { webviewEntries as webviewEntriesOf } from './scripts/build/webviewEntries.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// a production build (the .vsix) must not ship source maps a development build left behind
if (production) rmSync('dist', { recursive: true, force: true });

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
    entryPoints: { extensionMain: 'src/extension/extension.ts' },
    outdir: 'dist',
    plugins: [clientAsSeparateFile, vscodeOnce],
  });
  // the catalog graphs' layout thread (src/extension/graph/hostLayouts.ts starts it): ELK, kept
  // compiled in the host from one graph page to the next
  builds.push({
    ...nodeBundle,
    entryPoints: { graphLayoutThread: 'src/extension/graph/layoutThread.ts' },
    outdir: 'dist',
  });
  // the entry VS Code loads: it loads extensionMain.js with V8's code cache
  builds.push({
    ...nodeBundle,
    entryPoints: { extension: 'src/extension/codeCachedEntry.ts' },
    outdir: 'dist',
  });
}

// Webviews: browser ESM, everything bundled (no CDN); codicons copied beside them.
const webviewEntries = webviewEntriesOf();
if (webviewEntries.length > 0) {
  builds.push({
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    entryPoints: Object.fromEntries(
      webviewEntries.map((name) => [name, `src/webview/${name}/main.ts`]),
    ),
    outdir: 'dist/webview',
    minify: production,
    sourcemap: !production,
    logLevel: 'info',
    // hooks for the end-to-end tests (window.__pdbxGraph, the graph's worker fault) exist only in
    // development builds
    define: { PDBX_TEST_HOOKS: String(!production) },
  });
  // Web Workers of the webviews (src/webview/<entry>/<name>.worker.ts -> <entry>-<name>.worker.js)
  const workers = webviewEntries.flatMap((name) =>
    readdirSync(`src/webview/${name}`)
      .filter((file) => file.endsWith('.worker.ts'))
      .map((file) => [`${name}-${file.replace(/\.ts$/, '')}`, `src/webview/${name}/${file}`]),
  );
  if (workers.length > 0) {
    builds.push({
      bundle: true,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      entryPoints: Object.fromEntries(workers),
      outdir: 'dist/webview',
      minify: production,
      sourcemap: false,
      logLevel: 'info',
    });
  }
  mkdirSync('dist/webview', { recursive: true });
  for (const file of ['codicon.css', 'codicon.ttf']) {
    copyFileSync(`node_modules/@vscode/codicons/dist/${file}`, `dist/webview/${file}`);
  }
}

// The PQL notebooks' output renderer: an ES module VS Code loads into a notebook's webview, its
// stylesheets inside it (cssAsText).
builds.push({
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  entryPoints: { notebookRenderer: 'src/webview/notebookRenderer/renderer.ts' },
  outdir: 'dist/webview',
  minify: production,
  sourcemap: !production,
  logLevel: 'info',
  plugins: [cssAsText('src/webview/notebookRenderer/rendererCss.ts')],
});

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}

// The integration tests that run inside the VS Code extension host (test/vscode/runInVsCode.ts).
if (process.argv.includes('--tests')) {
  const { readdirSync } = await import('node:fs');
  const suites = readdirSync('test/vscode/suite').filter((file) => file.endsWith('.test.ts'));
  await esbuild.build({
    ...nodeBundle,
    external: ['vscode', 'mocha'],
    entryPoints: [
      { in: 'test/vscode/index.ts', out: 'index' },
      ...suites.map((file) => ({
        in: `test/vscode/suite/${file}`,
        out: `suite/${file.replace(/\.ts$/, '')}`,
      })),
    ],
    outdir: 'out/test/vscode',
    logLevel: 'warning',
  });
}

// The benchmarks that run inside the VS Code extension host (bench/tree.sh, bench/pql.sh,
// bench/soak.sh, bench/fleet.sh, bench/code.sh, bench/hostMemory.sh).
if (process.argv.includes('--bench')) {
  for (const name of ['tree', 'pql', 'soak', 'fleet', 'code', 'hostMemory']) {
    await esbuild.build({
      ...nodeBundle,
      minify: false,
      external: ['vscode'],
      entryPoints: { index: `bench/${name}/index.ts` },
      outdir: `out/bench/${name}`,
      logLevel: 'warning',
    });
  }
}
