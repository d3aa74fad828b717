/**
 * One measured read in a fresh process, for bench/client.ts: prints one JSON line with the wall
 * time (request sent → last record), the process CPU time of that span, the time to the first
 * record and the row count.
 *
 *   node out/bench/clientProbe.cjs --url http://127.0.0.1:8080 --mode client-facts
 *
 * (bench/client.ts bundles it there first, as the shipped client is bundled; run through tsx it
 * works too, but pays the loader on undici's lazily loaded modules.)
 *
 * Modes: client-facts, client-resources, client-nodes-status (the client, every record),
 * client-first-warm (the first record of all facts, in a process that has made a request before,
 * on a new connection), raw-facts and raw-resources (the baseline: undici's whole body, then one
 * JSON.parse; its first chunk's time) and node-http-facts (Node's own HTTP client, whose parser is
 * built into Node: its first chunk's time is the floor of any Node client in a fresh process; its
 * total, of any reader here).
 */
import { get } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { connect, type PuppetDB } from '../src/client';

export interface ProbeResult {
  mode: string;
  rows: number;
  seconds: number;
  cpuSeconds: number;
  firstSeconds: number;
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

async function viaClient(baseUrl: string, mode: string): Promise<ProbeResult> {
  const read = CLIENT_READS[mode];
  if (!read) throw new Error(`unknown mode ${mode}`);
  const url = new URL(baseUrl);
  const db = connect({ host: url.hostname, port: Number(url.port), timeout: 600 });
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
  return { mode, rows, seconds, cpuSeconds, firstSeconds: first / 1000 };
}

/**
 * The first record of all facts from a client whose process has made a request before (undici's
 * HTTP parser is loaded and compiled: what an extension host that has talked to any PuppetDB has),
 * on a connection of its own (a new client: no kept-alive connection to reuse), as curl has.
 */
async function firstRecordWarm(baseUrl: string, mode: string): Promise<ProbeResult> {
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

/** The modes that are not a read through CLIENT_READS. */
const OTHER_PROBES: Record<string, (baseUrl: string, mode: string) => Promise<ProbeResult>> = {
  'raw-facts': viaRawUndici,
  'raw-resources': viaRawUndici,
  'node-http-facts': viaNodeHttp,
  'client-first-warm': firstRecordWarm,
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, mode: { type: 'string' } },
  });
  const mode = values.mode!;
  const probe = OTHER_PROBES[mode] ?? viaClient;
  console.log(JSON.stringify(await probe(values.url!, mode)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
