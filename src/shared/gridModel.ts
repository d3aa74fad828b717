/**
 * The model of a grid's rows (PQL results, inventory, recent runs, a report's logs; the events
 * table's own model, eventTable.ts, adds statuses and groups on the same pieces): the rows as they
 * arrived, a text filter and a sort, and the view they make, as row indices. Pure: the grid draws
 * what `view` answers, and the host can order an export the same way.
 *
 * The filter wants every word somewhere in a row's search text (case-insensitively), through a
 * TextIndex (each row lower-cased once; a longer filter searches only what the shorter one
 * found). The sort is gridSort.ts's, each column's order cached until the rows change.
 */
import {
  columnOrder,
  filterWords,
  sortedRows,
  type ColumnOrder,
  type GridSort,
  type SortKey,
  type TextOrder,
} from './gridSort';
import { TextIndex } from './textIndex';

export interface GridModelColumn<R> {
  key: string;
  /** What the column sorts by (see gridSort.ts valueSortKey for the type-aware default). */
  sortKey(row: R): SortKey;
  /** How its texts compare; `text` unless said. */
  textOrder?: TextOrder;
}

export interface GridQuery<R> {
  /** Words that must all occur in a row's search text. */
  filter?: string;
  /** Undefined: the order the rows arrived in. */
  sort?: GridSort;
  /** A further condition of the page's own (a log level, say). */
  include?: (row: R) => boolean;
}

export class GridModel<R> {
  private rows: R[] = [];
  private columns = new Map<string, GridModelColumn<R>>();
  private readonly orders = new Map<string, ColumnOrder>();
  private readonly search: TextIndex;

  /** `searchText(row)`: what the filter looks for words in. */
  constructor(columns: readonly GridModelColumn<R>[], searchText: (row: R) => string) {
    this.setColumns(columns);
    this.search = new TextIndex((index) => searchText(this.rows[index]!));
  }

  get size(): number {
    return this.rows.length;
  }

  row(index: number): R {
    return this.rows[index]!;
  }

  /** Other columns (their sort orders are made again when next asked). */
  setColumns(columns: readonly GridModelColumn<R>[]): void {
    this.columns = new Map(columns.map((column) => [column.key, column]));
    this.orders.clear();
  }

  replace(rows: readonly R[]): void {
    this.rows = [...rows];
    this.search.clear();
    this.orders.clear();
  }

  /** Rows that arrived after the others (streamed): the search text grows, orders are redone. */
  append(rows: readonly R[]): void {
    if (rows.length === 0) return;
    for (const row of rows) this.rows.push(row);
    this.orders.clear();
  }

  /**
   * Indexes the search text of up to `rows` more rows; true when every row has it. Lets a page
   * do that work in idle time, so the first keystroke in its filter does not.
   */
  prepareSearch(rows: number): boolean {
    return this.search.extend(this.rows.length, rows);
  }

  /** The rows the query lets through, as indices, in its order. */
  view(query: GridQuery<R> = {}): Int32Array {
    const total = this.rows.length;
    const words = filterWords(query.filter ?? '');
    const { include } = query;
    let pass: Uint8Array | undefined;
    let matched = total;
    if (words.length > 0 || include) {
      pass = new Uint8Array(total);
      matched = 0;
      const mark = (index: number) => {
        if (include && !include(this.rows[index]!)) return;
        pass![index] = 1;
        matched++;
      };
      if (words.length > 0) {
        this.search.extend(total);
        for (const index of this.search.search(words)) mark(index);
      } else {
        for (let index = 0; index < total; index++) mark(index);
      }
    }
    const column = query.sort && this.columns.get(query.sort.column);
    if (!column || !query.sort) {
      const result = new Int32Array(matched);
      let next = 0;
      for (let index = 0; index < total; index++) if (!pass || pass[index]) result[next++] = index;
      return result;
    }
    return sortedRows(this.orderOf(column), query.sort.direction, pass, matched);
  }

  private orderOf(column: GridModelColumn<R>): ColumnOrder {
    let order = this.orders.get(column.key);
    if (!order) {
      order = columnOrder(
        this.rows.length,
        (index) => column.sortKey(this.rows[index]!),
        column.textOrder,
      );
      this.orders.set(column.key, order);
    }
    return order;
  }
}
