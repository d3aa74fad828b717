/**
 * "Why is this node failing?": the failing-since walk over pages of summaries (one request each,
 * stopping at the page that decides it), then the two runs' events and logs (one request), and
 * what differs between them. Without vscode: the service, the tests and the bench share it.
 */
import type { PuppetDB } from '../../client';
import {
  compareRuns,
  failingSince,
  feedPage,
  isFailedRun,
  newFailures,
  newLogLines,
  START,
  summaryChanges,
  type FailingSince,
  type FailingSinceState,
  type FieldChange,
  type NewFailure,
  type RunComparison,
  type RunLog,
  type RunSummary,
} from '../../shared/history';
import {
  boundAfter,
  runDetails,
  summaryPage,
  SUMMARY_PAGE_SIZE,
  type PageBound,
} from './historyQueries';

export interface WalkOptions {
  pageSize?: number;
  signal?: AbortSignal;
  /**
   * What a bad run is among a page's runs (a failed report by default): asked once per page, so
   * it may ask PuppetDB about that page's runs (a failing resource's events) in one request.
   */
  badIn?: (runs: readonly RunSummary[]) => Promise<(run: RunSummary) => boolean>;
}

export interface Walked {
  state: FailingSinceState;
  /** Requests made: one per page. */
  requests: number;
}

/** Walks a node's runs back, a page at a time, until the answer is known. */
export async function walkFailingSince(
  client: PuppetDB,
  certname: string,
  options: WalkOptions = {},
): Promise<Walked> {
  const pageSize = options.pageSize ?? SUMMARY_PAGE_SIZE;
  let state = START;
  let requests = 0;
  let after: PageBound | undefined;
  while (!state.done) {
    options.signal?.throwIfAborted();
    const runs = await summaryPage(client, {
      certname,
      after,
      pageSize,
      signal: options.signal,
    });
    requests++;
    const isBad = options.badIn && runs.length > 0 ? await options.badIn(runs) : undefined;
    state = feedPage(state, runs, pageSize, isBad);
    after = boundAfter(runs, after);
  }
  return { state, requests };
}

export interface WhyFailing {
  certname: string;
  answer: FailingSince;
  /** Summary fields that differ between the last good and the first bad run. */
  changes: FieldChange[];
  /** Resources failing (or skipped) in the first bad run and not in the last good one. */
  newFailures: NewFailure[];
  /** Warning and error lines of the first bad run the last good one did not log. */
  newLogLines: RunLog[];
  /** The two runs side by side; undefined without a last good run. */
  comparison: RunComparison | undefined;
  /** Requests made, pages of summaries and the two runs' details. */
  requests: number;
}

export async function whyFailing(
  client: PuppetDB,
  certname: string,
  options: WalkOptions = {},
): Promise<WhyFailing> {
  const walked = await walkFailingSince(client, certname, options);
  const answer = failingSince(walked.state);
  const { firstBad, lastGood } = answer;
  const empty = { changes: [], newFailures: [], newLogLines: [], comparison: undefined };
  if (!answer.failing || !firstBad) {
    return { certname, answer, ...empty, requests: walked.requests };
  }
  options.signal?.throwIfAborted();
  const hashes = lastGood ? [lastGood.hash, firstBad.hash] : [firstBad.hash];
  const details = await runDetails(client, hashes, options.signal);
  const bad = details.get(firstBad.hash) ?? { events: [], logs: [], metrics: [] };
  const good = (lastGood && details.get(lastGood.hash)) || { events: [], logs: [], metrics: [] };
  return {
    certname,
    answer,
    changes: lastGood ? summaryChanges(lastGood, firstBad) : [],
    newFailures: newFailures(good.events, bad.events),
    newLogLines: newLogLines(good.logs, bad.logs),
    comparison: lastGood ? compareRuns(good, bad) : undefined,
    requests: walked.requests + 1,
  };
}

export { isFailedRun };
