/**
 * The one grid of the webviews (PQL results, events, inventory, recent runs, a report's logs): a
 * focusable `role=grid` with a sticky header, over the virtual rows of virtualRows.ts (100,000
 * rows cost what the 40 in view do). What a page shows in its cells and what opening a row does
 * stay the page's (its columns' `fill` and `onActivate`); what rows there are, in which order,
 * is the page's model's (src/shared/gridModel.ts, eventTable.ts): the grid draws positions
 * 0…count-1 of the page's view.
 *
 * The same everywhere:
 * - ARIA: aria-rowcount (every row and the header rows), aria-rowindex on each row drawn,
 *   aria-colcount / aria-colindex, aria-sort on the headers, aria-selected on the selected rows,
 *   and the active cell as the grid's aria-activedescendant (the grid is one tab stop).
 * - Keyboard: arrows move the active cell, Home/End to the first/last column, Ctrl+Home/End to
 *   the first/last row, PageUp/PageDown by a screen; Shift extends the selection, Ctrl+A selects
 *   every row; Enter opens (a link cell's link, else the row); typing finds a row by its first
 *   column; Ctrl+C copies; Shift+F10 or the context menu key opens the row's menu, and on a
 *   header its column's menu.
 * - Columns sort from their header (ascending, descending, arrival order), resize by dragging
 *   their edge (or Widen/Narrow in their menu) and hide from their menu or "Columns…"; the
 *   layout is the page's to keep (onLayoutChange).
 * - Copy: the cell, the selected rows, or the rows with the column names, as tab-separated text.
 * - Dates follow the page's date style: a new one draws the rows again.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { GridSort } from '../../../shared/gridSort';
import { nextSort } from '../../../shared/gridSort';
import { onDateStyleChange } from '../dateStyle';
import { VirtualRows } from '../virtualRows';
import { copyText, registerCopySource } from './clipboard';
import {
  clampWidth,
  columnTracks,
  emptyLayout,
  restoreLayout,
  toggleHidden,
  visibleColumns,
  withWidth,
  type GridLayout,
} from './gridLayout';
import { FindBuffer, findByPrefix, toTsv } from './gridText';
import { showMenu, type MenuItem } from './menu';
import './grid.css';

export interface GridColumn<T> {
  key: string;
  label: string;
  /** The least width, and the first one, in px. */
  width: number;
  /** A share of the room left over (a CSS fr); none: the column keeps its width. */
  grow?: number;
  /** The cell's text: shown (unless `fill` shows more), copied, and what type-to-find reads. */
  text(item: T): string;
  /** Makes a cell's inner parts, once per cell (the cells are reused for other rows). */
  create?(cell: HTMLElement): void;
  /** Fills the cell for `item`; without it the cell shows `text(item)`, its tooltip too. */
  fill?(cell: HTMLElement, item: T): void;
  /** Classes on each of the column's cells (the page stylesheet's hooks). */
  className?: string;
  /** False: its header does not sort. */
  sortable?: boolean;
  /** False: it cannot be hidden (the column that names the row). */
  hideable?: boolean;
  /** Whether `item`'s cell is a link: a click or Enter on it opens it (onActivate with the column). */
  link?(item: T): boolean;
  /** More in the header cell, after the title (a button, say). */
  headerExtra?(): HTMLElement;
  /** The column's cell in the second header row, when the grid has one (a filter field). */
  subheader?(): HTMLElement;
}

/** Group header rows in the grid (the events table's): one cell across the row, collapsible. */
export interface GridGroups {
  is(position: number): boolean;
  /** Fills the group row's one cell (made once by `create`). */
  create(cell: HTMLElement): void;
  fill(cell: HTMLElement, position: number): void;
  expanded(position: number): boolean;
  /** Opens or closes the group (toggles without `open`). */
  toggle(position: number, open?: boolean): void;
}

export interface ActivateDetail {
  /** The link column activated, if it was a link cell. */
  column?: string;
  how: 'click' | 'double' | 'key';
  /** What was clicked, for a page with buttons in its cells. */
  target?: HTMLElement;
}

export interface GridOptions<T> {
  /** The page's class on the grid (its stylesheet and its tests find the grid by it). */
  className: string;
  /** The grid's accessible name. */
  label: string;
  columns: readonly GridColumn<T>[];
  /** The item at a position of the view. */
  itemAt(position: number): T;
  /**
   * What the row at `position` shows (an object, an index): a row that shows the same thing as
   * when last drawn is not written again, so a view that leaves it in place costs no layout.
   * Without it, every drawing writes every row in view.
   */
  identity?(position: number): unknown;
  /** Classes of the row of `item` (beside `grid-row`). */
  rowClass?(item: T): string;
  /** A header row of `subheader` cells below the titles. */
  subheader?: boolean;
  groups?: GridGroups;
  /** The sort the page chose from a header or a column menu (undefined: arrival order). */
  onSort?(sort: GridSort | undefined): void;
  /** Enter, a link cell's click, a double click; or any click when `openOnClick`. */
  onActivate?(position: number, detail: ActivateDetail): void;
  /** A single click opens the row (recent runs); else it only selects it. */
  openOnClick?: boolean;
  /** The active row changed (undefined: none). */
  onSelect?(position: number | undefined): void;
  /** The layout the page kept (its UI state). */
  layout?: unknown;
  onLayoutChange?(layout: GridLayout): void;
  /** After each drawing of the rows in view. */
  onRender?(): void;
}

let grids = 0;

export class Grid<T> {
  readonly element: HTMLElement;
  readonly spacer: HTMLElement;
  private readonly head: HTMLElement;
  private readonly headerRow: HTMLElement;
  private readonly subheaderRow: HTMLElement | undefined;
  private readonly emptyNote: HTMLElement;
  private readonly rows: VirtualRows;
  private readonly activeId: string;
  private columns: readonly GridColumn<T>[];
  private shown: GridColumn<T>[] = [];
  private layout: GridLayout;
  private sort: GridSort | undefined;
  private count = 0;
  /** The active cell (row position, index among the columns shown); -1: none. */
  private active = -1;
  private activeColumn = 0;
  /** Where a Shift+arrow or Shift+click selection started. */
  private anchor = -1;
  /** The selected rows, `from` to `to` (inclusive); none when `to` < 0. */
  private selection = { from: -1, to: -1 };
  private readonly cells = new WeakMap<HTMLElement, HTMLElement[]>();
  private readonly groupCells = new WeakMap<HTMLElement, HTMLElement>();
  private filled = new WeakMap<HTMLElement, unknown>();
  private readonly rowClasses = new WeakMap<HTMLElement, string>();
  private readonly headerCells = new Map<string, HTMLElement>();
  private readonly sortIcons = new Map<string, HTMLElement>();
  private readonly find = new FindBuffer();
  private readonly disposers: Array<() => void> = [];

  constructor(private readonly options: GridOptions<T>) {
    this.activeId = `grid-${++grids}-active`;
    this.columns = options.columns;
    this.layout = restoreLayout(options.layout);
    this.element = element('div', `grid ${options.className}`);
    this.element.tabIndex = 0;
    this.element.setAttribute('role', 'grid');
    this.element.setAttribute('aria-label', options.label);
    this.element.setAttribute('aria-multiselectable', 'true');
    this.head = element('div', 'grid-head');
    this.head.setAttribute('role', 'rowgroup');
    this.headerRow = element('div', 'grid-row grid-header-row');
    this.headerRow.setAttribute('role', 'row');
    this.headerRow.setAttribute('aria-rowindex', '1');
    this.head.append(this.headerRow);
    if (options.subheader) {
      this.subheaderRow = element('div', 'grid-row grid-subheader-row');
      this.subheaderRow.setAttribute('role', 'row');
      this.subheaderRow.setAttribute('aria-rowindex', '2');
      this.head.append(this.subheaderRow);
    }
    this.spacer = element('div', 'grid-spacer');
    this.spacer.setAttribute('role', 'rowgroup');
    this.emptyNote = element('div', 'grid-empty');
    this.emptyNote.hidden = true;
    this.element.append(this.head, this.spacer, this.emptyNote);
    this.rows = new VirtualRows({
      viewport: this.element,
      spacer: this.spacer,
      headerRows: options.subheader ? 2 : 1,
      createRow: () => this.createRow(),
      fillRow: (row, position) => this.fillRow(row, position),
      onRender: options.onRender,
    });
    this.showColumns();
    this.spacer.addEventListener('click', (event) => this.onClick(event));
    this.spacer.addEventListener('dblclick', (event) => this.onDoubleClick(event));
    this.element.addEventListener('contextmenu', (event) => this.onContextMenu(event));
    this.element.addEventListener('keydown', (event) => {
      this.onKeyDown(event);
      // a key the grid took is the grid's alone: VS Code hears a webview's keys, and in a
      // notebook's output Home or an arrow would otherwise move the notebook's focus away
      if (event.defaultPrevented) event.stopPropagation();
    });
    this.disposers.push(
      registerCopySource({
        // the grid itself, not a field in its header (whose own text Ctrl+C copies)
        contains: (node) => node === this.element,
        copyText: () => this.defaultCopy(),
      }),
      // the dates in the cells follow the page's date style
      onDateStyleChange(() => this.redraw()),
    );
  }

  // --- what the page tells the grid ---------------------------------------------------------

  /** A new view of `count` rows (sorted, filtered…): every row in view is drawn again. */
  setCount(count: number, keep?: { active: number }): void {
    this.count = count;
    this.active = keep && keep.active < count ? keep.active : -1;
    this.anchor = this.active;
    this.selection = { from: this.active, to: this.active };
    this.rows.setCount(count);
    this.updateActiveDescendant();
  }

  /**
   * As a new grid, its elements kept (a new subject in the page): no rows, the columns as they
   * come (the user's widths and hidden columns forgotten), scrolled back to the start.
   */
  startOver(): void {
    this.setCount(0);
    this.activeColumn = 0;
    this.changeLayout(emptyLayout());
    this.element.scrollTop = 0;
    this.element.scrollLeft = 0;
  }

  /** Rows were added at the end of the view (streamed): those drawn and the selection stay. */
  grow(count: number): void {
    this.count = count;
    this.rows.grow(count);
  }

  /** Draws the rows in view again (what they show changed, not which they are). */
  redraw(): void {
    this.filled = new WeakMap();
    this.rows.refresh();
  }

  /** Other columns (new keys in streamed results, a column added to the inventory). */
  setColumns(columns: readonly GridColumn<T>[]): void {
    this.columns = columns;
    this.showColumns();
  }

  /** The sort the header shows (aria-sort and its arrow). */
  setSort(sort: GridSort | undefined): void {
    this.sort = sort;
    for (const [key, cell] of this.headerCells) {
      const direction = sort?.column === key ? sort.direction : undefined;
      const value =
        direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
      if (cell.getAttribute('aria-sort') !== value) cell.setAttribute('aria-sort', value);
      const icon = this.sortIcons.get(key);
      const arrow = direction ? ` codicon-arrow-${direction === 'asc' ? 'up' : 'down'}` : '';
      const className = `codicon grid-sort-icon${arrow}`;
      // written on change only: a keystroke in a filter draws the view, and the header with it
      if (icon && icon.className !== className) icon.className = className;
    }
  }

  /** What the grid says when it has no rows (nothing: it says nothing). */
  setEmptyText(text: string | undefined): void {
    if (this.emptyNote.textContent !== (text ?? '')) this.emptyNote.textContent = text ?? '';
    const hidden = !text;
    if (this.emptyNote.hidden !== hidden) this.emptyNote.hidden = hidden;
  }

  /** The column layout the user set (widths, hidden columns). */
  get currentLayout(): GridLayout {
    return this.layout;
  }

  /** The active row (undefined: none). */
  get activePosition(): number | undefined {
    return this.active >= 0 ? this.active : undefined;
  }

  /** Makes `position` the active (and only selected) row, scrolled into view when asked. */
  select(position: number, options: { extend?: boolean; scroll?: boolean; column?: number } = {}) {
    if (position < 0 || position >= this.count) return;
    this.active = position;
    if (options.column !== undefined) this.activeColumn = options.column;
    if (!options.extend || this.anchor < 0) this.anchor = position;
    this.selection = {
      from: Math.min(this.anchor, position),
      to: Math.max(this.anchor, position),
    };
    // the page first (a detail pane it shows under the grid makes the grid shorter), then the
    // row is scrolled into what is left of the view
    this.options.onSelect?.(position);
    if (options.scroll !== false) {
      this.rows.scrollToIndex(position);
      this.scrollColumnIntoView();
    }
    this.rows.refresh();
    this.updateActiveDescendant();
  }

  /** A "Columns…" button that shows and hides the columns (for the page's toolbar). */
  columnsButton(): HTMLElement {
    const button = document.createElement('vscode-button');
    button.className = 'grid-columns-button';
    button.setAttribute('secondary', '');
    button.setAttribute('icon', 'list-selection');
    button.textContent = 'Columns…';
    button.title = `Show or hide the columns of the ${this.options.label.toLowerCase()} grid`;
    const open = () => {
      const { left, bottom } = button.getBoundingClientRect();
      showMenu(
        [
          ...this.columnChoices(),
          { separator: true },
          { label: 'Reset columns', run: () => this.changeLayout(emptyLayout()) },
        ],
        { x: left, y: bottom },
        button,
        'Columns',
      );
    };
    button.addEventListener('click', open);
    return button;
  }

  dispose(): void {
    for (const dispose of this.disposers) dispose();
    this.rows.dispose();
  }

  // --- columns ------------------------------------------------------------------------------

  private showColumns(): void {
    this.shown = visibleColumns(this.columns, this.layout);
    if (this.activeColumn >= this.shown.length) this.activeColumn = 0;
    this.element.setAttribute('aria-colcount', String(this.shown.length));
    this.applyTracks();
    this.headerCells.clear();
    this.sortIcons.clear();
    this.headerRow.replaceChildren(
      ...this.shown.map((column, index) => this.headerCell(column, index)),
    );
    this.subheaderRow?.replaceChildren(
      ...this.shown.map((column, index) => {
        const cell = element('div', `grid-cell grid-subheader-cell ${column.className ?? ''}`);
        cell.setAttribute('role', 'gridcell');
        cell.setAttribute('aria-colindex', String(index + 1));
        cell.dataset.column = column.key;
        const content = column.subheader?.();
        if (content) cell.append(content);
        return cell;
      }),
    );
    this.setSort(this.sort);
    this.rows.recreateRows();
  }

  private applyTracks(): void {
    const { template, minWidth } = columnTracks(this.columns, this.layout);
    this.element.style.setProperty('--grid-columns', template);
    this.element.style.setProperty('--grid-min-width', `${minWidth}px`);
  }

  private headerCell(column: GridColumn<T>, index: number): HTMLElement {
    const cell = element('div', `grid-cell grid-header-cell ${column.className ?? ''}`);
    cell.setAttribute('role', 'columnheader');
    cell.setAttribute('aria-colindex', String(index + 1));
    cell.dataset.column = column.key;
    const label = element('span', 'grid-label');
    label.textContent = column.label;
    if (column.sortable !== false && this.options.onSort) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'plain-button grid-sort';
      button.title = `Sort by ${column.label}`;
      const icon = element('span', 'codicon grid-sort-icon');
      icon.setAttribute('aria-hidden', 'true');
      this.sortIcons.set(column.key, icon);
      button.append(label, icon);
      button.addEventListener('click', () =>
        this.options.onSort?.(nextSort(this.sort, column.key)),
      );
      button.addEventListener('keydown', (event) => {
        if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
          event.preventDefault();
          event.stopPropagation();
          const { left, bottom } = button.getBoundingClientRect();
          this.columnMenu(column, { x: left, y: bottom }, button);
        }
      });
      cell.append(button);
    } else {
      cell.append(label);
    }
    const extra = column.headerExtra?.();
    if (extra) cell.append(extra);
    const handle = element('span', 'grid-resize');
    handle.setAttribute('aria-hidden', 'true');
    handle.title = `Drag to resize ${column.label}; double-click for its own width`;
    this.resizeBy(handle, cell, column);
    cell.append(handle);
    this.headerCells.set(column.key, cell);
    return cell;
  }

  /** Dragging a header's edge sets its column's width. */
  private resizeBy(handle: HTMLElement, cell: HTMLElement, column: GridColumn<T>): void {
    handle.addEventListener('pointerdown', (down) => {
      down.preventDefault();
      handle.setPointerCapture(down.pointerId);
      const start = cell.getBoundingClientRect().width;
      let layout = this.layout;
      const move = (event: PointerEvent) => {
        layout = withWidth(this.layout, column.key, start + event.clientX - down.clientX);
        this.layout = layout;
        this.applyTracks();
      };
      const up = () => {
        handle.removeEventListener('pointermove', move);
        handle.removeEventListener('pointerup', up);
        handle.removeEventListener('pointercancel', up);
        this.changeLayout(layout);
      };
      handle.addEventListener('pointermove', move);
      handle.addEventListener('pointerup', up);
      handle.addEventListener('pointercancel', up);
    });
    handle.addEventListener('dblclick', () =>
      this.changeLayout(withWidth(this.layout, column.key, undefined)),
    );
  }

  private changeLayout(layout: GridLayout): void {
    const visibilityChanged = layout.hidden.join('\n') !== this.layout.hidden.join('\n');
    this.layout = layout;
    if (visibilityChanged) this.showColumns();
    else this.applyTracks();
    this.options.onLayoutChange?.(layout);
  }

  private columnChoices(): MenuItem[] {
    return this.columns.map((column) => {
      const shown = this.shown.includes(column);
      return {
        label: column.label,
        checked: shown,
        // the column that names the row, and the last one shown, stay
        disabled: column.hideable === false || (shown && this.shown.length === 1),
        run: () => this.changeLayout(toggleHidden(this.layout, this.columns, column.key)),
      };
    });
  }

  private columnMenu(column: GridColumn<T>, at: { x: number; y: number }, from: HTMLElement) {
    const width = () =>
      this.layout.widths[column.key] ??
      this.headerCells.get(column.key)?.getBoundingClientRect().width ??
      column.width;
    const sortItems: MenuItem[] =
      column.sortable !== false && this.options.onSort
        ? [
            {
              label: 'Sort ascending',
              run: () => this.options.onSort?.({ column: column.key, direction: 'asc' }),
            },
            {
              label: 'Sort descending',
              run: () => this.options.onSort?.({ column: column.key, direction: 'desc' }),
            },
            { label: 'Arrival order', run: () => this.options.onSort?.(undefined) },
            { separator: true },
          ]
        : [];
    showMenu(
      [
        ...sortItems,
        {
          label: 'Widen column',
          run: () =>
            this.changeLayout(withWidth(this.layout, column.key, clampWidth(width() + 40))),
        },
        {
          label: 'Narrow column',
          run: () =>
            this.changeLayout(withWidth(this.layout, column.key, clampWidth(width() - 40))),
        },
        {
          label: 'Reset width',
          run: () => this.changeLayout(withWidth(this.layout, column.key, undefined)),
        },
        { separator: true },
        ...this.columnChoices(),
      ],
      at,
      from,
      `Column ${column.label}`,
    );
  }

  // --- rows ---------------------------------------------------------------------------------

  private createRow(): HTMLElement {
    const row = element('div', 'grid-row');
    row.setAttribute('role', 'row');
    const cells = this.shown.map((column, index) => {
      const cell = element('div', `grid-cell ${column.className ?? ''}`);
      cell.setAttribute('role', 'gridcell');
      cell.setAttribute('aria-colindex', String(index + 1));
      cell.dataset.column = column.key;
      column.create?.(cell);
      return cell;
    });
    row.append(...cells);
    this.cells.set(row, cells);
    const { groups } = this.options;
    if (groups) {
      const cell = element('div', 'grid-cell grid-group-cell');
      cell.setAttribute('role', 'gridcell');
      cell.setAttribute('aria-colspan', String(this.shown.length));
      groups.create(cell);
      row.append(cell);
      this.groupCells.set(row, cell);
    }
    return row;
  }

  private fillRow(row: HTMLElement, position: number): void {
    if (row.dataset.position !== String(position)) row.dataset.position = String(position);
    const identity = this.options.identity?.(position);
    const group = this.options.groups?.is(position) ?? false;
    if (identity === undefined || this.filled.get(row) !== identity) {
      if (group) this.fillGroup(row, position);
      else this.fillItem(row, position);
      if (identity === undefined) this.filled.delete(row);
      else this.filled.set(row, identity);
    }
    // only what changed is written: an unchanged row must not invalidate the layout
    const selected = this.isSelected(position);
    if (row.getAttribute('aria-selected') !== String(selected)) {
      row.setAttribute('aria-selected', String(selected));
      row.classList.toggle('is-selected', selected);
    }
    const cells = this.cells.get(row)!;
    const groupCell = this.groupCells.get(row);
    const activeCell =
      position === this.active ? (group ? groupCell : cells[this.activeColumn]) : undefined;
    for (const cell of cells) this.markActive(cell, cell === activeCell);
    if (groupCell) this.markActive(groupCell, groupCell === activeCell);
  }

  /** The active cell carries the id the grid's aria-activedescendant names (written on change). */
  private markActive(cell: HTMLElement, active: boolean): void {
    if ((cell.id === this.activeId) === active) return;
    if (active) cell.id = this.activeId;
    else cell.removeAttribute('id');
    cell.classList.toggle('is-active', active);
  }

  private fillItem(row: HTMLElement, position: number): void {
    const item = this.options.itemAt(position);
    if (row.classList.contains('is-group')) {
      row.classList.remove('is-group');
      row.removeAttribute('aria-expanded');
    }
    const rowClass = this.options.rowClass?.(item) ?? '';
    const before = this.rowClasses.get(row) ?? '';
    if (rowClass !== before) {
      for (const name of before.split(' ').filter(Boolean)) row.classList.remove(name);
      for (const name of rowClass.split(' ').filter(Boolean)) row.classList.add(name);
      this.rowClasses.set(row, rowClass);
    }
    const cells = this.cells.get(row)!;
    this.shown.forEach((column, index) => {
      const cell = cells[index]!;
      if (column.fill) column.fill(cell, item);
      else {
        const text = column.text(item);
        if (cell.textContent !== text) cell.textContent = text;
        if (cell.title !== text) cell.title = text;
      }
      if (column.link) cell.classList.toggle('link', column.link(item));
    });
  }

  private fillGroup(row: HTMLElement, position: number): void {
    const groups = this.options.groups!;
    row.classList.add('is-group');
    row.setAttribute('aria-expanded', String(groups.expanded(position)));
    groups.fill(this.groupCells.get(row)!, position);
  }

  private isSelected(position: number): boolean {
    return position >= this.selection.from && position <= this.selection.to;
  }

  /** Every row selected (the active cell stays where it is). */
  private selectAll(): void {
    if (this.count === 0) return;
    if (this.active < 0) {
      this.active = 0;
      this.updateActiveDescendant();
    }
    this.selection = { from: 0, to: this.count - 1 };
    this.rows.refresh();
  }

  private updateActiveDescendant(): void {
    if (this.active >= 0) this.element.setAttribute('aria-activedescendant', this.activeId);
    else this.element.removeAttribute('aria-activedescendant');
  }

  private scrollColumnIntoView(): void {
    const column = this.shown[this.activeColumn];
    const header = column && this.headerCells.get(column.key);
    if (!header) return;
    const { element } = this;
    const left = header.offsetLeft;
    const right = left + header.offsetWidth;
    if (left < element.scrollLeft) element.scrollLeft = left;
    else if (right > element.scrollLeft + element.clientWidth) {
      element.scrollLeft = right - element.clientWidth;
    }
  }

  // --- input --------------------------------------------------------------------------------

  private rowOf(target: EventTarget | null): { position: number; column: number } | undefined {
    const cell = (target as HTMLElement | null)?.closest<HTMLElement>('.grid-cell');
    const row = cell?.closest<HTMLElement>('.grid-row');
    if (!row || row.dataset.position === undefined || !this.spacer.contains(row)) return undefined;
    const index = this.cells.get(row)?.indexOf(cell!) ?? -1;
    return {
      position: Number(row.dataset.position),
      column: index < 0 ? this.activeColumn : index,
    };
  }

  private onClick(event: MouseEvent): void {
    const at = this.rowOf(event.target);
    if (!at) return;
    this.element.focus({ preventScroll: true });
    this.select(at.position, { extend: event.shiftKey, scroll: false, column: at.column });
    const { groups } = this.options;
    if (groups?.is(at.position)) {
      groups.toggle(at.position);
      return;
    }
    if (event.shiftKey) return;
    const column = this.shown[at.column];
    const item = this.options.itemAt(at.position);
    const target = event.target as HTMLElement;
    if (column?.link?.(item)) {
      this.options.onActivate?.(at.position, { column: column.key, how: 'click', target });
    } else if (this.options.openOnClick || target.closest('button')) {
      this.options.onActivate?.(at.position, { how: 'click', target });
    }
  }

  private onDoubleClick(event: MouseEvent): void {
    const at = this.rowOf(event.target);
    if (!at || this.options.groups?.is(at.position) || this.options.openOnClick) return;
    this.options.onActivate?.(at.position, { how: 'double', target: event.target as HTMLElement });
  }

  private onContextMenu(event: MouseEvent): void {
    const header = (event.target as HTMLElement).closest<HTMLElement>('.grid-header-cell');
    const column = header && this.shown.find((each) => each.key === header.dataset.column);
    if (column) {
      event.preventDefault();
      const from = header.querySelector<HTMLElement>('.grid-sort') ?? this.element;
      this.columnMenu(column, { x: event.clientX, y: event.clientY }, from);
      return;
    }
    const at = this.rowOf(event.target);
    if (!at) return;
    event.preventDefault();
    this.element.focus({ preventScroll: true });
    if (this.isSelected(at.position)) {
      // a right click in the selection keeps it (to copy it); the cell clicked is the active one
      this.active = at.position;
      this.activeColumn = at.column;
      this.rows.refresh();
      this.updateActiveDescendant();
      this.options.onSelect?.(at.position);
    } else {
      this.select(at.position, { scroll: false, column: at.column });
    }
    this.rowMenu({ x: event.clientX, y: event.clientY });
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.target !== this.element) return;
    const control = event.ctrlKey || event.metaKey;
    const last = this.count - 1;
    const current = this.active;
    const page = this.rows.pageSize;
    const rowMoves: Record<string, number> = {
      ArrowDown: current < 0 ? 0 : current + 1,
      ArrowUp: current < 0 ? 0 : current - 1,
      PageDown: current + page,
      PageUp: current - page,
    };
    if (control && (event.key === 'Home' || event.key === 'End')) {
      this.move(event, event.key === 'Home' ? 0 : last, this.activeColumn);
    } else if (event.key in rowMoves) {
      this.move(event, rowMoves[event.key]!, this.activeColumn);
    } else if (event.key === 'Home' || event.key === 'End') {
      this.move(event, Math.max(0, current), event.key === 'Home' ? 0 : this.shown.length - 1);
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      const groups = this.options.groups;
      if (current >= 0 && groups?.is(current)) {
        groups.toggle(current, event.key === 'ArrowRight');
        event.preventDefault();
        return;
      }
      const step = event.key === 'ArrowRight' ? 1 : -1;
      this.move(event, Math.max(0, current), this.activeColumn + step);
    } else if (control && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      this.selectAll();
    } else if (control && event.key.toLowerCase() === 'c') {
      event.preventDefault();
      const text = this.defaultCopy();
      if (text !== undefined) copyText(text);
    } else if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
      event.preventDefault();
      this.rowMenu(this.activeCellPoint());
    } else if (event.key === 'Escape' && this.selection.from !== this.selection.to) {
      event.preventDefault();
      this.anchor = this.active;
      this.selection = { from: this.active, to: this.active };
      this.rows.refresh();
    } else if (event.key === 'Enter' || (event.key === ' ' && !this.find.typing(event.timeStamp))) {
      this.activate(event);
    } else if (event.key.length === 1 && !control && !event.altKey) {
      event.preventDefault();
      this.typeToFind(event.key, event.timeStamp);
    }
  }

  private move(event: KeyboardEvent, position: number, column: number): void {
    event.preventDefault();
    if (this.count === 0) return;
    this.select(Math.max(0, Math.min(this.count - 1, position)), {
      extend: event.shiftKey,
      column: Math.max(0, Math.min(this.shown.length - 1, column)),
    });
  }

  private activate(event: KeyboardEvent): void {
    const position = this.active;
    if (position < 0) return;
    event.preventDefault();
    const { groups } = this.options;
    if (groups?.is(position)) {
      groups.toggle(position);
      return;
    }
    if (event.key !== 'Enter') return;
    const column = this.shown[this.activeColumn];
    const link = column?.link?.(this.options.itemAt(position)) ? column.key : undefined;
    this.options.onActivate?.(position, { column: link, how: 'key' });
  }

  private typeToFind(key: string, at: number): void {
    const { prefix, next } = this.find.type(key, at);
    const column = this.shown[0];
    if (!column) return;
    const from = this.active < 0 ? 0 : this.active + (next ? 1 : 0);
    const found = findByPrefix(this.count, from, prefix, (position) =>
      this.options.groups?.is(position) ? undefined : column.text(this.options.itemAt(position)),
    );
    if (found >= 0) this.select(found, { column: this.activeColumn });
  }

  // --- copy ---------------------------------------------------------------------------------

  /** The selected item rows (group rows left out), top to bottom. */
  private selectedPositions(): number[] {
    const { from, to } = this.selection;
    const positions: number[] = [];
    for (let position = Math.max(0, from); position <= to; position++) {
      if (!this.options.groups?.is(position)) positions.push(position);
    }
    return positions;
  }

  private rowTexts(positions: readonly number[]): string[][] {
    return positions.map((position) => {
      const item = this.options.itemAt(position);
      return this.shown.map((column) => column.text(item));
    });
  }

  private cellText(): string | undefined {
    if (this.active < 0 || this.options.groups?.is(this.active)) return undefined;
    const column = this.shown[this.activeColumn];
    return column?.text(this.options.itemAt(this.active));
  }

  /** What Ctrl+C copies: the active cell, or the selected rows when there are several. */
  private defaultCopy(): string | undefined {
    const positions = this.selectedPositions();
    return positions.length > 1 ? toTsv(this.rowTexts(positions)) : this.cellText();
  }

  private rowMenu(at: { x: number; y: number }): void {
    const positions = this.selectedPositions();
    const cell = this.cellText();
    const rows = positions.length;
    const header = this.shown.map((column) => column.label);
    const what = rows === 1 ? 'row' : `${rows.toLocaleString('en-US')} rows`;
    showMenu(
      [
        {
          label: 'Copy cell',
          disabled: cell === undefined,
          run: () => cell !== undefined && copyText(cell),
        },
        {
          label: `Copy ${what}`,
          disabled: rows === 0,
          run: () => copyText(toTsv(this.rowTexts(positions))),
        },
        {
          label: `Copy ${what} with column names`,
          disabled: rows === 0,
          run: () => copyText(toTsv(this.rowTexts(positions), header)),
        },
        { separator: true },
        { label: 'Select all rows', disabled: this.count === 0, run: () => this.selectAll() },
      ],
      at,
      this.element,
      'Row',
    );
  }

  /** Where the active cell is on screen (for a menu opened from the keyboard). */
  private activeCellPoint(): { x: number; y: number } {
    const cell = document.getElementById(this.activeId);
    const rect = (cell ?? this.element).getBoundingClientRect();
    return { x: rect.left + 8, y: rect.bottom };
  }
}

function element(tag: string, className: string): HTMLElement {
  const created = document.createElement(tag);
  created.className = className.trim();
  return created;
}
