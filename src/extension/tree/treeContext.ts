import type { ConnectionStore } from '../connections/connectionStore';
import type { ErrorReporter } from '../errors';
import type { Settings } from '../settings';
import type { ExplorerNode } from './explorerNode';

/** What every node of the explorer tree needs: the connections, the settings and a redraw. */
export interface TreeContext {
  store: ConnectionStore;
  settings: Settings;
  /** Where a failed load is logged (the tree item shows it). */
  errors: ErrorReporter;
  /** Redraws one node (or the whole tree). */
  refresh(node?: ExplorerNode): void;
}
