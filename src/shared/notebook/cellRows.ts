/**
 * A cell's rows as they cross from the extension host to the notebook renderer: each key named
 * once (not in every row) and each string value written once. PuppetDB's rows repeat both (a
 * certname on each of its facts, a type on each resource), and VS Code hands an output across
 * two processes and into the renderer's frame byte by byte: a 100,000-row answer of 10 MB as
 * objects packs into about 4 MB, and what a user waits for after the last row has arrived falls
 * with it (bench:notebook). The file format is not this: a saved output has its rows as they came.
 *
 * Not the inventory's `src/shared/packedRows.ts`: that one packs rows of a fixed width that are
 * all there, column by column; a cell's rows are objects whose keys a query chooses (and a row
 * may lack), packed a batch at a time while they stream in.
 */

import type { PqlBookOutput } from './pqlBook';

/**
 * A cell output's data as the extension writes it and the renderer reads it: the output with its
 * rows packed, and a `key` of its own (notebookOutput.ts).
 */
export type OutputData = Omit<PqlBookOutput, 'rows'> & {
  key?: unknown;
  packedRows?: PackedCellRows;
};

/** The output `data` stands for, its rows unpacked (rows written plain are taken as they are). */
export function unpackedOutput(
  data: OutputData & { rows?: unknown[] },
): PqlBookOutput & { key?: unknown } {
  const { packedRows, ...output } = data;
  return packedRows ? { ...output, rows: unpackCellRows(packedRows) } : output;
}

export interface PackedCellRows {
  /** Every key of the object rows, in the order first seen. */
  columns: string[];
  /** Each distinct string value, once. */
  strings: string[];
  /**
   * An object row: one cell per column, up to its last key. A cell is a number (the index of a
   * string in `strings`), -1 (the row has no such key), or any other value in an array of one.
   * A row that is not an object: `{ value }`.
   */
  rows: Array<PackedCell[] | { value: unknown }>;
}

type PackedCell = number | [unknown];

const ABSENT = -1;

export function packCellRows(rows: readonly unknown[]): PackedCellRows {
  const packer = new CellRowsPacker();
  packer.add(rows);
  return JSON.parse(packer.json()) as PackedCellRows;
}

/**
 * Packs rows a batch at a time as a run's rows arrive, writing each batch's JSON as it goes: when
 * the last row has come, what is left is the strings and the columns (bench:notebook: packing
 * and writing 100,000 rows at the end took 100–170 ms of what the user waits for).
 */
export class CellRowsPacker {
  private readonly columns: string[] = [];
  private readonly columnOf = new Map<string, number>();
  private readonly strings: string[] = [];
  private readonly stringOf = new Map<string, number>();
  /** The packed rows' JSON, a batch in each, without the brackets. */
  private readonly written: string[] = [];

  add(rows: readonly unknown[]): void {
    if (rows.length === 0) return;
    const packed: PackedCellRows['rows'] = new Array(rows.length);
    for (let index = 0; index < rows.length; index++) packed[index] = this.packed(rows[index]);
    this.written.push(JSON.stringify(packed).slice(1, -1));
  }

  /** The `PackedCellRows` of every row added, as JSON. */
  json(): string {
    return `{"columns":${JSON.stringify(this.columns)},"strings":${JSON.stringify(this.strings)},"rows":[${this.written.join(',')}]}`;
  }

  private packed(row: unknown): PackedCellRows['rows'][number] {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return { value: row };
    const cells: PackedCell[] = [];
    for (const [key, value] of Object.entries(row)) {
      let column = this.columnOf.get(key);
      if (column === undefined) {
        column = this.columns.push(key) - 1;
        this.columnOf.set(key, column);
      }
      while (cells.length < column) cells.push(ABSENT);
      if (typeof value === 'string') {
        let string = this.stringOf.get(value);
        if (string === undefined) {
          string = this.strings.push(value) - 1;
          this.stringOf.set(value, string);
        }
        cells[column] = string;
      } else {
        cells[column] = [value];
      }
    }
    return cells;
  }
}

/**
 * The rows `packed` stands for. A packing from elsewhere (a renderer reads what it is handed) that
 * is not one is refused with an Error; a key such as `__proto__` becomes an own key, as
 * JSON.parse makes it, never the row's prototype.
 */
export function unpackCellRows(packed: PackedCellRows): unknown[] {
  const { columns, strings, rows } = packed;
  if (!Array.isArray(columns) || !Array.isArray(strings) || !Array.isArray(rows)) {
    throw new Error('packed rows without their columns, strings and rows');
  }
  const plain = !columns.includes('__proto__');
  const unpacked: unknown[] = new Array(rows.length);
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index];
    if (!Array.isArray(row)) {
      unpacked[index] = (row as { value: unknown }).value;
      continue;
    }
    const object: Record<string, unknown> = {};
    for (let column = 0; column < row.length; column++) {
      const cell = row[column];
      if (cell === ABSENT) continue;
      const value = typeof cell === 'number' ? strings[cell] : (cell as [unknown])[0];
      const key = columns[column]!;
      if (plain) {
        object[key] = value;
      } else {
        Object.defineProperty(object, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    unpacked[index] = object;
  }
  return unpacked;
}
