/** The inventory table (src/webview/inventory): the fleet's nodes with chosen fact columns. */
import type { InventoryRow, InventorySort } from '../inventoryTable';
import type { PackedRows } from '../packedRows';
import type { HostToPage, PageToHost, RestoredNote, RowsShown } from './common';

/** Rows per message while the inventory streams in. */
export const INVENTORY_ROWS_PER_MESSAGE = 5000;

export type HostToInventory = HostToPage<
  /** A load starts: these columns (certname first), no rows yet. */
  | { type: 'loading'; title: string; columns: string[] }
  /** Every row loaded so far (on `ready`; replaces what the table held). */
  | {
      type: 'inventory';
      title: string;
      columns: string[];
      rows: PackedRows;
      complete: boolean;
      restored?: RestoredNote;
    }
  /** The next rows of the load, to append. */
  | { type: 'moreRows'; rows: PackedRows; complete: boolean }
>;

export type InventoryToHost = PageToHost<
  /** Ask for a column: the host offers PuppetDB's fact paths. */
  | { type: 'addColumn' }
  | { type: 'removeColumn'; column: string }
  /** Export the rows as shown (filtered and sorted the same way by the host). */
  | { type: 'export'; format: 'csv' | 'json'; filter: string; sort: InventorySort | null }
  | { type: 'openNode'; certname: string }
  | { type: 'reload' }
  /** The table painted with this many rows (of this many loaded): tests and benches wait for it. */
  | RowsShown
>;

/** What the host records of an inventory table: its columns. */
export interface InventoryRestoreInfo {
  entry: 'inventory';
  connectionId: string;
  columns: string[];
}

/** What an inventory table keeps to show again after a window reload. */
export interface InventoryShown {
  title: string;
  columns: string[];
  rows: InventoryRow[];
}

export interface InventoryProtocol {
  toWebview: HostToInventory;
  toHost: InventoryToHost;
  restore: InventoryRestoreInfo;
  shown: InventoryShown;
}
