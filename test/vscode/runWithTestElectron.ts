/**
 * The same extension-host tests through @vscode/test-electron, for contributors whose machine
 * can download VS Code (this project's CI cannot; it uses runInVsCode.ts, the offline route).
 *
 *   npm run test:electron     (after scripts/puppetdb/start.sh and load-fleet.ts)
 */
import { resolve } from 'node:path';
import { runTests } from '@vscode/test-electron';

async function main(): Promise<void> {
  const root = resolve(__dirname, '../..');
  await runTests({
    extensionDevelopmentPath: root,
    extensionTestsPath: resolve(root, 'out/test/vscode/index.js'),
    launchArgs: [
      resolve(root, 'test/fixtures/control-repo'),
      '--disable-extensions',
      '--disable-gpu',
    ],
    extensionTestsEnv: {
      PDB_STATE_DIR: resolve(process.env.PDB_STATE_DIR ?? '.work/puppetdb-test'),
    },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
