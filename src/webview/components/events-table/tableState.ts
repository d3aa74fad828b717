/** What the user set on an events table (kept as the webview's UI state across hide/show). */
import type { GroupBy, SortSpec } from '../../../shared/eventTable';
import { EVENT_COLUMNS, type EventColumn } from '../../../shared/eventTableColumns';
import { EVENT_STATUSES, type EventStatus } from '../../../shared/reportDto';

export interface EventsTableState {
  sort: SortSpec | undefined;
  /** The grid's column layout (widths, hidden columns), as the grid checks it. */
  layout?: unknown;
  statuses: EventStatus[];
  text: string;
  columnFilters: Partial<Record<EventColumn, string>>;
  groupBy: GroupBy;
  collapsed: string[];
}

export function defaultTableState(): EventsTableState {
  return {
    sort: { column: 'timestamp', direction: 'asc' },
    statuses: [...EVENT_STATUSES],
    text: '',
    columnFilters: {},
    groupBy: 'none',
    collapsed: [],
  };
}

/** A saved state, checked field by field (it may come from an older version of the view). */
export function restoreTableState(saved: unknown): EventsTableState {
  const state = defaultTableState();
  if (!saved || typeof saved !== 'object') return state;
  const value = saved as Partial<Record<keyof EventsTableState, unknown>>;
  const sort = value.sort as Partial<SortSpec> | undefined;
  if (sort === null) state.sort = undefined;
  else if (
    sort &&
    (EVENT_COLUMNS as readonly unknown[]).includes(sort.column) &&
    (sort.direction === 'asc' || sort.direction === 'desc')
  ) {
    state.sort = { column: sort.column!, direction: sort.direction };
  }
  if (Array.isArray(value.statuses)) {
    state.statuses = EVENT_STATUSES.filter((status) =>
      (value.statuses as unknown[]).includes(status),
    );
  }
  if (typeof value.text === 'string') state.text = value.text;
  if (value.columnFilters && typeof value.columnFilters === 'object') {
    for (const column of EVENT_COLUMNS) {
      const filter = (value.columnFilters as Record<string, unknown>)[column];
      if (typeof filter === 'string' && filter) state.columnFilters[column] = filter;
    }
  }
  if (value.groupBy === 'resource' || value.groupBy === 'class') state.groupBy = value.groupBy;
  // the grid checks the layout itself (restoreLayout): kept as it came
  if (value.layout !== undefined) state.layout = value.layout;
  if (Array.isArray(value.collapsed)) {
    state.collapsed = value.collapsed.filter((key): key is string => typeof key === 'string');
  }
  return state;
}

/** The state as JSON can keep it (`sort: null` for "arrival order"). */
export function savedTableState(state: EventsTableState): unknown {
  return { ...state, sort: state.sort ?? null };
}
