/**
 * "Failing since": a node's runs, newest first, walked back to the last good run. The walk is a
 * reducer fed one page at a time, so the host asks PuppetDB for the next page of summaries only
 * while the answer is still open, and stops at the page that closes it.
 */
import { isFailedRun, type RunSummary } from './runSummary';

export interface FailingSinceState {
  /** The bad runs seen so far, newest first (the current failing streak). */
  readonly badRuns: readonly RunSummary[];
  /** The newest run that was not bad, once the walk reached it. */
  readonly lastGood: RunSummary | undefined;
  /** True once the answer cannot change: a good run was reached, or the history ended. */
  readonly done: boolean;
  /** True when the history ended (a short page) before a good run was found. */
  readonly exhausted: boolean;
  /** Runs read so far (pages fed). */
  readonly runsRead: number;
}

export interface FailingSince {
  /** False when the latest run is good: then nothing below says anything. */
  failing: boolean;
  /** The oldest run of the current failing streak: the first bad run. */
  firstBad: RunSummary | undefined;
  /** The run just before it, or undefined when PuppetDB keeps no good run of the node. */
  lastGood: RunSummary | undefined;
  /** The bad runs since the last good one, newest first (the first bad run is the last). */
  badRuns: readonly RunSummary[];
  /** True when PuppetDB's history ends before a good run (report-ttl, or a new node). */
  failingAsFarBackAsKept: boolean;
}

export const START: FailingSinceState = {
  badRuns: [],
  lastGood: undefined,
  done: false,
  exhausted: false,
  runsRead: 0,
};

/**
 * Feeds the next page of runs (newest first, continuing the previous page). `pageSize` is what was
 * asked for: a shorter page is the end of the history. `isBad` says what a bad run is (a failed
 * report by default; a run where one resource failed, for a failing resource).
 */
export function feedPage(
  state: FailingSinceState,
  page: readonly RunSummary[],
  pageSize: number,
  isBad: (run: RunSummary) => boolean = isFailedRun,
): FailingSinceState {
  if (state.done) return state;
  const badRuns = [...state.badRuns];
  let read = state.runsRead;
  for (const run of page) {
    read++;
    if (!isBad(run)) {
      return { badRuns, lastGood: run, done: true, exhausted: false, runsRead: read };
    }
    badRuns.push(run);
  }
  const exhausted = page.length < pageSize;
  return { badRuns, lastGood: undefined, done: exhausted, exhausted, runsRead: read };
}

/** The answer the walk has reached (final once `state.done`). */
export function failingSince(state: FailingSinceState): FailingSince {
  const failing = state.badRuns.length > 0;
  return {
    failing,
    firstBad: state.badRuns.at(-1),
    lastGood: failing ? state.lastGood : undefined,
    badRuns: state.badRuns,
    failingAsFarBackAsKept: failing && state.exhausted,
  };
}
