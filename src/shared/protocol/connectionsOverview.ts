/** The overview across connections (src/webview/connectionsOverview): one row per PuppetDB. */
import type { ConnectionsOverviewDto } from '../multiConnection/connectionsOverview';
import type { HostToPage, PageToHost, RestoredNote, RestoredWithoutContent } from './common';

export type {
  ConnectionsOverviewDto,
  ConnectionsOverviewRow,
} from '../multiConnection/connectionsOverview';

export type HostToConnectionsOverview = HostToPage<
  | { type: 'loading'; title: string }
  /** The rows so far (sent again as each PuppetDB answers or fails). */
  | { type: 'overview'; overview: ConnectionsOverviewDto; restored?: RestoredNote }
  | RestoredWithoutContent
>;

export type ConnectionsOverviewToHost = PageToHost<
  /** Ask every PuppetDB again. */
  | { type: 'refresh' }
  /**
   * Open the overview of the PuppetDB of row `row` of the overview fetched at `fetchedAt`: the
   * host finds the connection in its own list of that fetch, never by a name the page sends.
   */
  | { type: 'openOverview'; fetchedAt: string; row: number }
  /** The page painted the overview fetched at `fetchedAt` (tests wait for it). */
  | { type: 'painted'; fetchedAt: string }
>;

/**
 * What the host records of the overview across connections: nothing of its own (it shows every
 * connection of the user's settings); `connectionId` is empty: no one connection is its own.
 */
export interface ConnectionsOverviewRestoreInfo {
  entry: 'connectionsOverview';
  connectionId: '';
}

export interface ConnectionsOverviewProtocol {
  toWebview: HostToConnectionsOverview;
  toHost: ConnectionsOverviewToHost;
  restore: ConnectionsOverviewRestoreInfo;
  shown: ConnectionsOverviewDto;
}
