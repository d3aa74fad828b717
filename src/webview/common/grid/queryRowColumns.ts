/**
 * The columns of PQL rows on the one grid (the results panel's, a notebook cell's output): the
 * row's number, then one per key of the rows (in order of first appearance), each cell a value's
 * short preview (nested values summarised; the results panel shows the row in full in its detail
 * pane), links where the entity's column names something the extension opens.
 */
import { valueSortKey } from '../../../shared/gridSort';
import type { ModelGridColumn } from './modelGrid';
import { cellValue, previewText, type Column } from './queryRows';

/** The row number's column (no key of a PQL row can be this). */
export const ROW_NUMBER = '\u0000#';

/** Rows are their index in the run's rows; `rows()` answers the run's rows. */
export function queryRowColumns(
  columns: readonly Column[],
  rows: () => readonly unknown[],
  links: () => ReadonlySet<string>,
): Array<ModelGridColumn<number>> {
  return [
    {
      key: ROW_NUMBER,
      label: '#',
      width: 56,
      className: 'row-number',
      hideable: false,
      sortable: false,
      text: (index) => String(index + 1),
    },
    ...columns.map(({ key, width }): ModelGridColumn<number> => {
      const value = (index: number) => cellValue(rows()[index], key);
      return {
        key,
        label: key,
        width,
        text: (index) => previewText(value(index)),
        sortKey: (index) => valueSortKey(value(index)),
        link: (index) => links().has(key) && typeof value(index) === 'string',
        fill: (cell, index) => {
          const shown = value(index);
          const text = previewText(shown);
          cell.textContent = text;
          cell.title = typeof shown === 'string' && text.length > 30 ? text : '';
          cell.classList.toggle('nested', typeof shown === 'object' && shown !== null);
          cell.classList.toggle('number', typeof shown === 'number');
          cell.classList.toggle('null', shown === null);
        },
      };
    }),
  ];
}
