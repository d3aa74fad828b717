/**
 * Table rows as columns, for a webview message of thousands of rows.
 *
 * A message travels as JSON from the extension host to the window (through a compressed
 * WebSocket in a remote window) and is cloned into the webview's frames: its cost grows with its
 * bytes and with the number of values in it. Inventory columns repeat (an OS name, a kernel, a
 * Puppet version over 10,000 nodes), so a column whose values repeat is sent as its distinct
 * values and each row's index into them: about half the bytes, and a third of the compression
 * time, of the same rows as arrays (measured on the 10,000-node fleet's default columns).
 */
export interface PackedRows {
  count: number;
  columns: PackedColumn[];
}

/** Every row's value, or the distinct values and each row's index into them. */
export type PackedColumn = { values: unknown[] } | { distinct: unknown[]; indexes: number[] };

/** `rows` (each `width` values long) as columns. */
export function packRows(rows: readonly (readonly unknown[])[], width: number): PackedRows {
  const columns: PackedColumn[] = [];
  for (let column = 0; column < width; column++) {
    const values = rows.map((row) => row[column] ?? null);
    const distinct: unknown[] = [];
    const known = new Map<unknown, number>();
    const indexes: number[] = [];
    for (const value of values) {
      // structured values (a fact that is a hash or an array) compare by their JSON
      const key =
        typeof value === 'object' && value !== null ? `\u0000${JSON.stringify(value)}` : value;
      let index = known.get(key);
      if (index === undefined) {
        index = distinct.length;
        distinct.push(value);
        known.set(key, index);
      }
      indexes.push(index);
      // mostly distinct (certnames, addresses): the values themselves are shorter
      if (distinct.length > values.length / 2) break;
    }
    columns.push(distinct.length > values.length / 2 ? { values } : { distinct, indexes });
  }
  return { count: rows.length, columns };
}

export function unpackRows(packed: PackedRows): unknown[][] {
  const rows: unknown[][] = Array.from({ length: packed.count }, () => []);
  for (const column of packed.columns) {
    if ('values' in column) {
      column.values.forEach((value, index) => rows[index]!.push(value));
    } else {
      column.indexes.forEach((at, index) => rows[index]!.push(column.distinct[at]));
    }
  }
  return rows;
}
