import type { ConnectionStore } from '../connections/connectionStore';
import type { Settings } from '../settings';
import type { ExplorerNode } from './explorerNode';

/** What every node of the explorer tree needs: the connections, the settings and a redraw. */
export interface TreeContext {
  store: ConnectionStore;
  settings: Settings;
  /** Redraws one node (or the whole tree). */
  refresh(node?: ExplorerNode): void;
}
