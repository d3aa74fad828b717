/** A trivial view (a test fixture): a greeting for a node, with PuppetDB's version. */
import type { HostToPage, PageToHost, RestoredNote, RestoredWithoutContent } from './common';

export type HostToHello = HostToPage<
  | { type: 'loading'; title: string }
  | { type: 'greeting'; text: string; restored?: RestoredNote }
  | RestoredWithoutContent
>;

/** Ask PuppetDB again. */
export type HelloToHost = PageToHost<{ type: 'again' }>;

/** What the host records of a hello panel: whom it greets. */
export interface HelloRestoreInfo {
  entry: 'hello';
  connectionId: string;
  certname: string;
}

export interface HelloProtocol {
  toWebview: HostToHello;
  toHost: HelloToHost;
  restore: HelloRestoreInfo;
  shown: { text: string };
}
