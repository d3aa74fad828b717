/**
 * A filtered grid's count ("12 logs of 40") and its empty text: what a page with a filter says
 * when nothing is there at all, and when the filters hide everything.
 */
import { plural } from '../../../shared/plural';
import type { Grid } from './grid';

export interface ShownCountWords {
  /** The noun counted ("log"), made plural by `plural`. */
  noun: string;
  /** Said when there is nothing to show at all. */
  none: string;
  /** Said when the filters hide every row. */
  noMatch: string;
}

export function showShownCount<R>(
  count: HTMLElement,
  grid: Grid<R>,
  shown: number,
  total: number,
  words: ShownCountWords,
): void {
  count.textContent = `${plural(shown, words.noun)}${shown === total ? '' : ` of ${total.toLocaleString('en-US')}`}`;
  grid.setEmptyText(shown === 0 ? (total === 0 ? words.none : words.noMatch) : undefined);
}
