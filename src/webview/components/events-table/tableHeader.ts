/**
 * The sticky header of the events table: one sort button per column (click, Enter or Space;
 * aria-sort tells screen readers the order) and below it one filter field per column.
 */
import type { SortSpec } from '../../../shared/eventTable';
import { COLUMN_LABELS, EVENT_COLUMNS, type EventColumn } from '../../../shared/eventTableColumns';

export interface TableHeaderCallbacks {
  onSort(column: EventColumn): void;
  onColumnFilter(column: EventColumn, text: string): void;
}

export class TableHeader {
  readonly element: HTMLElement;
  private readonly headers = new Map<EventColumn, HTMLElement>();
  private readonly sortIcons = new Map<EventColumn, HTMLElement>();
  private readonly filters = new Map<EventColumn, HTMLElement & { value: string }>();

  constructor(callbacks: TableHeaderCallbacks) {
    this.element = document.createElement('div');
    this.element.className = 'events-head';
    this.element.setAttribute('role', 'rowgroup');
    const titles = document.createElement('div');
    titles.className = 'events-row events-header-row';
    titles.setAttribute('role', 'row');
    titles.setAttribute('aria-rowindex', '1');
    const filters = document.createElement('div');
    filters.className = 'events-row events-filter-row';
    filters.setAttribute('role', 'row');
    filters.setAttribute('aria-rowindex', '2');
    for (const column of EVENT_COLUMNS) {
      const header = document.createElement('div');
      header.className = `events-cell events-header-cell events-cell-${column}`;
      header.setAttribute('role', 'columnheader');
      header.dataset.column = column;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'events-sort-button';
      const label = document.createElement('span');
      label.textContent = COLUMN_LABELS[column];
      const icon = document.createElement('span');
      icon.className = 'codicon events-sort-icon';
      icon.setAttribute('aria-hidden', 'true');
      button.append(label, icon);
      button.title = `Sort by ${COLUMN_LABELS[column]}`;
      button.addEventListener('click', () => callbacks.onSort(column));
      header.append(button);
      titles.append(header);
      this.headers.set(column, header);
      this.sortIcons.set(column, icon);

      const filterCell = document.createElement('div');
      filterCell.className = `events-cell events-filter-cell events-cell-${column}`;
      filterCell.setAttribute('role', 'gridcell');
      const field = document.createElement('vscode-textfield');
      field.className = 'events-column-filter';
      field.placeholder = 'Filter';
      field.label = `Filter ${COLUMN_LABELS[column]}`;
      field.dataset.column = column;
      field.addEventListener('input', () => callbacks.onColumnFilter(column, field.value));
      filterCell.append(field);
      filters.append(filterCell);
      this.filters.set(column, field);
    }
    this.element.append(titles, filters);
  }

  showSort(sort: SortSpec | undefined): void {
    for (const column of EVENT_COLUMNS) {
      const active = sort?.column === column;
      const header = this.headers.get(column)!;
      header.setAttribute(
        'aria-sort',
        !active ? 'none' : sort.direction === 'asc' ? 'ascending' : 'descending',
      );
      this.sortIcons.get(column)!.className =
        `codicon events-sort-icon ${active ? `codicon-arrow-${sort.direction === 'asc' ? 'up' : 'down'}` : ''}`;
    }
  }

  showColumnFilters(filters: Partial<Record<EventColumn, string>>): void {
    for (const column of EVENT_COLUMNS) {
      const field = this.filters.get(column)!;
      const value = filters[column] ?? '';
      if (field.value !== value) field.value = value;
    }
  }
}
