/**
 * What the compare-runs view shows, from PuppetDB, without vscode (the host tests and the bench
 * call it as the view does): two reports read whole in one request, the older the baseline; or a
 * node's failing streak walked back, its last good run against its first bad one.
 */
import type { PuppetDB } from '../../client';
import { compareRuns, summaryChanges, type RunDetail, type RunSummary } from '../../shared/history';
import type { ComparedRuns, FailingResource } from '../../shared/protocol/compareRuns';
import { previousRun, runRecords } from './historyQueries';
import { resourceFailedIn } from './resourceFailingSince';
import { whyFailing, type WalkOptions, type WhyFailing } from './whyFailing';

/** The two runs, without the commits between them (the git part is the host's). */
export type RunsCompared = Omit<ComparedRuns, 'commits'>;

interface ReadRun {
  summary: RunSummary;
  detail: RunDetail;
}

const endsFirst = (a: RunSummary, b: RunSummary) =>
  a.endTime < b.endTime ? -1 : a.endTime > b.endTime ? 1 : 0;

/** Two reports (of one node, or one run on two nodes) side by side, the older first. */
export async function compareTwoReports(
  client: PuppetDB,
  hashes: readonly [string, string],
  signal?: AbortSignal,
): Promise<RunsCompared> {
  const records = await runRecords(client, hashes, signal);
  const [a, b] = hashes.map((hash) => {
    const record = records.get(hash);
    if (!record?.summary) throw new Error(`PuppetDB has no report ${hash}.`);
    return { summary: record.summary, detail: record.detail };
  }) as [ReadRun, ReadRun];
  const [older, newer] = endsFirst(a.summary, b.summary) <= 0 ? [a, b] : [b, a];
  const certnames = new Set([older.summary.certname, newer.summary.certname]);
  return {
    certname: [...certnames].join(' · '),
    older: older.summary,
    newer: newer.summary,
    changes: summaryChanges(older.summary, newer.summary),
    comparison: compareRuns(older.detail, newer.detail),
  };
}

/** The report before `reportHash` on its node, or undefined when PuppetDB keeps none. */
export async function reportBefore(
  client: PuppetDB,
  reportHash: string,
  signal?: AbortSignal,
): Promise<RunSummary | undefined> {
  const records = await runRecords(client, [reportHash], signal);
  const run = records.get(reportHash)?.summary;
  if (!run) throw new Error(`PuppetDB has no report ${reportHash}.`);
  return previousRun(client, run, signal);
}

/**
 * Why `certname` fails (or, given a resource, why that resource of it fails: a bad run is one in
 * which its events failed): its last good run against its first bad one, and the streak between.
 */
export async function compareFailingStreak(
  client: PuppetDB,
  certname: string,
  options: Omit<WalkOptions, 'badIn'> & { resource?: FailingResource } = {},
): Promise<RunsCompared & { why: WhyFailing }> {
  const { resource, ...walk } = options;
  const why = await whyFailing(client, certname, {
    ...walk,
    ...(resource && { badIn: resourceFailedIn(client, certname, resource, options.signal) }),
  });
  const { answer } = why;
  return {
    certname,
    older: answer.lastGood,
    newer: answer.firstBad,
    changes: why.changes,
    comparison: why.comparison,
    streak: {
      ...(resource && { resource }),
      failing: answer.failing,
      badRuns: answer.badRuns.length,
      failingAsFarBackAsKept: answer.failingAsFarBackAsKept,
      walkStopped: answer.walkStopped,
      newFailures: why.newFailures,
      newLogLines: why.newLogLines,
    },
    why,
  };
}
