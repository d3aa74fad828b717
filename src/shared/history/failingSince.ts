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
  /** True when the walk read MAX_WALKED_RUNS runs, each bad, and went no further back. */
  readonly stoppedAtMost: boolean;
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
  /**
   * True when the walk stopped at MAX_WALKED_RUNS bad runs, neither a good run nor the history's
   * end reached: the streak is at least that long, and `firstBad` is the oldest run read.
   */
  walkStopped: boolean;
}

/**
 * The most runs the walk reads back: over a year of half-hourly runs, far more than PuppetDB
 * keeps by default (report-ttl 14 days). Past it the walk stops, so a server whose pages never
 * end (one that ignores the page's bound, or sends a page over and over) costs at most this many
 * runs and a hundred requests, not a walk without end.
 */
export const MAX_WALKED_RUNS = 10_000;

export const START: FailingSinceState = {
  badRuns: [],
  lastGood: undefined,
  done: false,
  exhausted: false,
  stoppedAtMost: false,
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
    if (read === MAX_WALKED_RUNS) {
      return { ...state, badRuns, done: true, stoppedAtMost: true, runsRead: read };
    }
    read++;
    if (!isBad(run)) {
      return { ...state, badRuns, lastGood: run, done: true, runsRead: read };
    }
    badRuns.push(run);
  }
  const exhausted = page.length < pageSize;
  const stoppedAtMost = !exhausted && read === MAX_WALKED_RUNS;
  return {
    ...state,
    badRuns,
    done: exhausted || stoppedAtMost,
    exhausted,
    stoppedAtMost,
    runsRead: read,
  };
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
    walkStopped: failing && state.stoppedAtMost,
  };
}
