/**
 * The inventory table's model, shared by the webview (what it shows) and the host (what it
 * exports): columns are fact paths (`facts.os.release.full`) asked of PuppetDB's inventory
 * endpoint as an `extract`, rows are arrays aligned with the columns (certname first), and the
 * filter and sort are plain functions so both sides order the same rows the same way.
 */
import { GridModel, type GridModelColumn } from './gridModel';
import { valueSortKey } from './gridSort';

/** The node's certname: always the first column. */
export const CERTNAME_COLUMN = 'certname';

/** Puppetboard's INVENTORY_FACTS, as fact paths (OS name and release apart, to sort each). */
export const DEFAULT_INVENTORY_COLUMNS: readonly string[] = [
  'facts.networking.hostname',
  'facts.networking.ip',
  'facts.os.name',
  'facts.os.release.full',
  'facts.os.architecture',
  'facts.kernelrelease',
  'facts.puppetversion',
];

/**
 * The inventory query of `columns` (PuppetDB extracts the fact paths itself), asked in certname
 * order: PuppetDB sorts the whole fleet before its first byte (about half a second at 10,000
 * nodes), so the first screen is asked beside it (`firstScreenQuery`).
 */
export function inventoryQuery(columns: readonly string[]): unknown[] {
  return ['extract', [...columns]];
}

/** Rows of the first screen, asked on their own so they show before the whole answer. */
export const FIRST_SCREEN_ROWS = 100;

/**
 * The first `rows` rows of `inventoryQuery(columns)` in certname order: the inventory of the
 * first nodes by certname, which PuppetDB finds from its certname index without sorting the fleet
 * (tens of milliseconds). The whole answer starts with these same rows (a node with an inventory
 * is a node), and replaces them when it has caught up.
 */
export function firstScreenQuery(columns: readonly string[], rows = FIRST_SCREEN_ROWS): unknown[] {
  const firstNodes = [
    'from',
    'nodes',
    ['extract', [CERTNAME_COLUMN]],
    ['order_by', [CERTNAME_COLUMN]],
    ['limit', rows],
  ];
  return ['extract', [...columns], ['in', CERTNAME_COLUMN, firstNodes]];
}

/** A fact path segment the inventory's dotted extract can name (no dots, quotes or spaces). */
const PLAIN_SEGMENT = /^[A-Za-z0-9_-]+$/;

/** The column of a fact path from fact-paths (`["os","release","full"]`), or undefined when the extract can't name it. */
export function columnOfFactPath(path: readonly unknown[]): string | undefined {
  if (path.length === 0) return undefined;
  if (!path.every((segment) => typeof segment === 'string' && PLAIN_SEGMENT.test(segment))) {
    return undefined;
  }
  return `facts.${path.join('.')}`;
}

/** Whether a column is one the host may put into an extract (a setting or a webview can say anything). */
export function isInventoryColumn(column: string): boolean {
  if (column === CERTNAME_COLUMN || column === 'environment' || column === 'timestamp') return true;
  const segments = column.split('.');
  return (
    (segments[0] === 'facts' || segments[0] === 'trusted') &&
    segments.length > 1 &&
    segments.slice(1).every((segment) => PLAIN_SEGMENT.test(segment))
  );
}

/** Headers of the default columns, as Puppetboard names them. */
const KNOWN_LABELS: Readonly<Record<string, string>> = {
  'facts.networking.hostname': 'Hostname',
  'facts.networking.ip': 'IP address',
  'facts.os.name': 'OS',
  'facts.os.release.full': 'OS release',
  'facts.os.architecture': 'Architecture',
  'facts.kernelrelease': 'Kernel',
  'facts.puppetversion': 'Puppet',
};

/** What a column header says: a default column's name, else the path without `facts.`. */
export function columnLabel(column: string): string {
  return (
    KNOWN_LABELS[column] ?? (column.startsWith('facts.') ? column.slice('facts.'.length) : column)
  );
}

export type InventoryRow = unknown[];

export interface InventorySort {
  column: number;
  descending: boolean;
}

/** A cell as text: strings as they are, nothing as empty, structured values as JSON. */
export function inventoryCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Column `index` as the grid model sorts it: numbers by value, text naturally (`web2` before
 * `web10`), empty cells last. `key`: the column's name in the grid (its index by default).
 */
export function inventoryColumn(index: number, key = String(index)): GridModelColumn<InventoryRow> {
  return { key, sortKey: (row) => valueSortKey(row[index], 'natural'), textOrder: 'natural' };
}

/** What the filter searches in a row: every cell as it shows. */
export function inventorySearchText(row: InventoryRow): string {
  return row.map(inventoryCellText).join('\n');
}

/**
 * The rows matching `filter` (every word must appear in some cell, case-insensitively), in
 * `sort`'s order: the grid model the inventory view shows them with (gridModel.ts), so an export
 * has the rows in the order shown.
 */
export function inventoryView(
  rows: readonly InventoryRow[],
  filter: string,
  sort: InventorySort | undefined,
): InventoryRow[] {
  const model = new GridModel(sort ? [inventoryColumn(sort.column)] : [], inventorySearchText);
  model.replace(rows);
  const order = model.view({
    filter,
    sort: sort && { column: String(sort.column), direction: sort.descending ? 'desc' : 'asc' },
  });
  return Array.from(order, (index) => rows[index]!);
}

/** Rows as objects keyed by column, for an export. */
export function inventoryRecords(
  columns: readonly string[],
  rows: readonly InventoryRow[],
): Array<Record<string, unknown>> {
  return rows.map((row) =>
    Object.fromEntries(columns.map((column, index) => [column, row[index]])),
  );
}
