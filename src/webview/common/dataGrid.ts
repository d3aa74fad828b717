/**
 * The frame the fleet grids (inventory, recent runs) share: a focusable `role=grid` viewport, a
 * sticky header row, and below it the rows of the one virtual scroller (virtualRows.ts), with a
 * selected row moved by the keyboard. What a grid shows in its cells, and what opening a row
 * does, stays in the grid; this file only keeps the two from growing apart. Its classes are
 * styled by dataGrid.css; a grid's own class on the viewport sets its column widths
 * (`--grid-columns`) and any extras.
 */
import { VirtualRows } from './virtualRows';

export interface DataGridOptions {
  /** The grid's own class on the viewport (its CSS and its tests find it by this). */
  className: string;
  label: string;
  /** Fills the row element for item `index` (its cells, made with `gridCell`). */
  fillRow(row: HTMLElement, index: number, selected: boolean): void;
  /** Enter on the selected row. */
  onOpen(index: number): void;
}

export class DataGrid {
  readonly element: HTMLElement;
  readonly header: HTMLElement;
  readonly spacer: HTMLElement;
  private readonly virtualRows: VirtualRows;
  private count = 0;
  private selectedIndex = -1;

  constructor(private readonly options: DataGridOptions) {
    this.element = document.createElement('div');
    this.element.className = `grid-viewport ${options.className}`;
    this.element.tabIndex = 0;
    this.element.setAttribute('role', 'grid');
    this.element.setAttribute('aria-label', options.label);
    this.header = document.createElement('div');
    this.header.className = 'grid-row grid-header';
    this.header.setAttribute('role', 'row');
    this.spacer = document.createElement('div');
    this.spacer.className = 'grid-spacer';
    this.spacer.setAttribute('role', 'rowgroup');
    this.element.append(this.header, this.spacer);
    this.virtualRows = new VirtualRows({
      viewport: this.element,
      spacer: this.spacer,
      // the column header row: counted in aria-rowcount, first in aria-rowindex
      headerRows: 1,
      createRow: () => {
        const row = document.createElement('div');
        row.className = 'grid-row';
        row.setAttribute('role', 'row');
        return row;
      },
      fillRow: (row, index) => {
        const selected = index === this.selectedIndex;
        row.classList.toggle('is-selected', selected);
        this.options.fillRow(row, index, selected);
      },
    });
    this.element.addEventListener('keydown', (event) => this.onKeyDown(event));
  }

  setColumnCount(count: number): void {
    this.element.setAttribute('aria-colcount', String(count));
  }

  /** A new list: every row is refilled now and nothing is selected. */
  setCount(count: number): void {
    this.count = count;
    this.selectedIndex = -1;
    this.virtualRows.setCount(count);
  }

  /** Items were added at the end (streamed): the rows shown and the selection stay. */
  grow(count: number): void {
    this.count = count;
    this.virtualRows.grow(count);
  }

  /** The item under a click (client coordinates), or -1. */
  indexAt(clientY: number): number {
    return this.virtualRows.indexAt(clientY);
  }

  select(index: number): void {
    if (index < 0 || index >= this.count) return;
    this.selectedIndex = index;
    this.virtualRows.scrollToIndex(index);
    this.virtualRows.refresh();
  }

  private onKeyDown(event: KeyboardEvent): void {
    const selected = this.selectedIndex;
    const last = this.count - 1;
    const { pageSize } = this.virtualRows;
    const moves: Record<string, number> = {
      ArrowDown: selected + 1,
      ArrowUp: selected - 1,
      PageDown: selected + pageSize,
      PageUp: selected - pageSize,
      Home: 0,
      End: last,
    };
    if (event.key === 'Enter') {
      if (selected >= 0) this.options.onOpen(selected);
    } else if (event.key in moves) {
      this.select(Math.max(0, Math.min(last, moves[event.key]!)));
    } else {
      return;
    }
    event.preventDefault();
  }
}

/** A header cell for `column` (its key in `data-column`); the grid puts its label or buttons in. */
export function headerCell(column: string): HTMLElement {
  const cell = document.createElement('div');
  cell.className = 'grid-cell';
  cell.setAttribute('role', 'columnheader');
  cell.dataset.column = column;
  return cell;
}

/** A body cell showing `text` (as text, never markup) in full on hover, cut with an ellipsis. */
export function gridCell(text: string): HTMLElement {
  const cell = document.createElement('div');
  cell.className = 'grid-cell';
  cell.setAttribute('role', 'gridcell');
  cell.textContent = text;
  cell.title = text;
  return cell;
}
