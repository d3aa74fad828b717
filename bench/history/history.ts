/**
 * bench:history (bench/history.sh): loads its data into the PuppetDB of STATE_DIR once
 * (benchData.ts), then times, in the same run, each operation and the raw requests it needs:
 *
 * - failing since on a node with 500 reports: walkFailingSince (pages of summaries, newest
 *   first, until the last good run) against the same page requests sent raw (undici, one
 *   JSON.parse each), and whyFailing (the walk, the two runs' events and logs, the differences)
 *   against the pages and the details request sent raw;
 * - compare two runs of 3,000 resources: compareReports (one request, then compareRuns) against
 *   the raw request, and compareRuns alone.
 *
 * Medians of ROUNDS runs after a warm-up; prints ratios, not verdicts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { compareReports } from '../../src/extension/history/compareReports';
import {
  boundAfter,
  runDetailOf,
  summaryPageQuery,
  SUMMARY_ORDER,
  SUMMARY_PAGE_SIZE,
  type PageBound,
} from '../../src/extension/history/historyQueries';
import { walkFailingSince, whyFailing } from '../../src/extension/history/whyFailing';
import { compareRuns, failingSince, runSummaryOf, type RunSummary } from '../../src/shared/history';
import { buildHistoryRepo, historyRepoIn } from '../../test/fixtures/fleet/historyRepo';
import { httpClient, serverIn } from '../../test/integration/support/puppetdb';
import type { ReportPayload } from '../../test/fixtures/fleet/report';
import { BIG_RUNS, bigRun, LONG_HISTORY, longHistoryReports } from './benchData';

const ROUNDS = Number(process.env.BENCH_HISTORY_ROUNDS ?? 7);
const log = (text: string) => console.log(`[pdbx] ${text}`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function store(url: string, report: ReportPayload): Promise<void> {
  const search = new URLSearchParams({
    command: 'store_report',
    version: '8',
    certname: report.certname,
    secondsToWaitForCompletion: '120',
  });
  const response = await fetch(`${url}/pdb/cmd/v1?${search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
  });
  const text = await response.text();
  if (!response.ok || !(JSON.parse(text) as { processed?: boolean }).processed) {
    throw new Error(`store_report ${report.certname}: HTTP ${response.status} ${text}`);
  }
}

async function load(stateDir: string, url: string): Promise<{ now: string; hashes: string[] }> {
  const marker = join(stateDir, 'history-bench.json');
  if (existsSync(marker)) {
    return JSON.parse(readFileSync(marker, 'utf8')) as { now: string; hashes: string[] };
  }
  const now = new Date();
  const started = performance.now();
  const commits = buildHistoryRepo(historyRepoIn(stateDir), 1);
  const reports = longHistoryReports(commits, now);
  for (let index = 0; index < reports.length; index += 4) {
    await Promise.all(reports.slice(index, index + 4).map((report) => store(url, report)));
  }
  const big = [bigRun(now, 2, 0), bigRun(now, 1, 3)];
  for (const report of big) await store(url, report);
  const rows = (await (
    await fetch(
      `${url}/pdb/query/v4/reports?${new URLSearchParams({
        query: JSON.stringify(['extract', ['hash'], ['=', 'certname', BIG_RUNS.certname]]),
        order_by: JSON.stringify([{ field: 'end_time', order: 'asc' }]),
      })}`,
    )
  ).json()) as Array<{ hash: string }>;
  const loaded = { now: now.toISOString(), hashes: rows.map((row) => row.hash) };
  writeFileSync(marker, `${JSON.stringify(loaded, null, 2)}\n`);
  log(
    `loaded ${reports.length} runs of ${LONG_HISTORY.certname} and 2 runs of ${BIG_RUNS.resources} resources in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return loaded;
}

/** One raw request of the reports endpoint: undici, the body read whole, one JSON.parse. */
async function rawReports(
  url: string,
  query: unknown,
  extra: Record<string, string> = {},
): Promise<unknown[]> {
  const search = new URLSearchParams({ query: JSON.stringify(query), ...extra });
  const response = await request(`${url}/pdb/query/v4/reports?${search}`);
  if (response.statusCode !== 200) throw new Error(`reports: HTTP ${response.statusCode}`);
  return JSON.parse(await response.body.text()) as unknown[];
}

/** The walk's pages sent raw, as many as the walk needed: the baseline of the walk. */
async function rawPages(url: string, certname: string, pages: number): Promise<RunSummary[]> {
  const runs: RunSummary[] = [];
  let after: PageBound | undefined;
  for (let page = 0; page < pages; page++) {
    const rows = await rawReports(url, summaryPageQuery(certname, after), {
      order_by: JSON.stringify(SUMMARY_ORDER),
      limit: String(SUMMARY_PAGE_SIZE),
    });
    const read = rows
      .map((row) => runSummaryOf(row as Record<string, unknown>))
      .filter((run): run is RunSummary => run !== undefined);
    runs.push(...read);
    after = boundAfter(read, after);
  }
  return runs;
}

async function main(): Promise<void> {
  const stateDir = resolve(process.argv[2] ?? '.work/bench-history');
  const server = serverIn(stateDir);
  const url = `http://${server.host}:${server.httpPort}`;
  const { hashes } = await load(stateDir, url);
  const client = httpClient({ timeout: 120 }, server);
  try {
    // --- failing since ---------------------------------------------------------------------
    const walkTimes: number[] = [];
    const whyTimes: number[] = [];
    const rawWalkTimes: number[] = [];
    const rawWhyTimes: number[] = [];
    let pages = 0;
    let badRuns = 0;
    let requests = 0;
    for (let round = 0; round <= ROUNDS; round++) {
      let started = performance.now();
      const walked = await walkFailingSince(client, LONG_HISTORY.certname);
      const walkTime = performance.now() - started;
      pages = walked.requests;
      const answer = failingSince(walked.state);
      badRuns = answer.badRuns.length;
      started = performance.now();
      const why = await whyFailing(client, LONG_HISTORY.certname);
      const whyTime = performance.now() - started;
      requests = why.requests;
      started = performance.now();
      await rawPages(url, LONG_HISTORY.certname, pages);
      const rawWalk = performance.now() - started;
      started = performance.now();
      await rawPages(url, LONG_HISTORY.certname, pages);
      await rawReports(url, [
        'extract',
        ['hash', 'resource_events', 'logs', 'metrics'],
        ['in', 'hash', ['array', [answer.lastGood!.hash, answer.firstBad!.hash]]],
      ]);
      const rawWhy = performance.now() - started;
      if (round === 0) continue; // warm-up
      walkTimes.push(walkTime);
      whyTimes.push(whyTime);
      rawWalkTimes.push(rawWalk);
      rawWhyTimes.push(rawWhy);
    }
    const walk = median(walkTimes);
    const rawWalk = median(rawWalkTimes);
    const why = median(whyTimes);
    const rawWhy = median(rawWhyTimes);
    log(
      `failing since on a node with ${LONG_HISTORY.runs} reports (${badRuns} bad runs back to the last good one): walk ${walk.toFixed(1)} ms in ${pages} requests of ${SUMMARY_PAGE_SIZE} summaries, the same ${pages} requests raw ${rawWalk.toFixed(1)} ms, ratio ${(walk / rawWalk).toFixed(2)} (target <= 1.5)`,
    );
    log(
      `why failing (walk, the two runs' events and logs, the differences): ${why.toFixed(1)} ms in ${requests} requests, the same requests raw ${rawWhy.toFixed(1)} ms, ratio ${(why / rawWhy).toFixed(2)} (target <= 1000 ms)`,
    );

    // --- compare two runs ------------------------------------------------------------------
    const [hashA, hashB] = hashes as [string, string];
    const compareTimes: number[] = [];
    const rawCompareTimes: number[] = [];
    const computeTimes: number[] = [];
    let differing = 0;
    for (let round = 0; round <= ROUNDS; round++) {
      let started = performance.now();
      const comparison = await compareReports(client, hashA, hashB);
      const compareTime = performance.now() - started;
      differing =
        comparison.resources.failed.onlyInA.length + comparison.resources.failed.onlyInB.length;
      started = performance.now();
      const rows = await rawReports(url, [
        'extract',
        ['hash', 'resource_events', 'logs', 'metrics'],
        ['in', 'hash', ['array', [hashA, hashB]]],
      ]);
      const rawTime = performance.now() - started;
      const [a, b] = rows.map(runDetailOf) as [
        ReturnType<typeof runDetailOf>,
        ReturnType<typeof runDetailOf>,
      ];
      started = performance.now();
      compareRuns(a, b);
      const computeTime = performance.now() - started;
      if (round === 0) continue;
      compareTimes.push(compareTime);
      rawCompareTimes.push(rawTime);
      computeTimes.push(computeTime);
    }
    const compare = median(compareTimes);
    const rawCompare = median(rawCompareTimes);
    log(
      `compare two runs of ${BIG_RUNS.resources} resources (${differing} failing in one only): ${compare.toFixed(1)} ms, the raw request of both ${rawCompare.toFixed(1)} ms, ratio ${(compare / rawCompare).toFixed(2)}; the comparison alone ${median(computeTimes).toFixed(1)} ms (target <= 500 ms)`,
    );
  } finally {
    await client.disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
