/**
 * Client overhead against the physical limit: for each entity, the time our client takes to
 * fetch, stream-decode and build typed records, divided by the time raw undici + JSON.parse
 * takes for the same URL, measured alternately in one run. Also the time to the first record
 * of a streamed response against its full download.
 *
 *   node --import tsx bench/client.ts --state-dir .work/puppetdb-bench [--rounds 5]
 *
 * Prints numbers only; nothing here asserts them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { connect, type PuppetDB } from '../src/client';

interface Case {
  label: string;
  path: string;
  viaClient: (db: PuppetDB) => Promise<number>;
}

const CASES: Case[] = [
  { label: 'nodes', path: 'pdb/query/v4/nodes', viaClient: async (db) => count(db.nodes()) },
  { label: 'facts', path: 'pdb/query/v4/facts', viaClient: async (db) => count(db.facts()) },
  {
    label: 'resources',
    path: 'pdb/query/v4/resources',
    viaClient: async (db) => count(db.resources()),
  },
  { label: 'events', path: 'pdb/query/v4/events', viaClient: async (db) => count(db.events()) },
];

async function count(records: AsyncIterable<unknown>): Promise<number> {
  let total = 0;
  for await (const _record of records) total++;
  return total;
}

async function viaRawUndici(dispatcher: Agent, url: string): Promise<number> {
  const response = await request(url, { dispatcher, headers: { accept: 'application/json' } });
  const rows = JSON.parse(await response.body.text()) as unknown[];
  return rows.length;
}

async function timed<T>(action: () => Promise<T>): Promise<{ seconds: number; result: T }> {
  const start = performance.now();
  const result = await action();
  return { seconds: (performance.now() - start) / 1000, result };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function firstRecordLatency(
  db: PuppetDB,
): Promise<{ first: number; total: number; rows: number }> {
  const start = performance.now();
  let first = 0;
  let rows = 0;
  for await (const batch of db.facts().batches()) {
    if (rows === 0 && batch.length > 0) first = performance.now() - start;
    rows += batch.length;
  }
  return { first: first / 1000, total: (performance.now() - start) / 1000, rows };
}

function readEnv(stateDir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(join(stateDir, 'env'), 'utf8').split('\n')) {
    const match = /^(?:export\s+)?([A-Z_][A-Z0-9_]*)=['"]?(.*?)['"]?$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'state-dir': { type: 'string', default: '.work/puppetdb-bench' },
      rounds: { type: 'string', default: '5' },
    },
  });
  const env = readEnv(values['state-dir']!);
  const baseUrl = env.PDB_HTTP_URL!;
  const rounds = Number(values.rounds);
  const url = new URL(baseUrl);
  const db = connect({ host: url.hostname, port: Number(url.port), timeout: 120 });
  const raw = new Agent({ headersTimeout: 120_000, bodyTimeout: 120_000 });

  console.log(
    `PuppetDB ${await db.currentVersion()} at ${baseUrl}; ${rounds} rounds after one warm-up, alternating order`,
  );
  console.log('entity      rows      raw undici+JSON.parse s   client s   ratio (target <= 1.15)');
  for (const benchCase of CASES) {
    const rawTimes: number[] = [];
    const clientTimes: number[] = [];
    let rows = 0;
    for (let round = 0; round <= rounds; round++) {
      const runRaw = () => timed(() => viaRawUndici(raw, `${baseUrl}/${benchCase.path}`));
      const runClient = () => timed(() => benchCase.viaClient(db));
      const [first, second] = round % 2 ? [runClient, runRaw] : [runRaw, runClient];
      const a = await first();
      const b = await second();
      const [rawRun, clientRun] = round % 2 ? [b, a] : [a, b];
      if (rawRun.result !== clientRun.result) {
        throw new Error(
          `${benchCase.label}: raw saw ${rawRun.result} rows, the client ${clientRun.result}`,
        );
      }
      rows = clientRun.result;
      if (round === 0) continue; // warm-up
      rawTimes.push(rawRun.seconds);
      clientTimes.push(clientRun.seconds);
    }
    const ratio = median(clientTimes) / median(rawTimes);
    console.log(
      `${benchCase.label.padEnd(10)} ${String(rows).padStart(8)}   ${median(rawTimes).toFixed(3).padStart(22)}   ${median(clientTimes).toFixed(3).padStart(8)}   ${ratio.toFixed(3)}`,
    );
  }

  const latencies = [];
  for (let round = 0; round < Math.max(3, rounds); round++) {
    latencies.push(await firstRecordLatency(db));
  }
  const first = median(latencies.map((latency) => latency.first));
  const total = median(latencies.map((latency) => latency.total));
  console.log(
    `streamed facts (${latencies[0]!.rows} rows): first record after ${(first * 1000).toFixed(1)} ms of a ${total.toFixed(3)} s download = ${((first / total) * 100).toFixed(2)} % (target < 10 %)`,
  );
  await db.disconnect();
  await raw.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
