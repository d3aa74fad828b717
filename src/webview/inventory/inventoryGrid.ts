/**
 * The inventory grid: a sticky header of sortable column buttons (each fact column with a
 * remove button) over virtualised rows (common/dataGrid.ts), so 50,000 nodes cost what the visible 40 do. Every cell
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
import { DataGrid, gridCell, headerCell } from '../common/dataGrid';

export interface InventoryGridOptions {
  onRemoveColumn(column: string): void;
  onOpenNode(certname: string): void;
  /** After each paint that changed the rows: how many are shown (filtered) of how many loaded. */
  onShown(rows: number, loaded: number): void;
}

export class InventoryGrid {
  private readonly grid: DataGrid;
  private columns: string[] = [CERTNAME_COLUMN];
  private rows: InventoryRow[] = [];
  private view: InventoryRow[] = [];
  private filter = '';
  private sort: InventorySort | undefined;

  constructor(private readonly options: InventoryGridOptions) {
    this.grid = new DataGrid({
      className: 'inventory-viewport',
      label: 'Inventory',
      fillRow: (row, index) => this.fillRow(row, index),
      onOpen: (index) => this.open(index),
    });
    // a click selects, a double click opens the node (a single click is for reading across)
    this.grid.spacer.addEventListener('click', (event) =>
      this.grid.select(this.grid.indexAt(event.clientY)),
    );
    this.grid.spacer.addEventListener('dblclick', (event) =>
      this.open(this.grid.indexAt(event.clientY)),
    );
  }

  get element(): HTMLElement {
    return this.grid.element;
  }

  get state(): { filter: string; sort: InventorySort | undefined } {
    return { filter: this.filter, sort: this.sort };
  }

  setColumns(columns: string[]): void {
    this.columns = columns;
    if (this.sort && this.sort.column >= columns.length) this.sort = undefined;
    this.element.style.setProperty(
      '--grid-columns',
      `minmax(220px, 1.4fr) repeat(${Math.max(columns.length - 1, 0)}, minmax(130px, 1fr))`,
    );
    this.grid.setColumnCount(columns.length);
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
    this.grid.setCount(this.view.length);
    this.options.onShown(this.view.length, this.rows.length);
  }

  private renderHeader(): void {
    const cells = this.columns.map((column, index) => {
      const cell = headerCell(column);
      cell.classList.add('inventory-header-cell');
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
    this.grid.header.replaceChildren(...cells);
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
    element.replaceChildren(
      ...this.columns.map((_, column) => gridCell(inventoryCellText(row[column]))),
    );
  }

  private open(index: number): void {
    const certname = this.view[index]?.[0];
    if (typeof certname === 'string') this.options.onOpenNode(certname);
  }
}
