/**
 * npm run screenshots: the README's picture of each view, taken by the end-to-end scripts that
 * drive those views (never by hand), into media/screenshots/ (kept out of the .vsix). Arguments
 * are passed on (`--state-dir`).
 *
 *   node esbuild.mjs && node --import tsx scripts/readme-screenshots.ts --state-dir .work/puppetdb-test
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Each e2e script and the pictures it saves (see saveReadmeScreenshot). */
const pictures: Record<string, string[]> = {
  'explorer.e2e.ts': ['tree'],
  'pql.e2e.ts': ['pql-results'],
  'graph.e2e.ts': ['catalog-graph'],
  'events.e2e.ts': ['events-table', 'report'],
  'firstSteps.e2e.ts': ['walkthrough', 'connection-form'],
  'overview.e2e.ts': ['overview'],
  'inventory.e2e.ts': ['inventory'],
  'code.e2e.ts': ['code-lens'],
  'recentRuns.e2e.ts': ['recent-runs'],
  'factExplorer.e2e.ts': ['fact-explorer'],
  'notebook.e2e.ts': ['pql-notebook'],
  'queries.e2e.ts': ['queries-view'],
};

const failed: string[] = [];
for (const [script, names] of Object.entries(pictures)) {
  console.log(`== screenshots: ${script}`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join('test', 'e2e', script), ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, PDBX_README_SCREENSHOTS: '1' } },
  );
  const missing = names.filter((name) => !existsSync(join('media', 'screenshots', `${name}.png`)));
  if (result.status !== 0 || missing.length > 0) failed.push(`${script} ${missing.join(' ')}`);
}
if (failed.length > 0) {
  console.error(`screenshots missing or their scripts failed: ${failed.join('; ')}`);
  process.exit(1);
}
console.log('screenshots: media/screenshots/ has every view');
