/**
 * The arithmetic of the virtual row scroller (virtualRows.ts), without the DOM: which items a
 * pool of row elements shows for a scroll position, and which pool slot shows which item.
 */

/** Every grid's row height, in px; the CSS reads it as `var(--row-height)` on the viewport. */
export const ROW_HEIGHT = 24;
/** Rows kept rendered above and below the viewport, so a fast scroll shows no gap. */
export const OVERSCAN = 6;

/** The items a pool of `poolSize` rows shows, `first` inclusive to `last` exclusive. */
export function rowWindow(
  scrolled: number,
  rowHeight: number,
  count: number,
  poolSize: number,
): { first: number; last: number } {
  const first = Math.max(0, Math.floor(Math.max(0, scrolled) / rowHeight) - OVERSCAN);
  return { first, last: Math.min(count, first + poolSize) };
}

/** How many row elements a viewport this tall needs. */
export function poolSizeFor(viewportHeight: number, rowHeight: number): number {
  return Math.ceil(viewportHeight / rowHeight) + 1 + 2 * OVERSCAN;
}

/** The item that pool slot `slot` shows: the one from `first` on congruent to it modulo `size`. */
export function itemOfSlot(slot: number, first: number, size: number): number {
  return first + ((slot - (first % size) + size) % size);
}
