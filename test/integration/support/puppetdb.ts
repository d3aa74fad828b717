/**
 * Where the real PuppetDB of this test run is, and what it holds. `scripts/test.sh` starts the
 * server and loads the sample fleet; the fleet is regenerated here from the same size, seed and
 * clock, so tests compare the client's answers with what was sent.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { connect, type ConnectOptions, type PuppetDB } from '../../../src/client';
import { generateFleet } from '../../fixtures/fleet/generate';

export interface TestServer {
  stateDir: string;
  host: string;
  httpPort: number;
  httpsPort: number;
  ca: string;
  cert: string;
  key: string;
  rogueCert: string;
  rogueKey: string;
  /** The PuppetDB JVM this run started (tests may pause it to make it stall); read anew each time. */
  readonly pid: number;
}

function readEnvFile(path: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^(?:export\s+)?([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) values[match[1]!] = match[2]!.replace(/^['"]|['"]$/g, '');
  }
  return values;
}

let cached: TestServer | undefined;

/** The state dir of this run's PuppetDB (PDB_STATE_DIR, as scripts/test.sh sets it). */
export function testStateDir(): string {
  return resolve(process.env.PDB_STATE_DIR ?? '.work/puppetdb-test');
}

/**
 * Where a second PuppetDB with another fleet is (PDB_SECOND_STATE_DIR; runInVsCode.ts sets it),
 * for the suites that run one query on several connections at once.
 */
export function secondTestStateDir(): string {
  return resolve(process.env.PDB_SECOND_STATE_DIR ?? `${testStateDir()}-second`);
}

export function testServer(): TestServer {
  cached ??= serverIn(testStateDir());
  return cached;
}

/** The PuppetDB that scripts/puppetdb/start.sh started in `stateDir`. */
export function serverIn(stateDir: string): TestServer {
  const env = readEnvFile(join(stateDir, 'env'));
  const required = (key: string): string => {
    const value = env[key];
    if (!value) {
      throw new Error(`${stateDir}/env has no ${key}; did scripts/puppetdb/start.sh run?`);
    }
    return value;
  };
  return {
    stateDir,
    host: required('PDB_HOST'),
    httpPort: Number(required('PDB_HTTP_PORT')),
    httpsPort: Number(required('PDB_HTTPS_PORT')),
    ca: required('PDB_SSL_CA'),
    cert: required('PDB_SSL_CERT'),
    key: required('PDB_SSL_KEY'),
    rogueCert: required('PDB_ROGUE_CERT'),
    rogueKey: required('PDB_ROGUE_KEY'),
    // read when asked: scripts/puppetdb/restart.sh gives the JVM a new PID mid-run
    get pid(): number {
      const pid = Number(readEnvFile(join(stateDir, 'env')).PDB_PID);
      if (!pid) {
        throw new Error(`${stateDir}/env has no PDB_PID; did scripts/puppetdb/start.sh run?`);
      }
      return pid;
    },
  };
}

export function httpClient(options: ConnectOptions = {}, server = testServer()): PuppetDB {
  return connect({ host: server.host, port: server.httpPort, timeout: 60, ...options });
}

export function httpsClient(options: ConnectOptions = {}): PuppetDB {
  const server = testServer();
  return connect({
    host: server.host,
    port: server.httpsPort,
    sslVerify: server.ca,
    sslCert: server.cert,
    sslKey: server.key,
    timeout: 30,
    ...options,
  });
}

export type LoadedFleet = ReturnType<typeof generateFleet>;

let fleet: LoadedFleet | undefined;

/** The fleet the loader sent, regenerated from `fleet.json`. */
export function loadedFleet(): LoadedFleet {
  fleet ??= fleetIn(testServer().stateDir);
  return fleet;
}

/** The fleet load-fleet.ts sent to the PuppetDB of `stateDir`, regenerated from its `fleet.json`. */
export function fleetIn(stateDir: string): LoadedFleet {
  const manifest = JSON.parse(readFileSync(join(stateDir, 'fleet.json'), 'utf8')) as {
    size: number;
    seed: number;
    now: string;
    quiet?: boolean;
    commits?: string[];
  };
  return generateFleet({
    size: manifest.size,
    seed: manifest.seed,
    now: new Date(manifest.now),
    quiet: manifest.quiet ?? false,
    commits: manifest.commits ?? [],
  });
}
