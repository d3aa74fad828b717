/**
 * One measured read in a fresh process, for bench/client.ts: prints one JSON line with the wall
 * time (request sent → last record), the process CPU time of that span, the time to the first
 * record and the row count; for the client's modes also the time it took to load the client.
 *
 *   node out/bench/clientProbe.cjs --url http://127.0.0.1:8080 --mode client-facts \
 *     [--code-cache out/bench/code-cache]
 *
 * bench/client.ts builds it there first, beside out/bench/client.js: the client bundled as
 * dist/client.js is. The probe loads that file as the extension does (connections/clientLibrary.ts):
 * with V8's code cache from --code-cache, which it saves after its read as the extension does
 * after its first answer; without --code-cache, from a new empty cache folder, as the first start
 * after an install or an update does.
 *
 * Modes: client-facts, client-resources, client-nodes-status (the client, every record),
 * client-first-warm (the first record of all facts, in a process that has made a request before,
 * on a new connection), raw-facts and raw-resources (the baseline: undici's whole body, then one
 * JSON.parse; its first chunk's time) and node-http-facts (Node's own HTTP client, whose parser is
 * built into Node: its first chunk's time is the floor of any Node client in a fresh process; its
 * total, of any reader here).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import type * as Client from '../src/client';
import type { PuppetDB } from '../src/client';
import { requireWithCodeCache } from '../src/extension/connections/codeCachedModule';

export interface ProbeResult {
  mode: string;
  rows: number;
  seconds: number;
  cpuSeconds: number;
  firstSeconds: number;
  /** The client's modes: loading out/bench/client.js, and whether V8 took its code cache. */
  loadSeconds?: number;
  cacheUsed?: boolean;
}

type ClientLibrary = typeof Client;

interface LoadedClient {
  library: ClientLibrary;
  loadSeconds: number;
  cacheUsed: boolean;
  /** What the extension does after its first answer: keeps the compiled code for next time. */
  saveCache(): Promise<void>;
}

async function loadClient(codeCacheDir: string | undefined): Promise<LoadedClient> {
  const start = performance.now();
  const dir = codeCacheDir ?? mkdtempSync(join(tmpdir(), 'client-probe-cache-'));
  const loaded = await requireWithCodeCache<ClientLibrary>(join(__dirname, 'client.js'), dir);
  const loadSeconds = (performance.now() - start) / 1000;
  return {
    library: loaded.exports,
    loadSeconds,
    cacheUsed: loaded.cacheUsed,
    saveCache: async () => {
      if (codeCacheDir) await loaded.saveCache();
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}

const CLIENT_READS: Record<string, (db: PuppetDB) => AsyncIterable<unknown>> = {
  'client-facts': (db) => db.facts(),
  'client-resources': (db) => db.resources(),
  'client-nodes-status': (db) => db.nodes({ withStatus: true }),
};

function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

async function viaClient(
  baseUrl: string,
  mode: string,
  client: LoadedClient,
): Promise<ProbeResult> {
  const read = CLIENT_READS[mode];
  if (!read) throw new Error(`unknown mode ${mode}`);
  const url = new URL(baseUrl);
  const db = client.library.connect({ host: url.hostname, port: Number(url.port), timeout: 600 });
  const cpu = process.cpuUsage();
  const start = performance.now();
  let first = 0;
  let rows = 0;
  // every record, one at a time, as a caller's for-await loop sees them
  for await (const _record of read(db)) {
    if (rows++ === 0) first = performance.now() - start;
  }
  const seconds = (performance.now() - start) / 1000;
  const cpuSeconds = cpuSecondsSince(cpu);
  await db.disconnect();
  await client.saveCache();
  return {
    mode,
    rows,
    seconds,
    cpuSeconds,
    firstSeconds: first / 1000,
    loadSeconds: client.loadSeconds,
    cacheUsed: client.cacheUsed,
  };
}

/**
 * The first record of all facts from a client whose process has made a request before (undici's
 * HTTP parser is loaded and compiled: what an extension host that has talked to any PuppetDB has),
 * on a connection of its own (a new client: no kept-alive connection to reuse), as curl has.
 */
async function firstRecordWarm(
  baseUrl: string,
  mode: string,
  client: LoadedClient,
): Promise<ProbeResult> {
  const { connect } = client.library;
  const url = new URL(baseUrl);
  const options = { host: url.hostname, port: Number(url.port), timeout: 600 };
  const before = connect(options);
  await before.facts({ limit: 1 }).toArray();
  await before.disconnect();
  const db = connect(options);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const first = await db.facts().first();
  const seconds = (performance.now() - start) / 1000;
  await db.disconnect();
  await client.saveCache();
  return {
    mode,
    rows: first ? 1 : 0,
    seconds,
    cpuSeconds: cpuSecondsSince(cpu),
    firstSeconds: seconds,
  };
}

async function viaRawUndici(baseUrl: string, mode: string): Promise<ProbeResult> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const endpoint = mode === 'raw-resources' ? 'resources' : 'facts';
  const response = await request(`${baseUrl}/pdb/query/v4/${endpoint}`, {
    headers: { accept: 'application/json' },
    headersTimeout: 600_000,
    bodyTimeout: 600_000,
  });
  // the first chunk's time is the fresh process's floor for the client's first record
  let first = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) {
    first ||= performance.now() - start;
    chunks.push(chunk as Buffer);
  }
  const rows = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[]).length;
  const seconds = (performance.now() - start) / 1000;
  return { mode, rows, seconds, cpuSeconds: cpuSecondsSince(cpu), firstSeconds: first / 1000 };
}

/** All facts through node:http, read to the end (as the others read them) and not parsed. */
async function viaNodeHttp(baseUrl: string, mode: string): Promise<ProbeResult> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  let first = 0;
  let bytes = 0;
  await new Promise<void>((resolve, reject) => {
    get(
      `${baseUrl}/pdb/query/v4/facts`,
      { headers: { accept: 'application/json' } },
      (response) => {
        response.on('data', (chunk: Buffer) => {
          first ||= performance.now() - start;
          bytes += chunk.length;
        });
        response.on('end', resolve);
        response.on('error', reject);
      },
    ).on('error', reject);
  });
  const seconds = (performance.now() - start) / 1000;
  return {
    mode,
    rows: bytes > 0 ? 1 : 0,
    seconds,
    cpuSeconds: cpuSecondsSince(cpu),
    firstSeconds: first / 1000,
  };
}

/** The modes that read without the client: the baselines. */
const BASELINE_PROBES: Record<string, (baseUrl: string, mode: string) => Promise<ProbeResult>> = {
  'raw-facts': viaRawUndici,
  'raw-resources': viaRawUndici,
  'node-http-facts': viaNodeHttp,
};

/** The client's modes that are not a read through CLIENT_READS. */
const OTHER_CLIENT_PROBES: Record<
  string,
  (baseUrl: string, mode: string, client: LoadedClient) => Promise<ProbeResult>
> = {
  'client-first-warm': firstRecordWarm,
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      mode: { type: 'string' },
      'code-cache': { type: 'string' },
    },
  });
  const mode = values.mode!;
  const baseline = BASELINE_PROBES[mode];
  if (baseline) {
    console.log(JSON.stringify(await baseline(values.url!, mode)));
    return;
  }
  const client = await loadClient(values['code-cache']);
  const probe = OTHER_CLIENT_PROBES[mode] ?? viaClient;
  console.log(JSON.stringify(await probe(values.url!, mode, client)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
