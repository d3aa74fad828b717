/**
 * A grid over a grid model (src/shared/gridModel.ts): the rows as they arrive, the page's text
 * filter, the sort chosen from the headers and the column layout, drawn by the one grid
 * (grid.ts). The PQL results, the inventory, recent runs and a report's logs are each one of
 * these with their own columns; the events table puts the same grid over its own model.
 */
import { GridModel } from '../../../shared/gridModel';
import {
  valueSortKey,
  type GridSort,
  type SortKey,
  type TextOrder,
} from '../../../shared/gridSort';
import { IdleSlices } from '../tasks';
import { Grid, type ActivateDetail, type GridColumn, type GridOptions } from './grid';
import type { GridLayout } from './gridLayout';

export interface ModelGridColumn<R> extends GridColumn<R> {
  /** What the column sorts by; its text (without case) unless said. */
  sortKey?(row: R): SortKey;
  textOrder?: TextOrder;
}

/** What a page keeps of its grid across hide/show (its UI state). */
export interface ModelGridState {
  sort?: GridSort;
  layout?: GridLayout;
}

export interface ModelGridOptions<R> extends Omit<
  GridOptions<R>,
  'columns' | 'itemAt' | 'identity' | 'onSort' | 'onActivate' | 'onSelect' | 'layout'
> {
  columns: readonly ModelGridColumn<R>[];
  /** What the text filter looks for words in. */
  searchText(row: R): string;
  /** The state kept from before (see ModelGridState). */
  state?: unknown;
  /** The sort or the layout changed (to keep as the page's UI state). */
  onStateChange?(state: ModelGridState): void;
  /** Enter, a click on a link cell, a double click (or any click, `openOnClick`). */
  onActivate?(row: R, index: number, detail: ActivateDetail): void;
  /** The active row changed. */
  onSelect?(row: R | undefined, index: number | undefined): void;
  /** The view changed: how many rows it shows of how many there are. */
  onView?(shown: number, loaded: number): void;
}

/** Rows indexed between two looks at the idle deadline. */
const SEARCH_STEP = 500;

export class ModelGrid<R> {
  readonly grid: Grid<R>;
  private readonly model: GridModel<R>;
  private view: Int32Array = new Int32Array(0);
  private filter = '';
  private include: ((row: R) => boolean) | undefined;
  private sort: GridSort | undefined;
  private readonly indexing: IdleSlices;

  constructor(private readonly options: ModelGridOptions<R>) {
    const kept = (options.state ?? {}) as { sort?: unknown; layout?: unknown };
    this.sort = keptSort(kept.sort, options.columns);
    this.model = new GridModel(modelColumns(options.columns), options.searchText);
    this.indexing = new IdleSlices(() => this.model.prepareSearch(SEARCH_STEP));
    this.grid = new Grid<R>({
      ...options,
      layout: kept.layout,
      itemAt: (position) => this.model.row(this.view[position]!),
      identity: (position) => this.view[position],
      onSort: (sort) => {
        this.sort = sort;
        this.refresh();
        this.saveState();
      },
      onActivate: (position, detail) => {
        const index = this.view[position];
        if (index !== undefined) options.onActivate?.(this.model.row(index), index, detail);
      },
      onSelect: (position) => {
        const index = position === undefined ? undefined : this.view[position];
        options.onSelect?.(index === undefined ? undefined : this.model.row(index), index);
      },
      onLayoutChange: () => this.saveState(),
    });
    this.grid.setSort(this.sort);
  }

  get element(): HTMLElement {
    return this.grid.element;
  }

  /** How many rows the view shows (after the filter). */
  get shownCount(): number {
    return this.view.length;
  }

  get loadedCount(): number {
    return this.model.size;
  }

  get currentSort(): GridSort | undefined {
    return this.sort;
  }

  get currentFilter(): string {
    return this.filter;
  }

  /** New rows: the view is made again, and the rows in view drawn anew. */
  setRows(rows: readonly R[]): void {
    this.model.replace(rows);
    this.grid.redraw();
    this.refresh({ keepActive: false });
    this.indexing.start();
  }

  /** Rows that arrived after the others: in arrival order and unfiltered they only extend the view. */
  append(rows: readonly R[]): void {
    if (rows.length === 0) {
      this.options.onView?.(this.view.length, this.model.size);
      return;
    }
    const from = this.model.size;
    this.model.append(rows);
    this.indexing.start();
    if (this.sort || this.include || this.filter.trim()) {
      this.refresh();
      return;
    }
    const view = new Int32Array(this.model.size);
    view.set(this.view);
    for (let index = from; index < view.length; index++) view[index] = index;
    this.view = view;
    this.grid.grow(view.length);
    this.options.onView?.(this.view.length, this.model.size);
  }

  /** Another sort (undefined: arrival order), as a header would set it. */
  setSort(sort: GridSort | undefined): void {
    this.sort = sort;
    this.refresh();
  }

  setFilter(text: string): void {
    this.filter = text;
    this.refresh();
  }

  /** A condition of the page's own besides the text (a log level); undefined: none. */
  setInclude(include: ((row: R) => boolean) | undefined): void {
    this.include = include;
    this.refresh();
  }

  setColumns(columns: readonly ModelGridColumn<R>[]): void {
    this.model.setColumns(modelColumns(columns));
    if (this.sort && !columns.some((column) => column.key === this.sort!.column)) {
      this.sort = undefined;
    }
    this.grid.setColumns(columns);
    this.grid.setSort(this.sort);
  }

  /** The view again (filter, condition, sort), keeping the active row where it still shows. */
  private refresh(options: { keepActive?: boolean } = {}): void {
    const active = this.grid.activePosition;
    const activeIndex = active === undefined ? undefined : this.view[active];
    this.view = this.model.view({ filter: this.filter, sort: this.sort, include: this.include });
    const position =
      options.keepActive === false || activeIndex === undefined
        ? -1
        : this.view.indexOf(activeIndex);
    this.grid.setSort(this.sort);
    this.grid.setCount(this.view.length, position >= 0 ? { active: position } : undefined);
    this.options.onView?.(this.view.length, this.model.size);
  }

  private saveState(): void {
    this.options.onStateChange?.({
      ...(this.sort && { sort: this.sort }),
      layout: this.grid.currentLayout,
    });
  }
}

function modelColumns<R>(columns: readonly ModelGridColumn<R>[]) {
  return columns.map((column) => ({
    key: column.key,
    sortKey: column.sortKey ?? ((row: R) => valueSortKey(column.text(row))),
    textOrder: column.textOrder,
  }));
}

/** A kept sort, if it names a column of the grid and a direction. */
function keptSort<R>(sort: unknown, columns: readonly ModelGridColumn<R>[]): GridSort | undefined {
  if (typeof sort !== 'object' || sort === null) return undefined;
  const { column, direction } = sort as { column?: unknown; direction?: unknown };
  if (!columns.some((each) => each.key === column && each.sortable !== false)) return undefined;
  return direction === 'asc' || direction === 'desc'
    ? { column: column as string, direction }
    : undefined;
}
