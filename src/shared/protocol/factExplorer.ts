/** The fact explorer (src/webview/factExplorer): one fact path's values across the fleet. */
import type { FactDistributionDto, FactPath, FactValue } from '../factExplorer';
import type { HostToPage, PageToHost, RestoredNote, RestoredWithoutContent } from './common';

/** (An error, `ViewError`: the last fetch failed; what was shown before, if anything, stays.) */
export type HostToFactExplorer = HostToPage<
  | { type: 'loading'; title: string; path: FactPath }
  | { type: 'distribution'; distribution: FactDistributionDto; restored?: RestoredNote }
  | RestoredWithoutContent
>;

export type FactExplorerToHost = PageToHost<
  /** List the nodes holding this value of the path shown (a chart mark or a table row). */
  | { type: 'openNodes'; value: FactValue }
  /** Pick another fact path (PuppetDB's fact-paths). */
  | { type: 'choosePath' }
  /** Write the distribution's query into a new PQL editor. */
  | { type: 'openAsPql' }
  /** Ask PuppetDB again. */
  | { type: 'refresh' }
  /** The webview painted the distribution fetched at `fetchedAt` (tests and the bench wait for it). */
  | { type: 'painted'; fetchedAt: string }
>;

/** What the host records of a fact explorer: the fact path. */
export interface FactExplorerRestoreInfo {
  entry: 'factExplorer';
  connectionId: string;
  path: FactPath;
}

export interface FactExplorerProtocol {
  toWebview: HostToFactExplorer;
  toHost: FactExplorerToHost;
  restore: FactExplorerRestoreInfo;
  shown: FactDistributionDto;
}
