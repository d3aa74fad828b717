/**
 * A cell's rows on the one grid (grid/modelGrid.ts over virtual rows): every row reachable however
 * many there are (only those in view are drawn), sortable from the headers, one tab stop with the
 * grid's keys, copy and menus; the columns are the results panel's (queryRowColumns). A certname
 * is a link when the output may open nodes.
 */
import { ModelGrid } from '../common/grid/modelGrid';
import { queryRowColumns } from '../common/grid/queryRowColumns';
import { cellValue, updateColumns, type Column } from '../common/grid/queryRows';
import { ROW_HEIGHT } from '../common/rowWindow';

/** Rows in view before the grid scrolls (the notebook scrolls the rest of the cell's output). */
const ROWS_IN_VIEW = 15;

export interface RowsGrid {
  element: HTMLElement;
  dispose(): void;
}

export function rowsGrid(
  rows: readonly unknown[],
  openNode: ((certname: string) => void) | undefined,
): RowsGrid {
  const columns: Column[] = [];
  updateColumns(columns, rows, 0);
  const links = new Set(openNode ? ['certname'] : []);
  const grid = new ModelGrid<number>({
    className: 'pqlbook-grid',
    label: 'Query rows',
    columns: queryRowColumns(
      columns,
      () => rows,
      () => links,
    ),
    searchText: (index) => JSON.stringify(rows[index]) ?? '',
    onActivate: (index, _position, { column }) => {
      const certname = column === 'certname' ? cellValue(rows[index], column) : undefined;
      if (typeof certname === 'string') openNode?.(certname);
    },
  });
  grid.grid.setEmptyText(rows.length === 0 ? 'No rows.' : undefined);
  const frame = document.createElement('div');
  frame.className = 'pqlbook-grid-frame';
  // as tall as its rows up to ROWS_IN_VIEW (and the header, its border, a horizontal scroll bar)
  const shown = Math.max(1, Math.min(rows.length, ROWS_IN_VIEW)) + 1;
  frame.style.setProperty('--pqlbook-grid-height', `${shown * ROW_HEIGHT + 16}px`);
  frame.append(grid.element);
  grid.setRows(rows.map((_, index) => index));
  return { element: frame, dispose: () => grid.grid.dispose() };
}
