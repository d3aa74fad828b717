/**
 * Loads a generated fleet into a running PuppetDB through the command API and checks that every
 * command was processed: small fleets wait for each command, large ones are submitted with
 * bounded concurrency and then the queue is drained. Afterwards the discard directory must be
 * empty and the query API must count what was sent. The command line is load-fleet.ts.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateFleet, type Fleet } from '../../test/fixtures/fleet/generate';
import { buildHistoryRepo, historyRepoIn } from '../../test/fixtures/fleet/historyRepo';

export interface LoadOptions {
  stateDir: string;
  size: number;
  seed: number;
  concurrency: number;
  /** Every report an unchanged run without events (see generateFleet). */
  quiet?: boolean;
  log?: (line: string) => void;
}

export interface LoadSummary {
  fleet: Fleet;
  commands: number;
  seconds: number;
}

const WAIT_THRESHOLD = 200;

export function readStateEnv(stateDir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(join(stateDir, 'env'), 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

interface Command {
  command: 'replace_facts' | 'replace_catalog' | 'store_report' | 'deactivate_node';
  version: number;
  certname: string;
  payload: unknown;
}

/**
 * A waited-for command PuppetDB could not process at once answers 503: concurrent commands of
 * one fleet can race in its storage (two nodes' facts inserting the same new package at the same
 * time: a duplicate key). Sent again, it goes through; commands replace what they name, so
 * sending one twice changes nothing.
 */
const ATTEMPTS = 4;

async function submit(
  baseUrl: string,
  command: Command,
  waitSeconds: number | undefined,
): Promise<void> {
  const search = new URLSearchParams({
    command: command.command,
    version: String(command.version),
    certname: command.certname,
  });
  if (waitSeconds) search.set('secondsToWaitForCompletion', String(waitSeconds));
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${baseUrl}/pdb/cmd/v1?${search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(command.payload),
    });
    const text = await response.text();
    if (response.status === 503 && attempt < ATTEMPTS) {
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      continue;
    }
    if (!response.ok) {
      throw new Error(`${command.command} ${command.certname}: HTTP ${response.status} ${text}`);
    }
    if (waitSeconds && !(JSON.parse(text) as { processed?: boolean }).processed) {
      throw new Error(`${command.command} ${command.certname} was not processed: ${text}`);
    }
    return;
  }
}

async function runAll<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Waits until PuppetDB has processed every queued command, saying every 30 s how many are left
 * and at what rate they are processed (on a large fleet that, not sending, takes the time).
 */
async function waitForEmptyQueue(
  baseUrl: string,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<void> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  let first: number | undefined;
  let lastLog = started;
  for (;;) {
    const status = await getJson<{ status: { queue_depth: number } }>(
      `${baseUrl}/status/v1/services/puppetdb-status`,
    );
    const depth = status.status.queue_depth;
    if (depth === 0) return;
    first ??= depth;
    if (Date.now() > deadline) throw new Error(`the command queue still holds ${depth} commands`);
    if (Date.now() - lastLog >= 30_000) {
      lastLog = Date.now();
      const rate = (first - depth) / ((lastLog - started) / 1000);
      const left = rate > 0 ? `, about ${Math.round(depth / rate)} s left` : '';
      log(`  ${depth} commands queued, processed at ${rate.toFixed(1)} commands/s${left}`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 1000));
  }
}

async function pqlCount(baseUrl: string, pql: string): Promise<number> {
  const rows = await getJson<Array<{ count: number }>>(
    `${baseUrl}/pdb/query/v4?query=${encodeURIComponent(pql)}`,
  );
  return rows[0]?.count ?? 0;
}

function checkDiscards(stateDir: string): void {
  const dir = join(stateDir, 'var', 'stockpile', 'discard');
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return; // no discard directory: nothing was discarded
  }
  if (files.length === 0) return;
  const error = files.find((file) => file.endsWith('_err.txt'));
  const detail = error ? readFileSync(join(dir, error), 'utf8').slice(0, 2000) : files.join(', ');
  throw new Error(`PuppetDB discarded ${files.length / 2} command(s); first error:\n${detail}`);
}

export async function loadFleet(options: LoadOptions): Promise<LoadSummary> {
  const log = options.log ?? (() => {});
  const env = readStateEnv(options.stateDir);
  const baseUrl = env.PDB_HTTP_URL!;
  // the repository the histories' configuration versions are commits of (none in a quiet fleet)
  const historyRepo = historyRepoIn(options.stateDir);
  const commits = options.quiet ? [] : buildHistoryRepo(historyRepo, options.seed);
  const fleet = generateFleet({
    size: options.size,
    seed: options.seed,
    quiet: options.quiet,
    commits,
  });
  const waitSeconds = options.size <= WAIT_THRESHOLD ? 60 : undefined;
  // histories first, oldest run first: each node's latest report is then the fleet's own
  const historyCommands: Command[] = fleet.histories.flatMap((history) =>
    history.reports.map((report) => ({
      command: 'store_report' as const,
      version: 8,
      certname: history.certname,
      payload: report,
    })),
  );
  const commands: Command[] = fleet.nodes.flatMap((node) => [
    { command: 'replace_facts', version: 5, certname: node.certname, payload: node.facts },
    { command: 'replace_catalog', version: 9, certname: node.certname, payload: node.catalog },
    { command: 'store_report', version: 8, certname: node.certname, payload: node.report },
  ]);
  const started = performance.now();
  for (const command of historyCommands) await submit(baseUrl, command, 60);
  let done = 0;
  await runAll(commands, options.concurrency, async (command) => {
    await submit(baseUrl, command, waitSeconds).catch((error: unknown) => {
      checkDiscards(options.stateDir); // says why, when PuppetDB discarded it
      throw error;
    });
    if (++done % 1500 === 0) log(`  ${done}/${commands.length} commands submitted`);
  });
  // 50,000 nodes are 150,000 commands: hours on a small machine
  if (!waitSeconds) await waitForEmptyQueue(baseUrl, 6 * 3600_000, log);
  for (const certname of fleet.deactivated) {
    await submit(
      baseUrl,
      {
        command: 'deactivate_node',
        version: 3,
        certname,
        payload: { certname, producer_timestamp: new Date().toISOString() },
      },
      60,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  checkDiscards(options.stateDir);

  const activeExpected = fleet.nodes.length - fleet.deactivated.length;
  const checks: Array<[string, number, number]> = [
    ['active nodes', await pqlCount(baseUrl, 'nodes[count()] {}'), activeExpected],
    // reports of deactivated nodes are not returned
    [
      'latest reports of active nodes',
      await pqlCount(baseUrl, 'reports[count()] { latest_report? = true }'),
      activeExpected,
    ],
    [
      'reports of active nodes (histories included)',
      await pqlCount(baseUrl, 'reports[count()] {}'),
      activeExpected + historyCommands.length,
    ],
    [
      'facts of active nodes',
      await pqlCount(baseUrl, 'facts[count()] {}'),
      fleet.nodes
        .filter((node) => !fleet.deactivated.includes(node.certname))
        .reduce((sum, node) => sum + Object.keys(node.facts.values).length, 0),
    ],
  ];
  for (const [what, actual, expected] of checks) {
    if (actual !== expected) {
      throw new Error(`PuppetDB holds ${actual} ${what}, the fleet has ${expected}`);
    }
  }
  const events = await pqlCount(baseUrl, 'events[count()] {}');
  if (fleet.quiet && events !== 0) {
    throw new Error(`A quiet fleet has no events; PuppetDB holds ${events}`);
  }
  if (!fleet.quiet && events === 0) {
    throw new Error('PuppetDB holds no events: were they older than resource-events-ttl?');
  }

  const manifest = {
    size: fleet.size,
    seed: fleet.seed,
    now: fleet.now.toISOString(),
    // how long the load took (bench scripts that keep a fleet print it)
    loadSeconds: Math.round(seconds),
    // the histories' commit ids: tests regenerate the histories from them
    ...(commits.length > 0 && { commits }),
  };
  writeFileSync(
    join(options.stateDir, 'fleet.json'),
    `${JSON.stringify(fleet.quiet ? { ...manifest, quiet: true } : manifest, null, 2)}\n`,
  );
  writeHistoryRepoPath(options.stateDir, commits.length > 0 ? historyRepo : undefined);
  return {
    fleet,
    commands: historyCommands.length + commands.length + fleet.deactivated.length,
    seconds,
  };
}

/**
 * `PDB_HISTORY_REPO=<folder>` in the state dir's env file (tests find the repository there), or
 * no such line when the fleet has no histories.
 */
function writeHistoryRepoPath(stateDir: string, folder: string | undefined): void {
  const path = join(stateDir, 'env');
  const kept = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('PDB_HISTORY_REPO='));
  if (folder) kept.push(`PDB_HISTORY_REPO=${folder}`);
  writeFileSync(path, `${kept.join('\n')}\n`);
}
