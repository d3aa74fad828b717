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
  /**
   * True when the walk went no further back with neither a good run nor the history's end: it
   * read MAX_WALKED_RUNS runs, each bad, or PuppetDB sent a full page of runs already read.
   */
  readonly stopped: boolean;
  /** The hashes of the runs read: a run PuppetDB sends again counts once. */
  readonly read: ReadonlySet<string>;
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
   * True when the walk stopped before a good run or the history's end (at MAX_WALKED_RUNS bad
   * runs, or when PuppetDB sent only runs already read): the streak is at least `badRuns` long,
   * and `firstBad` is the oldest run read.
   */
  walkStopped: boolean;
}

/**
 * The most runs the walk reads back: over a year of half-hourly runs, far more than PuppetDB
 * keeps by default (report-ttl 14 days). Past it the walk stops, so a server whose pages never
 * end (new runs without end; one that sends runs again is stopped sooner, by feedPage) costs at
 * most this many runs and a hundred requests, not a walk without end.
 */
export const MAX_WALKED_RUNS = 10_000;

export const START: FailingSinceState = {
  badRuns: [],
  lastGood: undefined,
  done: false,
  exhausted: false,
  stopped: false,
  read: new Set(),
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
  const seen = new Set(state.read);
  let read = state.runsRead;
  let fresh = 0;
  for (const run of page) {
    // a server that ignores the page's bound sends runs again: each counts once
    if (seen.has(run.hash)) continue;
    if (read === MAX_WALKED_RUNS) {
      return { ...state, badRuns, read: seen, done: true, stopped: true, runsRead: read };
    }
    seen.add(run.hash);
    fresh++;
    read++;
    if (!isBad(run)) {
      return { ...state, badRuns, read: seen, lastGood: run, done: true, runsRead: read };
    }
    badRuns.push(run);
  }
  const exhausted = page.length < pageSize;
  // a full page of nothing new: the next one, asked from the same place, would be the same
  const stopped = !exhausted && (read === MAX_WALKED_RUNS || fresh === 0);
  return {
    ...state,
    badRuns,
    read: seen,
    done: exhausted || stopped,
    exhausted,
    stopped,
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
    walkStopped: failing && state.stopped,
  };
}
