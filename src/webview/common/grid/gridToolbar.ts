/**
 * The toolbar above a filtered grid: a text filter (its words narrow the grid), the page's own
 * controls, and the grid's Columns… button.
 */
import { filterField } from '../page/filterField';
import type { ModelGrid } from './modelGrid';

export function gridToolbar<R>(
  grid: ModelGrid<R>,
  filterLabel: string,
  ...controls: HTMLElement[]
): HTMLElement {
  const toolbar = document.createElement('div');
  toolbar.className = 'toolbar';
  const text = filterField({ placeholder: filterLabel, label: filterLabel });
  text.addEventListener('input', () => grid.setFilter(text.value));
  toolbar.append(text, ...controls, grid.grid.columnsButton());
  return toolbar;
}

/** Sets the text filter of a `gridToolbar` as if typed: the field shows it, the grid narrows. */
export function filterGrid<R>(toolbar: HTMLElement, grid: ModelGrid<R>, text: string): void {
  const field = toolbar.querySelector('vscode-textfield');
  if (field) field.value = text;
  grid.setFilter(text);
}
