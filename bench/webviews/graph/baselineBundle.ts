/**
 * The graph webview as it was at another commit (the bench's baseline): its src/ taken out of git
 * into a temporary folder and bundled the way esbuild.mjs bundles it for production.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';

const ROOT = resolve(__dirname, '../../..');

/** Builds dist/webview/graph.js and graph-layout.worker.js of `ref`; returns their folder. */
export async function buildBaselineBundle(ref: string): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'pdbx-graph-baseline-'));
  const archive = execFileSync('git', ['-C', ROOT, 'archive', ref, 'src', 'tsconfig.base.json'], {
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', folder], { input: archive });
  const out = join(folder, 'dist', 'webview');
  const common = {
    bundle: true,
    platform: 'browser' as const,
    target: 'es2022',
    outdir: out,
    minify: true,
    logLevel: 'warning' as const,
    // the archive has no node_modules of its own
    nodePaths: [join(ROOT, 'node_modules')],
  };
  await esbuild.build({
    ...common,
    format: 'esm',
    entryPoints: { graph: join(folder, 'src/webview/graph/main.ts') },
    define: { PDBX_TEST_HOOKS: 'false' },
  });
  await esbuild.build({
    ...common,
    format: 'iife',
    entryPoints: { 'graph-layout.worker': join(folder, 'src/webview/graph/layout.worker.ts') },
  });
  return out;
}
