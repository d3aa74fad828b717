/** The fleet overview (src/webview/overview): counts, runs over time and what is going wrong. */
import type { CountKey, HealthTile, OverviewDto, RunsRange, RunStatusKey } from '../overview';
import type { HostToPage, PageToHost, RestoredNote, RestoredWithoutContent } from './common';
import type { FleetEventsFilter } from './events';

/**
 * A row of the overview's "what is going wrong" as its webview asks for its events: never with
 * an environment or nodes, which the host adds from the overview's own (the webview is not
 * trusted to).
 */
export type OverviewEventsFilter = Omit<FleetEventsFilter, 'environment' | 'certnames'>;

/** (An error, `ViewError`: the last fetch failed; what was shown before, if anything, stays.) */
export type HostToOverview = HostToPage<
  | { type: 'loading'; title: string }
  | {
      type: 'overview';
      overview: OverviewDto;
      /** Seconds between automatic refreshes (setting `overview.autoRefreshSeconds`); 0: off. */
      autoRefreshSeconds: number;
      /** Set when this is the overview kept across a window reload, not a fresh fetch. */
      restored?: RestoredNote;
    }
  | RestoredWithoutContent
>;

export type OverviewToHost = PageToHost<
  /** Ask PuppetDB again, with the runs chart over `range`. */
  | { type: 'refresh'; range: RunsRange }
  /** Show the nodes behind a count: the fleet's, or one environment's. */
  | { type: 'openNodes'; count: CountKey; environment?: string }
  /** Show the nodes behind a health tile (the overview's environment is the host's own). */
  | { type: 'openHealth'; tile: HealthTile }
  /** Open the events table of the fleet narrowed to a row of "what is going wrong". */
  | { type: 'openEvents'; filter: OverviewEventsFilter }
  /**
   * Open the changes of a flapping resource on the nodes it flaps on (the host knows which, and
   * since when it counted them).
   */
  | { type: 'openFlapping'; resourceType: string; resourceTitle: string }
  /**
   * Open the recent runs of one bucket of the runs chart (its key, as the overview holds it),
   * of one status or all; without a bucket, of the chart's whole range. The host makes the
   * window from the overview it showed, narrowed to its environment.
   */
  | { type: 'openRuns'; bucket?: string; status?: RunStatusKey }
  /** The webview painted the overview fetched at `fetchedAt` (tests and the bench wait for it). */
  | { type: 'painted'; fetchedAt: string }
  /** Leave the environment the overview is narrowed to: the whole fleet again. */
  | { type: 'showAllEnvironments' }
>;

/** What the host records of an overview: its runs chart's range and its environment. */
export interface OverviewRestoreInfo {
  entry: 'overview';
  connectionId: string;
  range: RunsRange;
  environment?: string;
}

export interface OverviewProtocol {
  toWebview: HostToOverview;
  toHost: OverviewToHost;
  restore: OverviewRestoreInfo;
  shown: OverviewDto;
}
