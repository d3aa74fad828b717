/** The report view (src/webview/report): one report's summary, logs, metrics and events. */
import type { ReportDto } from '../reportDto';
import type { HostToPage, PageToHost, RestoredNote, RestoredWithoutContent } from './common';
import type { OpenInGraph, OpenManifestAt } from './events';

export type HostToReport = HostToPage<
  | { type: 'loading'; title: string }
  | { type: 'report'; report: ReportDto; restored?: RestoredNote }
  | RestoredWithoutContent
>;

export type ReportToHost = PageToHost<
  | OpenInGraph
  | OpenManifestAt
  /** Reveal the report's node in the explorer tree. */
  | { type: 'openNode'; certname: string }
  /** Load the report from PuppetDB again ("Load again" on a restored panel). */
  | { type: 'reload' }
  /** Compare the report with its node's run before it (the compare-runs view). */
  | { type: 'compareWithPrevious' }
  /** The page painted the report `hash` (tests and the bench wait for it). */
  | { type: 'painted'; hash: string }
>;

/** What the host records of a report view: the report. */
export interface ReportRestoreInfo {
  entry: 'report';
  connectionId: string;
  reportHash: string;
}

export interface ReportProtocol {
  toWebview: HostToReport;
  toHost: ReportToHost;
  restore: ReportRestoreInfo;
  shown: ReportDto;
}
