/** Recent runs (src/webview/runs): the fleet's runs in a window, streamed newest first. */
import type { RunChange } from '../history/runChange';
import type { RunRow, RunsFilter, RunStatusCounts } from '../recentRuns';
import type { HostToPage, PageToHost, RestoredNote, RowsShown } from './common';

/** What the runs table shows: the filter, its window's bounds when asked, and the runs. */
export interface RecentRunsSnapshot {
  title: string;
  filter: RunsFilter;
  /** The bounds PuppetDB was asked with (ISO-8601; `until` exclusive). */
  bounds: { since: string; until?: string };
  rows: RunRow[];
  /** PuppetDB's count of the window's runs by status (undefined until it answered). */
  counts: RunStatusCounts | undefined;
  /** The environments the environment filter offers. */
  environments: string[];
  /** What the listed runs that changed or failed changed, by hash (undefined until answered). */
  changes?: Record<string, RunChange>;
  /** Health beside the runs: each node's last successful run (undefined until answered). */
  health?: RunsHealth;
}

/** Each node's last successful run (end time, by certname) and the threshold it is held to. */
export interface RunsHealth {
  lastSuccess: Record<string, string>;
  /** The setting `history.noSuccessWithinHours`. */
  noSuccessWithinHours: number;
}

export type HostToRuns = HostToPage<
  /** A load starts: the filter and its bounds, no rows yet. */
  | {
      type: 'loading';
      title: string;
      filter: RunsFilter;
      bounds: { since: string; until?: string };
      environments: string[];
    }
  /** Every run loaded so far (on `ready`; replaces what the table held). */
  | (RecentRunsSnapshot & {
      type: 'runs';
      complete: boolean;
      /** Set when the table stopped at MAX_RUNS (the window holds more). */
      truncatedAt?: number;
      restored?: RestoredNote;
    })
  /** The next runs of the load, to append. */
  | { type: 'moreRuns'; rows: RunRow[]; complete: boolean; truncatedAt?: number }
  /** PuppetDB's counts by status arrived. */
  | { type: 'counts'; counts: RunStatusCounts }
  /** The environments the filter offers arrived. */
  | { type: 'environments'; environments: string[] }
  /** What the runs changed arrived (by hash; unchanged runs changed nothing and are left out). */
  | { type: 'changes'; changes: Record<string, RunChange> }
  /** The nodes' last successful runs arrived. */
  | { type: 'health'; health: RunsHealth }
>;

export type RunsToHost = PageToHost<
  /** List the runs of another window, status or environment. */
  | { type: 'setFilter'; filter: RunsFilter }
  /** Ask for a custom window (ISO-8601 from … to …) and list its runs. */
  | { type: 'pickWindow' }
  | { type: 'openReport'; reportHash: string }
  /** Why a node of the list fails (the compare-runs view, from its failing streak). */
  | { type: 'whyFailing'; certname: string }
  | { type: 'reload' }
  /** The table painted this many runs (of this many loaded): tests and the bench wait for it. */
  | RowsShown
>;

/** What the host records of a runs table: its filter. */
export interface RunsRestoreInfo {
  entry: 'runs';
  connectionId: string;
  filter: RunsFilter;
}

export interface RunsProtocol {
  toWebview: HostToRuns;
  toHost: RunsToHost;
  restore: RunsRestoreInfo;
  shown: RecentRunsSnapshot;
}
