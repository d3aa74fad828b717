/**
 * The one sort order of every grid (PQL results, events, inventory, recent runs, a report's
 * logs): what a cell sorts by, how a column's values are ranked, and the rows of a view in that
 * order. Pure, so the host (an export in the order shown) and the webviews sort alike.
 *
 * - Type-aware: numbers by value, before texts; texts case-insensitively (`text`: by code unit,
 *   fast and the same in every locale) or as people read them (`natural`: web2 before web10);
 *   an empty cell (nothing, null, '') sorts last in both directions.
 * - Stable: equal values keep the order the rows came in, ascending and descending alike.
 * - Fast on 100,000 rows: a column's distinct values are ranked once (the only comparison sort),
 *   and its order is a counting sort of the ranks, cached until the rows change; a view then
 *   walks that order keeping the rows its filter passes.
 */

export type SortDirection = 'asc' | 'desc';

export interface GridSort {
  column: string;
  direction: SortDirection;
}

/** What a cell sorts by: a number, a text, or nothing (empty: last in both directions). */
export type SortKey = number | string | undefined;

/** How a column compares its texts (see the file comment). */
export type TextOrder = 'text' | 'natural';

/**
 * Built on first use: building a collator loads ICU's collation data, a few milliseconds that
 * the extension host's start and every webview's load would otherwise pay for a sort not asked.
 */
let naturalCollator: Intl.Collator | undefined;

/**
 * A value's sort key, by its type: a number as itself, a boolean as 0/1, a text lower-cased for
 * the `text` order (kept as it is for `natural`, whose collator ignores case), any other value
 * as its JSON; nothing, null and '' as empty.
 */
export function valueSortKey(value: unknown, order: TextOrder = 'text'): SortKey {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return order === 'text' ? text.toLowerCase() : text;
}

/** Two sort keys compared as a column of `order` ranks them (empty last). */
export function compareSortKeys(a: SortKey, b: SortKey, order: TextOrder = 'text'): number {
  if (a === undefined || b === undefined) return Number(a === undefined) - Number(b === undefined);
  if (typeof a === 'number' || typeof b === 'number') {
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return typeof a === 'number' ? -1 : 1;
  }
  if (order === 'natural') {
    naturalCollator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    return naturalCollator.compare(a, b);
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first click sorts ascending, the second descending, the third back to arrival order. */
export function nextSort(current: GridSort | undefined, column: string): GridSort | undefined {
  if (current?.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : undefined;
}

/** A column's order over every row, cached by its model until the rows change. */
export interface ColumnOrder {
  /** Row indices in ascending order of the column (ties by index), empty cells last. */
  order: Uint32Array;
  /** Each row's dense rank among the column's distinct values (the empty ones rank last). */
  ranks: Uint32Array;
  /** How many rows are empty (the last ones of `order`). */
  empty: number;
}

/** Ranks `count` rows by `keyOf(row)` (see the file comment). */
export function columnOrder(
  count: number,
  keyOf: (row: number) => SortKey,
  order: TextOrder = 'text',
): ColumnOrder {
  const numbers = new Float64Array(count);
  const distinct = new Float64Array(count);
  const texts = new Array<string | undefined>(count);
  const kinds = new Uint8Array(count); // 0 empty, 1 number, 2 text
  let numberCount = 0;
  const distinctTexts = new Set<string>();
  for (let row = 0; row < count; row++) {
    const key = keyOf(row);
    if (typeof key === 'number') {
      numbers[row] = key;
      distinct[numberCount++] = key;
      kinds[row] = 1;
    } else if (key !== undefined) {
      texts[row] = key;
      distinctTexts.add(key);
      kinds[row] = 2;
    }
  }
  // the numbers' distinct values, sorted natively; each row's rank is found by bisection
  const sortedNumbers = distinct.subarray(0, numberCount).sort();
  let distinctNumbers = 0;
  for (let at = 0; at < numberCount; at++) {
    if (at === 0 || sortedNumbers[at] !== sortedNumbers[distinctNumbers - 1]) {
      sortedNumbers[distinctNumbers++] = sortedNumbers[at]!;
    }
  }
  const textRank = new Map<string, number>();
  [...distinctTexts]
    .sort((a, b) => compareSortKeys(a, b, order))
    .forEach((text, rank) => textRank.set(text, distinctNumbers + rank));
  const emptyRank = distinctNumbers + textRank.size;
  const ranks = new Uint32Array(count);
  let empty = 0;
  for (let row = 0; row < count; row++) {
    const kind = kinds[row];
    if (kind === 2) ranks[row] = textRank.get(texts[row]!)!;
    else if (kind === 1) ranks[row] = bisect(sortedNumbers, distinctNumbers, numbers[row]!);
    else {
      ranks[row] = emptyRank;
      empty++;
    }
  }
  // a counting sort by rank: linear, and stable (ties stay in arrival order)
  const starts = new Uint32Array(emptyRank + 2);
  for (let row = 0; row < count; row++) starts[ranks[row]! + 1]!++;
  for (let rank = 1; rank < starts.length; rank++) starts[rank]! += starts[rank - 1]!;
  const sorted = new Uint32Array(count);
  for (let row = 0; row < count; row++) sorted[starts[ranks[row]!]!++] = row;
  return { order: sorted, ranks, empty };
}

/** The index of `value` in the first `length` (sorted, distinct) numbers. */
function bisect(sorted: Float64Array, length: number, value: number): number {
  let low = 0;
  let high = length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The rows that `pass` marks (every row without it), in `direction` of `column`: ascending walks
 * the column's order; descending walks its runs of equal values from the last to the first, each
 * run in arrival order, and the empty rows still last. `matched`: how many rows `pass` marks.
 */
export function sortedRows(
  column: ColumnOrder,
  direction: SortDirection,
  pass?: Uint8Array,
  matched = column.order.length,
): Int32Array {
  const { order, ranks, empty } = column;
  const result = new Int32Array(pass ? matched : order.length);
  let next = 0;
  const take = (position: number) => {
    const row = order[position]!;
    if (!pass || pass[row]) result[next++] = row;
  };
  if (direction === 'asc') {
    for (let position = 0; position < order.length; position++) take(position);
    return result;
  }
  const filled = order.length - empty;
  let end = filled - 1;
  while (end >= 0) {
    const rank = ranks[order[end]!]!;
    let start = end;
    while (start > 0 && ranks[order[start - 1]!] === rank) start--;
    for (let position = start; position <= end; position++) take(position);
    end = start - 1;
  }
  for (let position = filled; position < order.length; position++) take(position);
  return result;
}

/** The words of a filter: every one must occur (case-insensitively) for a row to pass. */
export function filterWords(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}
