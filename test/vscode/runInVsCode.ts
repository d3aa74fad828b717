/**
 * Runs the extension's integration tests inside a real VS Code extension host, offline, and
 * exits with their result. The workbench reports the mocha outcome through `codeAutomationExit`.
 *
 *   node --import tsx test/vscode/runInVsCode.ts [--state-dir .work/puppetdb-test] [--grep text]
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, startVsCode } from './runtime';

const TEST_TIMEOUT_MS = 10 * 60_000;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'state-dir': { type: 'string', default: '.work/puppetdb-test' },
      screenshots: { type: 'string', default: 'test-results' },
      grep: { type: 'string' },
      'tests-path': { type: 'string', default: 'out/test/vscode/index.js' },
    },
  });
  const screenshots = resolve(values.screenshots!);
  mkdirSync(screenshots, { recursive: true });
  const session = await startVsCode();
  try {
    let report: (code: number) => void = () => {};
    const finished = new Promise<number>((resolveExit) => (report = resolveExit));
    await session.page.exposeFunction('codeAutomationExit', async (code: number) => report(code));
    session.page.on('console', (message) => {
      // the extension host's console reaches the page prefixed and styled; keep our lines only
      const text = message.text();
      const start = text.indexOf('[pdbx] ');
      if (start >= 0) console.log(text.slice(start + 7).replace(/%c/g, ''));
    });
    const environment = {
      PDB_STATE_DIR: resolve(values['state-dir']!),
      PDBX_GREP: values.grep ?? '',
    };
    await session.open(join(ROOT, 'test/fixtures/workspace'), [
      ['extensionTestsPath', `vscode-remote://remote${resolve(ROOT, values['tests-path']!)}`],
      ['extensionEnvironment', JSON.stringify(environment)],
    ]);
    const timeout = new Promise<number>((resolveTimeout) =>
      setTimeout(() => {
        console.error(`The extension tests did not finish within ${TEST_TIMEOUT_MS / 1000} s.`);
        resolveTimeout(2);
      }, TEST_TIMEOUT_MS).unref(),
    );
    const code = await Promise.race([finished, timeout]);
    await session.page
      .screenshot({ path: join(screenshots, 'vscode-after-integration-tests.png') })
      .catch(() => undefined);
    if (code !== 0) console.error(session.serverLog().slice(-3000));
    return code;
  } finally {
    await session.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
