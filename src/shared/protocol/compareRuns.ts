/**
 * The compare-runs view (src/webview/compareRuns): two runs of a node side by side (or one run on
 * two nodes), and, opened to say why a node fails, its last good run against its first bad one.
 */
import type { FieldChange, NewFailure, RunComparison, RunLog, RunSummary } from '../history';
import type { HostToPage, PageToHost, RestoredNote, RestoredWithoutContent } from './common';

export interface CommitLine {
  hash: string;
  /** The first line of the commit's message. */
  subject: string;
  authorName: string | undefined;
  authorDate: string | undefined;
}

/** The commits between the two runs' configuration versions, when the workspace's git has them. */
export type ComparedCommits =
  | { found: true; commits: CommitLine[]; more: number }
  | {
      found: false;
      /** Not commit ids (and no setting maps them), the same commit, or git could not say. */
      reason: 'notCommits' | 'sameCommit' | 'noGit' | 'noRepository' | 'notFound';
    };

/** Why a node fails: its streak of bad runs since the last good one (the walk's answer). */
export interface FailingStreak {
  /** The resource whose failures make a run bad; none: the run's own status. */
  resource?: FailingResource;
  /** False when the node's latest run did not fail: nothing else here says anything. */
  failing: boolean;
  /** Bad runs since the last good one, the first bad run included. */
  badRuns: number;
  /** True when PuppetDB's history ends before a good run (report-ttl, or a new node). */
  failingAsFarBackAsKept: boolean;
  /**
   * True when the walk stopped before a good run or the history's end (at MAX_WALKED_RUNS, or
   * when PuppetDB sent only runs already read): each of the `badRuns` read was bad.
   */
  walkStopped: boolean;
  newFailures: NewFailure[];
  newLogLines: RunLog[];
}

/** What the view shows: `older` is the baseline, `newer` what changed since. */
export interface ComparedRuns {
  certname: string;
  older: RunSummary | undefined;
  newer: RunSummary | undefined;
  /** The summary fields that differ (configuration version, environment, agent, catalog…). */
  changes: FieldChange[];
  comparison: RunComparison | undefined;
  commits: ComparedCommits;
  /** Present when the view was opened to say why the node fails. */
  streak?: FailingStreak;
}

export type HostToCompareRuns = HostToPage<
  | { type: 'loading'; title: string }
  | { type: 'compared'; runs: ComparedRuns; restored?: RestoredNote }
  | RestoredWithoutContent
>;

export type CompareRunsToHost = PageToHost<
  /** Open one of the two runs in the report view. */
  | { type: 'openRun'; which: 'older' | 'newer' }
  /** Open the changes between the two runs' commits in a multi-file diff. */
  | { type: 'openChanges' }
  /** Open the answer as a Markdown document (an incident note to copy). */
  | { type: 'openMarkdown' }
  /** Compare again from PuppetDB ("Load again" on a restored panel, the banner's Retry). */
  | { type: 'reload' }
  /** The page painted the comparison `runs` (comparedRunsId; tests and the bench wait for it). */
  | { type: 'painted'; runs: string }
>;

/** What names a comparison the page painted: its two runs' hashes (either may be missing). */
export function comparedRunsId(runs: ComparedRuns): string {
  return `${runs.older?.hash ?? ''}..${runs.newer?.hash ?? ''}`;
}

/**
 * What the host records of a compare-runs view: two reports (in the order they were named; the
 * view shows the older first), or a node whose failing streak it walks (the runs then are its
 * last good and first bad, found again on each load).
 */
export type CompareRunsRestoreInfo =
  | { entry: 'compareRuns'; connectionId: string; reports: [string, string] }
  | {
      entry: 'compareRuns';
      connectionId: string;
      failingNode: string;
      /** Since when this resource of the node fails (its events), rather than the node's runs. */
      resource?: FailingResource;
    };

/** A resource of a node, as its events name it. */
export interface FailingResource {
  type: string;
  title: string;
}

export interface CompareRunsProtocol {
  toWebview: HostToCompareRuns;
  toHost: CompareRunsToHost;
  restore: CompareRunsRestoreInfo;
  shown: ComparedRuns;
}
