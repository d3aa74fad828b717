/**
 * The results grid: a sticky header and the rows, scrolled by the shared VirtualRows (so 100,000
 * rows cost what 50 do). Sorting and filtering work on an array of row indices; rows are never
 * copied.
 */
import { VirtualRows } from '../common/virtualRows';
import { cellValue, previewText, type Column } from './columns';

export interface TableEvents {
  select(rowIndex: number): void;
  /** A link cell was activated (`column` tells which link). */
  link(column: string, value: string, rowIndex: number): void;
  /** The table painted; `rowCount` rows are in it now. */
  rendered(rowCount: number): void;
}

export class ResultsTable {
  readonly element = document.createElement('div');
  private readonly header = document.createElement('div');
  private readonly body = document.createElement('div');
  private readonly rows: VirtualRows;
  private data: readonly unknown[] = [];
  private columns: Column[] = [];
  private view: number[] = [];
  private searchText: Array<string | undefined> = [];
  private filterText = '';
  private sort: { key: string; descending: boolean } | undefined;
  private selected = -1;
  private reportedCount = -1;

  constructor(
    private readonly events: TableEvents,
    private readonly linkColumns: () => ReadonlySet<string>,
  ) {
    this.element.className = 'table-scroll';
    this.element.tabIndex = 0;
    this.element.setAttribute('role', 'grid');
    this.element.setAttribute('aria-label', 'Results');
    this.header.className = 'table-row table-header';
    this.header.setAttribute('role', 'row');
    this.header.setAttribute('aria-rowindex', '1');
    this.body.className = 'table-body';
    this.body.setAttribute('role', 'rowgroup');
    this.element.append(this.header, this.body);
    this.rows = new VirtualRows({
      viewport: this.element,
      spacer: this.body,
      headerRows: 1,
      createRow: () => this.createRow(),
      fillRow: (element, position) => this.fillRow(element, position),
      onRender: () => this.reportRendered(),
    });
    this.body.addEventListener('click', (event) => this.onClick(event));
    this.element.addEventListener('keydown', (event) => this.onKey(event));
  }

  /** New rows (a new run): resets sort, filter and selection. */
  reset(rows: readonly unknown[], columns: Column[]): void {
    this.data = rows;
    this.searchText = [];
    this.sort = undefined;
    // the filter box is emptied with the new run: a filter kept here would hide rows unseen
    this.filterText = '';
    this.selected = -1;
    this.reportedCount = -1;
    this.setColumns(columns);
    this.rebuildView();
  }

  /** Rows were appended to the array given to reset(). */
  rowsAppended(from: number): void {
    if (!this.filterText && !this.sort) {
      for (let index = from; index < this.data.length; index++) this.view.push(index);
      this.rows.grow(this.view.length);
    } else {
      this.rebuildView();
    }
  }

  setColumns(columns: Column[]): void {
    this.columns = columns;
    const template = ['56px', ...columns.map((column) => `${column.width}px`)].join(' ');
    this.element.style.setProperty('--columns', template);
    this.header.replaceChildren(this.headerCell('#', undefined));
    for (const column of columns) this.header.append(this.headerCell(column.key, column.key));
    this.rows.recreateRows();
  }

  setFilter(text: string): void {
    this.filterText = text.trim().toLowerCase();
    this.rebuildView();
  }

  get shownCount(): number {
    return this.view.length;
  }

  private headerCell(label: string, key: string | undefined): HTMLElement {
    const cell = document.createElement('div');
    cell.className = 'table-cell';
    cell.setAttribute('role', 'columnheader');
    cell.textContent = label;
    if (key !== undefined) {
      cell.tabIndex = 0;
      const sorted = this.sort?.key === key;
      cell.setAttribute(
        'aria-sort',
        sorted ? (this.sort!.descending ? 'descending' : 'ascending') : 'none',
      );
      if (sorted) cell.textContent = `${label} ${this.sort!.descending ? '▼' : '▲'}`;
      const activate = () => this.toggleSort(key);
      cell.addEventListener('click', activate);
      cell.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          activate();
        }
      });
    }
    return cell;
  }

  private toggleSort(key: string): void {
    this.sort =
      this.sort?.key !== key
        ? { key, descending: false }
        : this.sort.descending
          ? undefined
          : { key, descending: true };
    this.setColumns(this.columns);
    this.rebuildView();
  }

  private rebuildView(): void {
    const view: number[] = [];
    for (let index = 0; index < this.data.length; index++) {
      if (!this.filterText || this.matches(index)) view.push(index);
    }
    if (this.sort) {
      const { key, descending } = this.sort;
      const direction = descending ? -1 : 1;
      const keys = view.map((index) => sortKey(cellValue(this.data[index], key)));
      const order = view.map((_, position) => position);
      order.sort((a, b) => direction * compareKeys(keys[a]!, keys[b]!) || a - b);
      this.view = order.map((position) => view[position]!);
    } else {
      this.view = view;
    }
    this.rows.setCount(this.view.length);
  }

  private matches(index: number): boolean {
    let text = this.searchText[index];
    if (text === undefined) {
      text = JSON.stringify(this.data[index]).toLowerCase();
      this.searchText[index] = text;
    }
    return text.includes(this.filterText);
  }

  /** Tells the host once the rows it sent are painted (the frame after they were rendered). */
  private reportRendered(): void {
    if (this.reportedCount === this.data.length) return;
    const count = (this.reportedCount = this.data.length);
    requestAnimationFrame(() => this.events.rendered(count));
  }

  private createRow(): HTMLElement {
    const element = document.createElement('div');
    element.className = 'table-row';
    element.setAttribute('role', 'row');
    for (let index = 0; index <= this.columns.length; index++) {
      const cell = document.createElement('div');
      cell.className = 'table-cell';
      cell.setAttribute('role', 'gridcell');
      element.append(cell);
    }
    return element;
  }

  private fillRow(element: HTMLElement, position: number): void {
    const rowIndex = this.view[position]!;
    element.dataset.row = String(rowIndex);
    element.classList.toggle('selected', rowIndex === this.selected);
    element.setAttribute('aria-selected', String(rowIndex === this.selected));
    const links = this.linkColumns();
    const cells = element.children;
    const number = cells[0] as HTMLElement;
    number.textContent = String(rowIndex + 1);
    number.className = 'table-cell row-number';
    const row = this.data[rowIndex];
    for (let index = 0; index < this.columns.length; index++) {
      const { key } = this.columns[index]!;
      const cell = cells[index + 1] as HTMLElement;
      const value = cellValue(row, key);
      const text = previewText(value);
      cell.textContent = text;
      cell.title = typeof value === 'string' && text.length > 30 ? text : '';
      const nested = typeof value === 'object' && value !== null;
      const link = links.has(key) && typeof value === 'string';
      cell.className = `table-cell${nested ? ' nested' : ''}${link ? ' link' : ''}${typeof value === 'number' ? ' number' : ''}${value === null ? ' null' : ''}`;
      cell.dataset.column = key;
    }
  }

  private onClick(event: MouseEvent): void {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('.table-cell');
    const element = cell?.closest<HTMLElement>('.table-row');
    if (!cell || !element?.dataset.row) return;
    const rowIndex = Number(element.dataset.row);
    this.select(rowIndex);
    if (cell.classList.contains('link') && cell.dataset.column) {
      this.events.link(
        cell.dataset.column,
        String(cellValue(this.data[rowIndex], cell.dataset.column)),
        rowIndex,
      );
    }
  }

  private onKey(event: KeyboardEvent): void {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const position = this.view.indexOf(this.selected);
    const next = Math.min(
      this.view.length - 1,
      Math.max(0, position + (event.key === 'ArrowDown' ? 1 : -1)),
    );
    const rowIndex = this.view[next];
    if (rowIndex === undefined) return;
    this.select(rowIndex);
    this.rows.scrollToIndex(next);
  }

  private select(rowIndex: number): void {
    this.selected = rowIndex;
    this.events.select(rowIndex);
    this.rows.refresh();
  }
}

type SortKey = number | string;

function sortKey(value: unknown): SortKey {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function compareKeys(a: SortKey, b: SortKey): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}
