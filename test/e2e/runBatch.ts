/**
 * Runs several e2e scripts in one process, those that can sharing one workbench
 * (support/workbenchBatch.ts); test/e2e/runAll.ts runs its batches so. The scripts are named in
 * PDBX_E2E_BATCH (their file names, comma-separated); the arguments are every script's.
 *
 *   PDBX_E2E_BATCH=overview.e2e.ts,peers.e2e.ts node --import tsx test/e2e/runBatch.ts --state-dir …
 */
import { join } from 'node:path';
import { canShareWorkbench, runInSharedWorkbench } from './support/workbench';
import { asBatchScript, startBatch } from './support/workbenchBatch';

const scripts = (process.env.PDBX_E2E_BATCH ?? '').split(',').filter(Boolean);
if (scripts.length === 0) throw new Error('PDBX_E2E_BATCH names no script');
startBatch(scripts, runInSharedWorkbench, canShareWorkbench);
for (const script of scripts) {
  // each script starts its main as it is loaded, as when it runs alone; require, not import():
  // the module runs at once, inside the script's async context (which import() would not carry)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  asBatchScript(script, () => require(join(__dirname, script)));
}
