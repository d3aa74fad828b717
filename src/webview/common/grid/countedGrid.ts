/**
 * A grid of rows given at once with its toolbar: the text filter, the page's controls, the count
 * of rows shown ("12 logs of 40", announced) and the empty text; its sort and layout kept in the
 * page's UI state. A report's logs, Compare Runs' differences and the Blast Radius' two grids are
 * each one of these with their own columns.
 */
import { gridToolbar } from './gridToolbar';
import { ModelGrid, type ModelGridOptions, type ModelGridState } from './modelGrid';
import { showShownCount, type ShownCountWords } from './shownCount';
import { statusCount } from '../page/toolbarParts';

export interface CountedGridOptions<R> extends Omit<
  ModelGridOptions<R>,
  'state' | 'onStateChange' | 'onView'
> {
  /** The grid's sort and layout as the page kept them, and where it keeps them. */
  kept: { value: unknown; save(state: ModelGridState): void };
  /** The count's class and words. */
  count: { className: string; words: ShownCountWords };
  /** The filter field's placeholder and name, the page's controls before and after the count. */
  toolbar: { filterLabel: string; before?: HTMLElement[]; after?: HTMLElement[] };
}

export function countedGrid<R>({
  kept,
  count: counted,
  toolbar: bar,
  ...options
}: CountedGridOptions<R>): {
  grid: ModelGrid<R>;
  toolbar: HTMLElement;
} {
  const count = statusCount(counted.className);
  const grid: ModelGrid<R> = new ModelGrid<R>({
    ...options,
    state: kept.value,
    onStateChange: (next) => kept.save(next),
    onView: (shown, loaded) => showShownCount(count, grid.grid, shown, loaded, counted.words),
  });
  const toolbar = gridToolbar(
    grid,
    bar.filterLabel,
    ...(bar.before ?? []),
    count,
    ...(bar.after ?? []),
  );
  return { grid, toolbar };
}
