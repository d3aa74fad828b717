/**
 * The client against the limits of issue 14, each row a ratio beside its baseline measured in the
 * same run: curl (PuppetDB streams JSON from one thread, so curl is the physical limit), raw undici
 * with one JSON.parse (the least CPU a Node reader can spend), and pypuppetdb (the reference).
 * Every measurement is a fresh process (bench/clientProbe.ts, curl, python3); each row is the
 * median of `--rounds` after one warm-up round, the readers alternating within a round. Both
 * bodies are read twice: sharing the machine's CPUs with PuppetDB, then on a CPU of the reader's
 * own (bench/cpuPinning.ts), as when VS Code and PuppetDB run on two machines.
 *
 *   node --import tsx bench/client.ts --state-dir .work/bench-client \
 *     [--fleet-state-dir .work/fleet] [--rounds 5]
 *
 * --state-dir holds the 2,000-node fleet (facts, resources, nodes with status); --fleet-state-dir
 * the 10,000-node one (nodes with status, for the pypuppetdb row and linearity). Prints numbers
 * only; nothing here asserts them.
 */
import { execFileSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ProbeResult } from './clientProbe';
import { readStateEnv } from '../scripts/puppetdb/fleetLoader';
import { pinServerAwayFromReader } from './cpuPinning';

const PYTHON = '/usr/bin/python3'; // Debian's, where python3-pypuppetdb installs

interface CurlResult {
  rows: number;
  seconds: number;
  firstByteSeconds: number;
  bytes: number;
}

function baseUrlOf(stateDir: string): string {
  const url = readStateEnv(stateDir).PDB_HTTP_URL;
  if (!url) throw new Error(`${stateDir}/env names no PDB_HTTP_URL`);
  return url.trim();
}

/**
 * The probe runs the client as the extension does: the client bundled as the shipped
 * dist/client.js is (esbuild.mjs --production: undici included, minified), loaded with its code
 * cache, in plain Node. Through tsx's loader instead, every module undici loads lazily on its
 * first request (its HTTP parser) went through the loader's worker thread, 20–30 ms that no user
 * pays.
 */
const OUT = join(__dirname, '..', 'out', 'bench');
const PROBE = join(OUT, 'clientProbe.cjs');
/** The client's code cache, as the extension keeps it; the warm-up round writes it. */
const CODE_CACHE = join(OUT, 'code-cache');

function buildProbe(): void {
  const shipped = {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20.18',
    minify: true,
    logLevel: 'warning',
  } as const;
  buildSync({
    ...shipped,
    entryPoints: [join(__dirname, '..', 'src', 'client', 'index.ts')],
    outfile: join(OUT, 'client.js'),
  });
  buildSync({ ...shipped, entryPoints: [join(__dirname, 'clientProbe.ts')], outfile: PROBE });
  rmSync(CODE_CACHE, { recursive: true, force: true });
}

/** Runs a command line, after `prefix` (taskset, to run it on a CPU of its own) if given. */
function execute(command: string, args: string[], prefix: readonly string[] = []): string {
  const [file, ...rest] = [...prefix, command, ...args];
  return execFileSync(file!, rest, { encoding: 'utf8', maxBuffer: 1 << 20 });
}

/**
 * One probe; `codeCache`: the client's code cache folder (none: a new empty one, as on a first
 * start); `prefix`: see execute().
 */
function probe(
  baseUrl: string,
  mode: string,
  codeCache?: string,
  prefix?: readonly string[],
): ProbeResult {
  const args = [PROBE, '--url', baseUrl, '--mode', mode];
  if (codeCache) args.push('--code-cache', codeCache);
  const output = execute(process.execPath, args, prefix);
  return JSON.parse(output.trim().split('\n').pop()!) as ProbeResult;
}

/** The rows of a mode that loads the client must all have taken (or all not) the code cache. */
function cacheAsMeant(label: string, runs: ProbeResult[], used: boolean): void {
  if (runs.some((run) => run.cacheUsed !== used)) {
    throw new Error(`${label}: V8 ${used ? 'did not take' : 'took'} the client's code cache`);
  }
}

function curl(baseUrl: string, path: string, prefix?: readonly string[]): CurlResult {
  const output = execute(
    'curl',
    [
      '-sf',
      '-o',
      '/dev/null',
      '-w',
      '%{time_starttransfer} %{time_total} %{size_download}',
      `${baseUrl}/${path}`,
    ],
    prefix,
  );
  const [firstByte, total, bytes] = output.trim().split(' ').map(Number) as [
    number,
    number,
    number,
  ];
  return { rows: Number.NaN, seconds: total, firstByteSeconds: firstByte, bytes };
}

function pypuppetdb(baseUrl: string): { rows: number; seconds: number } {
  const url = new URL(baseUrl);
  const output = execFileSync(
    PYTHON,
    [join(__dirname, 'pypuppetdbNodes.py'), url.hostname, url.port],
    { encoding: 'utf8' },
  );
  return JSON.parse(output.trim().split('\n').pop()!) as { rows: number; seconds: number };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs the readers alternately (the order turns each round), a warm-up round first. */
function rounds<T extends Record<string, () => unknown>>(
  count: number,
  readers: T,
): { [K in keyof T]: Array<ReturnType<T[K]>> } {
  const names = Object.keys(readers) as Array<keyof T>;
  const results = Object.fromEntries(names.map((name) => [name, []])) as unknown as {
    [K in keyof T]: Array<ReturnType<T[K]>>;
  };
  for (let round = 0; round <= count; round++) {
    const order = round % 2 ? [...names].reverse() : names;
    for (const name of order) {
      const result = readers[name]!() as ReturnType<T[typeof name]>;
      if (round > 0) results[name].push(result);
    }
  }
  return results;
}

function sameRows(label: string, a: number, b: number): void {
  if (a !== b) throw new Error(`${label}: one reader saw ${a} rows, the other ${b}`);
}

const rows: string[][] = [['row', 'client', 'baseline', 'ratio', 'target']];
function row(label: string, client: string, baseline: string, ratio: number, target: string): void {
  rows.push([label, client, baseline, `${ratio.toFixed(2)}×`, target]);
  console.error(`  ${label}: ${ratio.toFixed(2)}×`); // progress while the rest runs
}
const s = (seconds: number): string => `${seconds.toFixed(2)} s`;
const ms = (seconds: number): string => `${(seconds * 1000).toFixed(1)} ms`;

function factsAndResources(baseUrl: string, count: number): void {
  const facts = rounds(count, {
    curl: () => curl(baseUrl, 'pdb/query/v4/facts'),
    client: () => probe(baseUrl, 'client-facts', CODE_CACHE),
    raw: () => probe(baseUrl, 'raw-facts'),
    warm: () => probe(baseUrl, 'client-first-warm', CODE_CACHE),
    nodeHttp: () => probe(baseUrl, 'node-http-facts'),
    uncached: () => probe(baseUrl, 'client-facts'),
  });
  cacheAsMeant('facts', facts.client, true);
  cacheAsMeant('facts, first start', facts.uncached, false);
  for (const run of facts.client) sameRows('facts', run.rows, facts.raw[0]!.rows);
  const factRows = facts.client[0]!.rows;
  const factMb = facts.curl[0]!.bytes / 1e6;
  const clientTotal = median(facts.client.map((run) => run.seconds));
  const curlTotal = median(facts.curl.map((run) => run.seconds));
  row(
    `all facts (${factRows} rows, ${factMb.toFixed(0)} MB): client total ÷ curl`,
    s(clientTotal),
    s(curlTotal),
    clientTotal / curlTotal,
    '≤ 1.05×',
  );

  // what reading costs here when PuppetDB and the reader share 2 cores: the same body read by
  // undici and parsed once (the CPU baseline below), and by node:http and not parsed at all
  const rawTotal = median(facts.raw.map((run) => run.seconds));
  row(
    'all facts: undici + one JSON.parse, total ÷ curl (a reader that parses it all; reference)',
    s(rawTotal),
    s(curlTotal),
    rawTotal / curlTotal,
    '',
  );
  const nodeHttpTotal = median(facts.nodeHttp.map((run) => run.seconds));
  row(
    'all facts: node:http, nothing parsed, total ÷ curl (reference)',
    s(nodeHttpTotal),
    s(curlTotal),
    nodeHttpTotal / curlTotal,
    '',
  );

  const resources = rounds(count, {
    curl: () => curl(baseUrl, 'pdb/query/v4/resources'),
    client: () => probe(baseUrl, 'client-resources', CODE_CACHE),
    raw: () => probe(baseUrl, 'raw-resources'),
  });
  for (const run of resources.client) sameRows('resources', run.rows, resources.raw[0]!.rows);
  const resourceTotal = median(resources.client.map((run) => run.seconds));
  const resourceCurl = median(resources.curl.map((run) => run.seconds));
  row(
    `all resources (${resources.client[0]!.rows} rows, ${(resources.curl[0]!.bytes / 1e6).toFixed(0)} MB): client ÷ curl`,
    s(resourceTotal),
    s(resourceCurl),
    resourceTotal / resourceCurl,
    '≤ 1.05×',
  );
  const resourceRaw = median(resources.raw.map((run) => run.seconds));
  row(
    'all resources: undici + one JSON.parse, total ÷ curl (a reader that parses it all; reference)',
    s(resourceRaw),
    s(resourceCurl),
    resourceRaw / resourceCurl,
    '',
  );

  const clientCpu = median(facts.client.map((run) => run.cpuSeconds));
  const rawCpu = median(facts.raw.map((run) => run.cpuSeconds));
  row(
    'client CPU on all facts ÷ undici + one JSON.parse',
    s(clientCpu),
    s(rawCpu),
    clientCpu / rawCpu,
    '≤ 1.1×',
  );

  const first = median(facts.client.map((run) => run.firstSeconds));
  const firstByte = median(facts.curl.map((run) => run.firstByteSeconds));
  row(
    "first record ÷ curl's first byte (facts), fresh process",
    ms(first),
    ms(firstByte),
    first / firstByte,
    '≤ 2×',
  );
  // the first start after an install or an update, before the client's code cache is written
  const uncachedFirst = median(facts.uncached.map((run) => run.firstSeconds));
  row(
    "first record ÷ curl's first byte (facts), fresh process, no code cache yet (first start; reference)",
    ms(uncachedFirst),
    ms(firstByte),
    uncachedFirst / firstByte,
    '',
  );
  const load = median(facts.client.map((run) => run.loadSeconds!));
  const uncachedLoad = median(facts.uncached.map((run) => run.loadSeconds!));
  row(
    'loading the client (dist/client.js) in a fresh process: with its code cache ÷ without',
    ms(load),
    ms(uncachedLoad),
    load / uncachedLoad,
    '',
  );
  // the same in a process that has made a request before (undici's parser loaded), on a new
  // connection as curl's: what a query costs in an extension host that has talked to PuppetDB
  const warmFirst = median(facts.warm.map((run) => run.firstSeconds));
  row(
    "first record ÷ curl's first byte (facts), process warm, new connection",
    ms(warmFirst),
    ms(firstByte),
    warmFirst / firstByte,
    '≤ 2×',
  );
  // what any Node client pays: undici's own first bytes, in a fresh process like the client's
  const rawFirst = median(facts.raw.map((run) => run.firstSeconds));
  row(
    "first record ÷ undici's first bytes, fresh process (facts)",
    ms(first),
    ms(rawFirst),
    first / rawFirst,
    '',
  );
  // the floor under all of them: Node's own HTTP client (its parser built into Node, nothing to
  // load or compile) in a fresh process
  const nodeHttpFirst = median(facts.nodeHttp.map((run) => run.firstSeconds));
  row(
    "node:http's first bytes ÷ curl's first byte, fresh process (facts; any Node client's floor)",
    ms(nodeHttpFirst),
    ms(firstByte),
    nodeHttpFirst / firstByte,
    '',
  );
}

/**
 * All facts and all resources again, PuppetDB and PostgreSQL on one CPU and the readers on the
 * other: the client's own speed, as when VS Code and PuppetDB are on different machines (above,
 * sharing 2 cores, what a reader spends on parsing slows PuppetDB's streaming).
 */
function onCpusOfTheirOwn(baseUrl: string, stateDir: string, count: number): void {
  const pinning = pinServerAwayFromReader(stateDir);
  if (typeof pinning === 'string') {
    console.error(`  the rows with a CPU of the reader's own are left out: ${pinning}`);
    return;
  }
  const on = pinning.readerPrefix;
  try {
    for (const body of ['facts', 'resources'] as const) {
      const runs = rounds(count, {
        curl: () => curl(baseUrl, `pdb/query/v4/${body}`, on),
        client: () => probe(baseUrl, `client-${body}`, CODE_CACHE, on),
        raw: () => probe(baseUrl, `raw-${body}`, undefined, on),
      });
      for (const run of runs.client) sameRows(body, run.rows, runs.raw[0]!.rows);
      const curlTotal = median(runs.curl.map((run) => run.seconds));
      const clientTotal = median(runs.client.map((run) => run.seconds));
      const rawTotal = median(runs.raw.map((run) => run.seconds));
      row(
        `all ${body}, the reader on a CPU of its own (PuppetDB and PostgreSQL on the other, as on two machines): client ÷ curl`,
        s(clientTotal),
        s(curlTotal),
        clientTotal / curlTotal,
        '≤ 1.05×',
      );
      row(
        `all ${body}, the reader on a CPU of its own: undici + one JSON.parse ÷ curl (reference)`,
        s(rawTotal),
        s(curlTotal),
        rawTotal / curlTotal,
        '',
      );
    }
  } finally {
    pinning.release();
  }
}

function nodesWithStatus(
  baseUrl: string,
  count: number,
): { client: number; reference: number; nodes: number } {
  const runs = rounds(count, {
    client: () => probe(baseUrl, 'client-nodes-status', CODE_CACHE),
    reference: () => pypuppetdb(baseUrl),
  });
  const nodes = runs.client[0]!.rows;
  for (const run of runs.reference) sameRows('nodes', run.rows, nodes);
  const client = median(runs.client.map((run) => run.seconds));
  const reference = median(runs.reference.map((run) => run.seconds));
  row(
    `nodes({ withStatus }), ${nodes} nodes: pypuppetdb ÷ client (times faster)`,
    s(client),
    s(reference),
    reference / client,
    nodes >= 10_000 ? '≥ 5×' : '',
  );
  return { client, reference, nodes };
}

function main(): void {
  const { values } = parseArgs({
    options: {
      'state-dir': { type: 'string', default: '.work/bench-client' },
      'fleet-state-dir': { type: 'string' },
      rounds: { type: 'string', default: '5' },
    },
  });
  const count = Number(values.rounds);
  const baseUrl = baseUrlOf(values['state-dir']!);
  buildProbe();
  console.error(
    `medians of ${count} after one warm-up, a fresh process each (the client and undici bundled as shipped, in plain Node); PuppetDB at ${baseUrl}`,
  );
  factsAndResources(baseUrl, count);
  onCpusOfTheirOwn(baseUrl, values['state-dir']!, count);
  const small = nodesWithStatus(baseUrl, count);
  if (values['fleet-state-dir']) {
    const large = nodesWithStatus(baseUrlOf(values['fleet-state-dir']), count);
    const scale = large.nodes / small.nodes;
    rows.push([
      `linearity, ${large.nodes} ÷ ${small.nodes} nodes (×${scale.toFixed(1)} the nodes)`,
      `client ×${(large.client / small.client).toFixed(2)}`,
      `pypuppetdb ×${(large.reference / small.reference).toFixed(2)}`,
      `${(large.client / small.client / scale).toFixed(2)}×`,
      'client ≈ 1× (linear)',
    ]);
  }
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((cells) => cells[column]!.length)),
  );
  for (const cells of rows) {
    console.log(
      cells
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  }
}

main();
