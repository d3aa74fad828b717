/**
 * Test hooks never ship: a production build of the webviews (as `npm run package` makes it)
 * holds no `__pdbx` hook, while a development build (what the e2e tests drive) has the graph's.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import * as esbuild from 'esbuild';

const out = mkdtempSync(join(tmpdir(), 'pdbx-bundle-'));
after(() => rmSync(out, { recursive: true, force: true }));

async function graphBundle(production: boolean): Promise<string> {
  const outfile = join(out, production ? 'production.js' : 'development.js');
  await esbuild.build({
    entryPoints: ['src/webview/graph/main.ts'],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: production,
    outfile,
    logLevel: 'silent',
    define: { PDBX_TEST_HOOKS: String(!production) },
  });
  return readFileSync(outfile, 'utf8');
}

describe('webview bundles', () => {
  test('a production build has no test hook; a development build has the graph hook', async () => {
    assert.doesNotMatch(await graphBundle(true), /__pdbx/);
    assert.match(await graphBundle(false), /__pdbxGraph/);
  });

  test('esbuild.mjs builds the webviews with the same switch', () => {
    assert.match(
      readFileSync('esbuild.mjs', 'utf8'),
      /define: \{ PDBX_TEST_HOOKS: String\(!production\) \}/,
    );
  });
});
