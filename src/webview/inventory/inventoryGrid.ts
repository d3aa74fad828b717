/**
 * The inventory grid: a sticky header of sortable column buttons (each fact column with a
 * remove button) over virtualised rows, so 50,000 nodes cost what the visible 40 do. Every cell
 * is set with textContent: a fact value that looks like markup stays text.
 */
import {
  CERTNAME_COLUMN,
  columnLabel,
  inventoryCellText,
  inventoryView,
  type InventoryRow,
  type InventorySort,
} from '../../shared/inventoryTable';
// the project's shared scroller (being moved to src/webview/common/virtualRows.ts)
import { VirtualRows } from '../common/virtualRows';

export interface InventoryGridOptions {
  onRemoveColumn(column: string): void;
  onOpenNode(certname: string): void;
  /** After each paint that changed the rows: how many are shown (filtered) of how many loaded. */
  onShown(rows: number, loaded: number): void;
}

export class InventoryGrid {
  readonly element: HTMLElement;
  private readonly header: HTMLElement;
  private readonly virtualRows: VirtualRows;
  private columns: string[] = [CERTNAME_COLUMN];
  private rows: InventoryRow[] = [];
  private view: InventoryRow[] = [];
  private filter = '';
  private sort: InventorySort | undefined;
  private selected = -1;

  constructor(private readonly options: InventoryGridOptions) {
    this.element = document.createElement('div');
    this.element.className = 'inventory-viewport';
    this.element.tabIndex = 0;
    this.element.setAttribute('role', 'grid');
    this.element.setAttribute('aria-label', 'Inventory');
    this.header = document.createElement('div');
    this.header.className = 'inventory-row inventory-header';
    this.header.setAttribute('role', 'row');
    const spacer = document.createElement('div');
    spacer.className = 'inventory-spacer';
    spacer.setAttribute('role', 'rowgroup');
    this.element.append(this.header, spacer);
    this.virtualRows = new VirtualRows({
      viewport: this.element,
      spacer,
      // the column header row: counted in aria-rowcount, first in aria-rowindex
      headerRows: 1,
      createRow: () => {
        const row = document.createElement('div');
        row.className = 'inventory-row';
        row.setAttribute('role', 'row');
        return row;
      },
      fillRow: (element, index) => this.fillRow(element, index),
    });
    spacer.addEventListener('click', (event) =>
      this.select(this.virtualRows.indexAt(event.clientY)),
    );
    spacer.addEventListener('dblclick', (event) =>
      this.open(this.virtualRows.indexAt(event.clientY)),
    );
    this.element.addEventListener('keydown', (event) => this.onKeyDown(event));
  }

  get state(): { filter: string; sort: InventorySort | undefined } {
    return { filter: this.filter, sort: this.sort };
  }

  setColumns(columns: string[]): void {
    this.columns = columns;
    if (this.sort && this.sort.column >= columns.length) this.sort = undefined;
    this.element.style.setProperty(
      '--inventory-columns',
      `minmax(220px, 1.4fr) repeat(${Math.max(columns.length - 1, 0)}, minmax(130px, 1fr))`,
    );
    this.element.setAttribute('aria-colcount', String(columns.length));
    this.renderHeader();
  }

  setRows(rows: InventoryRow[]): void {
    this.rows = rows;
    this.update();
  }

  setFilter(filter: string): void {
    this.filter = filter;
    this.update();
  }

  get loadedCount(): number {
    return this.rows.length;
  }

  get shownCount(): number {
    return this.view.length;
  }

  private update(): void {
    this.view = inventoryView(this.rows, this.filter, this.sort);
    this.selected = -1;
    this.virtualRows.setCount(this.view.length);
    this.options.onShown(this.view.length, this.rows.length);
  }

  private renderHeader(): void {
    const cells = this.columns.map((column, index) => {
      const cell = document.createElement('div');
      cell.className = 'inventory-cell inventory-header-cell';
      cell.setAttribute('role', 'columnheader');
      cell.dataset.column = column;
      const sorted = this.sort?.column === index;
      cell.setAttribute(
        'aria-sort',
        sorted ? (this.sort!.descending ? 'descending' : 'ascending') : 'none',
      );
      const button = document.createElement('button');
      button.className = 'inventory-sort';
      button.type = 'button';
      button.title = `Sort by ${column}`;
      button.textContent = `${columnLabel(column)}${sorted ? (this.sort!.descending ? ' ▼' : ' ▲') : ''}`;
      button.addEventListener('click', () => this.sortBy(index));
      cell.append(button);
      if (column !== CERTNAME_COLUMN) {
        const remove = document.createElement('button');
        remove.className = 'inventory-remove codicon codicon-close';
        remove.type = 'button';
        remove.title = `Remove the column ${column}`;
        remove.ariaLabel = `Remove the column ${column}`;
        remove.addEventListener('click', () => this.options.onRemoveColumn(column));
        cell.append(remove);
      }
      return cell;
    });
    this.header.replaceChildren(...cells);
  }

  /** First click ascending, then descending, then the load order. */
  private sortBy(column: number): void {
    if (this.sort?.column !== column) this.sort = { column, descending: false };
    else if (!this.sort.descending) this.sort = { column, descending: true };
    else this.sort = undefined;
    this.renderHeader();
    this.update();
  }

  private fillRow(element: HTMLElement, index: number): void {
    const row = this.view[index]!;
    element.classList.toggle('is-selected', index === this.selected);
    const cells = this.columns.map((_, column) => {
      const cell = document.createElement('div');
      cell.className = 'inventory-cell';
      cell.setAttribute('role', 'gridcell');
      const text = inventoryCellText(row[column]);
      cell.textContent = text;
      cell.title = text;
      return cell;
    });
    element.replaceChildren(...cells);
  }

  private select(index: number): void {
    if (index < 0) return;
    this.selected = index;
    this.virtualRows.scrollToIndex(index);
    this.virtualRows.refresh();
  }

  private open(index: number): void {
    const certname = this.view[index]?.[0];
    if (typeof certname === 'string') this.options.onOpenNode(certname);
  }

  private onKeyDown(event: KeyboardEvent): void {
    const last = this.view.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: this.selected + 1,
      ArrowUp: this.selected - 1,
      PageDown: this.selected + this.virtualRows.pageSize,
      PageUp: this.selected - this.virtualRows.pageSize,
      Home: 0,
      End: last,
    };
    if (event.key === 'Enter') {
      this.open(this.selected);
    } else if (event.key in moves) {
      this.select(Math.max(0, Math.min(last, moves[event.key]!)));
    } else {
      return;
    }
    event.preventDefault();
  }
}
