/**
 * A second real PuppetDB with a fleet of its own (12 nodes of another seed), for the suites that
 * run one query on several connections: the one in PDB_SECOND_STATE_DIR when it runs there (a
 * developer started it, runInVsCode.ts says where), else one this suite starts there, loads, and
 * stops when it is done.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { loadFleet } from '../../scripts/puppetdb/fleetLoader';
import { secondTestStateDir, serverIn, type TestServer } from '../integration/support/puppetdb';

const run = promisify(execFile);
export const SECOND_FLEET = { size: 12, seed: 7 };

/** The repository's scripts/puppetdb, found from this bundle's folder (out/test/vscode/…). */
function script(name: string): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const path = join(dir, 'scripts', 'puppetdb', name);
    if (existsSync(path)) return path;
  }
  throw new Error(`scripts/puppetdb/${name} not found above ${__dirname}`);
}

/** The exit status a start wrote to `file`, once it has (polled: another process writes it). */
async function startStatus(file: string): Promise<number> {
  for (;;) {
    try {
      const text = readFileSync(file, 'utf8').trim();
      if (text !== '') return Number(text);
    } catch {
      // not written yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Whether a PuppetDB started by start.sh runs in `stateDir` with the second fleet loaded. */
function runningWithFleet(stateDir: string): boolean {
  try {
    const env = readFileSync(join(stateDir, 'env'), 'utf8');
    const pid = Number(/^PDB_PID=(\d+)$/m.exec(env)?.[1]);
    if (!pid) return false;
    process.kill(pid, 0);
    const fleet = JSON.parse(readFileSync(join(stateDir, 'fleet.json'), 'utf8')) as {
      size?: number;
      seed?: number;
    };
    return fleet.size === SECOND_FLEET.size && fleet.seed === SECOND_FLEET.seed;
  } catch {
    return false;
  }
}

/** The second PuppetDB, and how to let it go (stops it only when this call started it). */
export async function secondServer(): Promise<{ server: TestServer; release(): Promise<void> }> {
  const stateDir = secondTestStateDir();
  // scripts/test.sh starts it beside the other tests: wait for that start, never start another
  const ready = process.env.PDB_SECOND_READY;
  if (ready) {
    const status = await startStatus(ready);
    if (status !== 0 || !runningWithFleet(stateDir)) {
      throw new Error(`the second PuppetDB in ${stateDir} did not start (exit ${status})`);
    }
    return { server: serverIn(stateDir), release: async () => {} };
  }
  if (runningWithFleet(stateDir)) {
    return { server: serverIn(stateDir), release: async () => {} };
  }
  await run('bash', [script('start.sh'), stateDir], {
    env: {
      ...process.env,
      PDB_POOL_SIZE: '4',
      PDB_HEAP: '512m',
      PDB_READY_TIMEOUT: process.env.PDB_READY_TIMEOUT ?? '600',
    },
  });
  await loadFleet({ stateDir, ...SECOND_FLEET, concurrency: 4 });
  return {
    server: serverIn(stateDir),
    release: async () => {
      await run('bash', [script('stop.sh'), stateDir, '--keep-postgres']);
    },
  };
}
