/**
 * The events table's model: filter, sort and group up to hundreds of thousands of events fast
 * enough to answer each keystroke within a frame or two.
 *
 * How: everything derived from the rows is computed once and cached (the text indexes: lower-cased
 * search text per row and per column, see TextIndex; for each sorted column, the permutation that
 * sorts it). Producing a view is then a linear pass: mark the rows the text indexes find, test
 * each row's status into a mask, walk the cached permutation
 * keeping the rows the mask lets through, and bucket them into groups. The only sort of a view is
 * the one-time ranking of a column's distinct values; the permutation itself is a counting sort.
 * The sort and the filter's words are every grid's (gridSort.ts); statuses and groups are this
 * table's own.
 */
import {
  EVENT_COLUMNS,
  cellText,
  resourceRef,
  sortKey,
  type EventColumn,
} from './eventTableColumns';
import {
  columnOrder,
  filterWords,
  sortedRows,
  type ColumnOrder,
  type SortDirection,
} from './gridSort';
import type { EventRowDto, EventStatus } from './reportDto';
import { TextIndex } from './textIndex';

export type GroupBy = 'none' | 'resource' | 'class';
export type { SortDirection };

export interface SortSpec {
  column: EventColumn;
  direction: SortDirection;
}

export interface EventTableQuery {
  /** Undefined: the order the events arrived in. */
  sort?: SortSpec;
  /** The statuses to show; undefined shows all. */
  statuses?: readonly EventStatus[];
  /** Words that must all occur (case-insensitive) in some column of the event. */
  text?: string;
  /** Per column, text that must occur (case-insensitive) in that column. */
  columnFilters?: Partial<Record<EventColumn, string>>;
  groupBy?: GroupBy;
  /** Keys of the groups whose events are hidden. */
  collapsed?: readonly string[];
}

export type StatusCounts = Record<EventStatus, number>;

export interface EventGroup {
  key: string;
  count: number;
  /** How many nodes (certnames) the group's events come from. */
  nodes: number;
  statusCounts: StatusCounts;
  collapsed: boolean;
}

export interface EventTableView {
  /**
   * What the table shows, top to bottom: an event's index in the model (≥ 0), or a group header
   * as `-(groupIndex + 1)` (< 0).
   */
  items: Int32Array;
  groups: EventGroup[];
  /** Events that pass every filter. */
  matched: number;
  /** By status, the events that pass the text filters (what each status toggle would show). */
  facetCounts: StatusCounts;
  /** By status, every event. */
  totalCounts: StatusCounts;
  total: number;
}

export const NO_CLASS = '(no class)';

const STATUS_CODES: readonly EventStatus[] = ['success', 'failure', 'noop', 'skipped'];

const codeOf = (status: EventStatus): number => STATUS_CODES.indexOf(status);

export function emptyStatusCounts(): StatusCounts {
  return { success: 0, failure: 0, noop: 0, skipped: 0 };
}

function countsFrom(counts: Uint32Array): StatusCounts {
  const result = emptyStatusCounts();
  STATUS_CODES.forEach((status, code) => (result[status] = counts[code]!));
  return result;
}

/** The group an event falls in. */
export function groupKey(row: EventRowDto, groupBy: Exclude<GroupBy, 'none'>): string {
  return groupBy === 'resource' ? resourceRef(row) : (row.containingClass ?? NO_CLASS);
}

interface GroupIds {
  ids: Uint32Array;
  keys: string[];
  idOf: Map<string, number>;
  /** How many rows `ids` covers. */
  length: number;
}

export class EventTableModel {
  private rows: EventRowDto[] = [];
  private statusCodes = new Uint8Array(0);
  /** Per row, every column's text joined by newlines (words never contain one). */
  private readonly search = new TextIndex((index) =>
    EVENT_COLUMNS.map((column) => cellText(this.rows[index]!, column)).join('\n'),
  );
  private readonly columnIndexes = new Map<EventColumn, TextIndex>();
  private readonly orders = new Map<EventColumn, ColumnOrder>();
  private readonly groupIds = new Map<Exclude<GroupBy, 'none'> | 'node', GroupIds>();

  constructor(rows: readonly EventRowDto[] = []) {
    this.append(rows);
  }

  get size(): number {
    return this.rows.length;
  }

  row(index: number): EventRowDto {
    return this.rows[index]!;
  }

  replace(rows: readonly EventRowDto[]): void {
    this.rows = [];
    this.statusCodes = new Uint8Array(0);
    this.search.clear();
    this.columnIndexes.clear();
    this.orders.clear();
    this.groupIds.clear();
    this.append(rows);
  }

  /** Adds events (as they stream in); text caches grow, sort orders are rebuilt when next used. */
  append(rows: readonly EventRowDto[]): void {
    if (rows.length === 0) return;
    const start = this.rows.length;
    for (const row of rows) this.rows.push(row);
    const codes = new Uint8Array(this.rows.length);
    codes.set(this.statusCodes);
    for (let index = start; index < this.rows.length; index++) {
      codes[index] = codeOf(this.rows[index]!.status);
    }
    this.statusCodes = codes;
    this.orders.clear();
  }

  view(query: EventTableQuery = {}): EventTableView {
    const total = this.rows.length;
    const pass = new Uint8Array(total);
    const facet = new Uint32Array(STATUS_CODES.length);
    const all = new Uint32Array(STATUS_CODES.length);
    const allowed = new Uint8Array(STATUS_CODES.length).fill(query.statuses ? 0 : 1);
    for (const status of query.statuses ?? []) allowed[codeOf(status)] = 1;
    // per row, how many of the text filters (all words, each column filter) it passes
    const filters = this.textFilters(query);
    const hits = filters.length > 0 ? new Uint8Array(total) : undefined;
    for (const { index, needles } of filters) {
      index.extend(total);
      for (const row of index.search(needles)) hits![row]!++;
    }
    const codes = this.statusCodes;
    let matched = 0;
    for (let index = 0; index < total; index++) {
      const code = codes[index]!;
      all[code]!++;
      if (hits && hits[index] !== filters.length) continue;
      facet[code]!++;
      if (allowed[code]) {
        pass[index] = 1;
        matched++;
      }
    }
    const sorted = this.sortedMatches(pass, matched, query.sort);
    const groupBy = query.groupBy ?? 'none';
    const grouped =
      groupBy === 'none'
        ? { items: sorted, groups: [] }
        : this.group(sorted, groupBy, new Set(query.collapsed ?? []));
    return {
      ...grouped,
      matched,
      facetCounts: countsFrom(facet),
      totalCounts: countsFrom(all),
      total,
    };
  }

  /**
   * The indices of the rows `pass` marks, in the order `sort` asks for (signed, as the view's
   * items are: ungrouped, this is the view, with no copy). The sort is every grid's (gridSort.ts).
   */
  private sortedMatches(pass: Uint8Array, matched: number, sort: SortSpec | undefined): Int32Array {
    if (!sort) {
      const result = new Int32Array(matched);
      let next = 0;
      for (let index = 0; index < pass.length; index++) if (pass[index]) result[next++] = index;
      return result;
    }
    return sortedRows(this.columnOrder(sort.column), sort.direction, pass, matched);
  }

  private columnOrder(column: EventColumn): ColumnOrder {
    let order = this.orders.get(column);
    if (!order) {
      // an empty text (no property, no class, no file) sorts last, as in every grid
      order = columnOrder(this.rows.length, (index) => {
        const key = sortKey(this.rows[index]!, column);
        return key === '' ? undefined : key;
      });
      this.orders.set(column, order);
    }
    return order;
  }

  /**
   * Builds the search text of up to `rows` more events; true when every event has it. Lets a
   * caller do that work in idle time, in slices, so the first text filter need not.
   */
  prepareSearch(rows: number): boolean {
    return this.search.extend(this.rows.length, rows);
  }

  /**
   * Indexes up to `rows` more events for the text filters of `query`; true when view(query) will
   * find every index complete (and so take no time building one). Lets a caller finish the
   * indexes in slices when a filter comes before idle time did.
   */
  prepareFor(query: EventTableQuery, rows: number): boolean {
    let budget = rows;
    for (const { index } of this.textFilters(query)) {
      const before = index.size;
      if (!index.extend(this.rows.length, budget)) return false;
      budget -= index.size - before;
    }
    return true;
  }

  /** The text filters of a query, each with the index that answers it. */
  private textFilters(query: EventTableQuery): Array<{ index: TextIndex; needles: string[] }> {
    const words = filterWords(query.text ?? '');
    const filters = words.length > 0 ? [{ index: this.search, needles: words }] : [];
    for (const column of EVENT_COLUMNS) {
      const needle = query.columnFilters?.[column]?.trim().toLowerCase();
      if (needle) filters.push({ index: this.columnIndex(column), needles: [needle] });
    }
    return filters;
  }

  /** Groups in order of their first event in `sorted`; each header followed by its events. */
  private group(
    sorted: Int32Array,
    groupBy: Exclude<GroupBy, 'none'>,
    collapsed: ReadonlySet<string>,
  ): { items: Int32Array; groups: EventGroup[] } {
    const { ids, keys } = this.groupIdsOf(groupBy);
    const nodeIds = this.groupIdsOf('node').ids;
    const positionOf = new Int32Array(keys.length).fill(-1);
    const groupOrder: number[] = [];
    const counts: number[] = [];
    const statusCounts: Uint32Array[] = [];
    const nodes: Array<Set<number>> = [];
    const codes = this.statusCodes;
    for (const index of sorted) {
      const id = ids[index]!;
      let position = positionOf[id]!;
      if (position < 0) {
        position = positionOf[id] = groupOrder.length;
        groupOrder.push(id);
        counts.push(0);
        statusCounts.push(new Uint32Array(STATUS_CODES.length));
        nodes.push(new Set());
      }
      counts[position]!++;
      statusCounts[position]![codes[index]!]!++;
      nodes[position]!.add(nodeIds[index]!);
    }
    const groups = groupOrder.map((id, position) => {
      const key = keys[id]!;
      return {
        key,
        count: counts[position]!,
        nodes: nodes[position]!.size,
        statusCounts: countsFrom(statusCounts[position]!),
        collapsed: collapsed.has(key),
      };
    });
    // each header's slot, and where the group's events go after it (-1 when collapsed)
    const headerAt = new Uint32Array(groups.length);
    const cursor = new Int32Array(groups.length);
    let length = 0;
    groups.forEach((group, position) => {
      headerAt[position] = length++;
      cursor[position] = group.collapsed ? -1 : length;
      if (!group.collapsed) length += group.count;
    });
    const items = new Int32Array(length);
    headerAt.forEach((at, position) => (items[at] = -(position + 1)));
    for (const index of sorted) {
      const position = positionOf[ids[index]!]!;
      if (cursor[position]! >= 0) items[cursor[position]!++] = index;
    }
    return { items, groups };
  }

  /** Dense ids of each row's group (or, for `node`, of its certname), extended as rows arrive. */
  private groupIdsOf(groupBy: Exclude<GroupBy, 'none'> | 'node'): GroupIds {
    let cache = this.groupIds.get(groupBy);
    if (!cache) {
      cache = { ids: new Uint32Array(0), keys: [], idOf: new Map(), length: 0 };
      this.groupIds.set(groupBy, cache);
    }
    if (cache.length < this.rows.length) {
      const ids = new Uint32Array(this.rows.length);
      ids.set(cache.ids.subarray(0, cache.length));
      for (let index = cache.length; index < this.rows.length; index++) {
        const row = this.rows[index]!;
        const key = groupBy === 'node' ? row.certname : groupKey(row, groupBy);
        let id = cache.idOf.get(key);
        if (id === undefined) {
          id = cache.keys.length;
          cache.keys.push(key);
          cache.idOf.set(key, id);
        }
        ids[index] = id;
      }
      cache.ids = ids;
      cache.length = this.rows.length;
    }
    return cache;
  }

  private columnIndex(column: EventColumn): TextIndex {
    let index = this.columnIndexes.get(column);
    if (!index) {
      index = new TextIndex((row) => cellText(this.rows[row]!, column));
      this.columnIndexes.set(column, index);
    }
    return index;
  }
}
