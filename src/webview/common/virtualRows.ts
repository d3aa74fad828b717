/**
 * The one virtualised row scroller of the webviews (under the one grid, grid/grid.ts): fixed-height rows, a spacer as tall as every row together, and over it a small pool
 * of absolutely positioned row elements that are moved and refilled as the viewport scrolls. Only
 * the rows in view (plus OVERSCAN above and below) exist in the DOM, so 100,000 rows cost what 40
 * do. Scrolling re-renders at most once per animation frame.
 *
 * Each pool element is reused for the items `i`, `i + poolSize`, `i + 2 * poolSize`…, so while
 * scrolling most elements keep their item and are not refilled at all.
 *
 * The viewport is the grid: this class keeps its `aria-rowcount` (every row, not the rendered
 * ones) and each rendered row's `aria-rowindex`, so a screen reader knows where it is.
 */

import { itemOfSlot, poolSizeFor, ROW_HEIGHT, rowWindow } from './rowWindow';

export { OVERSCAN, ROW_HEIGHT } from './rowWindow';

export interface VirtualRowsOptions {
  /** The scrolling element (the grid); rows go into `spacer`, which must be inside it. */
  viewport: HTMLElement;
  spacer: HTMLElement;
  /** ROW_HEIGHT unless given (every grid of the extension uses ROW_HEIGHT). */
  rowHeight?: number;
  /** Header rows above the spacer (they count in `aria-rowcount` and come first in the index). */
  headerRows?: number;
  /** Makes an empty row element (called once per pool slot). */
  createRow(): HTMLElement;
  /** Fills `element` for item `index` (only when the element shows a different item than before). */
  fillRow(element: HTMLElement, index: number): void;
  /** Called after each render (the rows in view are filled). */
  onRender?(): void;
}

interface PooledRow {
  element: HTMLElement;
  /** The item shown, or -1; with `generation`, tells whether the element needs refilling. */
  index: number;
  generation: number;
}

export class VirtualRows {
  private count = 0;
  private generation = 0;
  private readonly pool: PooledRow[] = [];
  private frame = 0;
  private viewportHeight = 0;
  private readonly resizeObserver: ResizeObserver;
  readonly rowHeight: number;
  private readonly headerRows: number;

  constructor(private readonly options: VirtualRowsOptions) {
    this.rowHeight = options.rowHeight ?? ROW_HEIGHT;
    this.headerRows = options.headerRows ?? 0;
    options.viewport.style.setProperty('--row-height', `${this.rowHeight}px`);
    options.viewport.setAttribute('aria-rowcount', String(this.headerRows));
    options.viewport.addEventListener('scroll', () => this.schedule(), { passive: true });
    this.resizeObserver = new ResizeObserver(() => {
      this.viewportHeight = options.viewport.clientHeight;
      this.schedule();
    });
    this.resizeObserver.observe(options.viewport);
  }

  /** A new list (or new contents): every row is refilled, now. */
  setCount(count: number): void {
    this.resize(count);
    this.generation++;
    this.renderNow();
  }

  /** Items were added at the end; those already shown stay as they are (rendered next frame). */
  grow(count: number): void {
    this.resize(count);
    this.schedule();
  }

  /** Refills the rows in view (e.g. the selection moved) without changing the list. */
  refresh(): void {
    this.generation++;
    this.schedule();
  }

  /** Drops the row elements (createRow would now make different ones, e.g. other columns). */
  recreateRows(): void {
    for (const pooled of this.pool) pooled.element.remove();
    this.pool.length = 0;
    this.schedule();
  }

  /** Scrolls the least needed to show item `index` fully. */
  scrollToIndex(index: number): void {
    const { viewport } = this.options;
    const { rowHeight } = this;
    const top = this.spacerTop() + index * rowHeight;
    // a sticky header above the spacer covers that much of the top of the viewport
    const covered = this.spacerTop();
    if (top - covered < viewport.scrollTop) viewport.scrollTop = top - covered;
    else if (top + rowHeight > viewport.scrollTop + viewport.clientHeight) {
      viewport.scrollTop = top + rowHeight - viewport.clientHeight;
    }
    this.renderNow();
  }

  /** How many rows fit in the viewport (for Page Up / Page Down). */
  get pageSize(): number {
    return Math.max(1, Math.floor((this.viewportHeight || 400) / this.rowHeight) - 1);
  }

  private resize(count: number): void {
    this.count = count;
    this.options.spacer.style.height = `${count * this.rowHeight}px`;
    this.options.viewport.setAttribute('aria-rowcount', String(count + this.headerRows));
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private renderNow(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.render();
  }

  private spacerTop(): number {
    return this.options.spacer.offsetTop;
  }

  private render(): void {
    const { viewport } = this.options;
    const { rowHeight } = this;
    if (!this.viewportHeight) this.viewportHeight = viewport.clientHeight;
    this.ensurePool(poolSizeFor(this.viewportHeight || 800, rowHeight));
    const size = this.pool.length;
    const scrolled = viewport.scrollTop - this.spacerTop();
    const { first, last } = rowWindow(scrolled, rowHeight, this.count, size);
    for (let slot = 0; slot < size; slot++) {
      const index = itemOfSlot(slot, first, size);
      const pooled = this.pool[slot]!;
      if (index >= last) {
        if (pooled.index !== -1) {
          pooled.element.hidden = true;
          pooled.index = -1;
        }
        continue;
      }
      if (pooled.index !== index || pooled.generation !== this.generation) {
        if (pooled.index !== index) {
          pooled.element.style.transform = `translateY(${index * rowHeight}px)`;
          pooled.element.setAttribute('aria-rowindex', String(this.headerRows + index + 1));
        }
        pooled.element.hidden = false;
        pooled.index = index;
        pooled.generation = this.generation;
        this.options.fillRow(pooled.element, index);
      }
    }
    this.options.onRender?.();
  }

  private ensurePool(size: number): void {
    while (this.pool.length < size) {
      const element = this.options.createRow();
      element.hidden = true;
      this.options.spacer.append(element);
      this.pool.push({ element, index: -1, generation: -1 });
    }
  }

  dispose(): void {
    this.resizeObserver.disconnect();
    if (this.frame) cancelAnimationFrame(this.frame);
  }
}
