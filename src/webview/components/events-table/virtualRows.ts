/**
 * A virtualised list of fixed-height rows: a spacer as tall as every row together, and over it a
 * small pool of absolutely positioned row elements that are moved and refilled as the viewport
 * scrolls. Only the rows in view (plus a margin) exist in the DOM, so 100,000 rows cost what 40
 * do. Scrolling re-renders at most once per animation frame.
 *
 * Each pool element is reused for the items `i`, `i + poolSize`, `i + 2 * poolSize`…, so while
 * scrolling most elements keep their item and are not refilled at all.
 */
export interface VirtualRowsOptions {
  /** The scrolling element; rows go into `spacer`, which must be inside it. */
  viewport: HTMLElement;
  spacer: HTMLElement;
  rowHeight: number;
  /** Makes an empty row element (called once per pool slot). */
  createRow(): HTMLElement;
  /** Fills `element` for item `index` (only when the element shows a different item than before). */
  fillRow(element: HTMLElement, index: number): void;
}

const OVERSCAN = 6;

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

  constructor(private readonly options: VirtualRowsOptions) {
    options.viewport.addEventListener('scroll', () => this.schedule(), { passive: true });
    this.resizeObserver = new ResizeObserver(() => {
      this.viewportHeight = options.viewport.clientHeight;
      this.schedule();
    });
    this.resizeObserver.observe(options.viewport);
  }

  get rowHeight(): number {
    return this.options.rowHeight;
  }

  /** A new list (or new contents): every row is refilled on the next render. */
  setCount(count: number): void {
    this.count = count;
    this.generation++;
    this.options.spacer.style.height = `${count * this.options.rowHeight}px`;
    this.renderNow();
  }

  /** Refills the rows in view (e.g. the selection moved) without changing the list. */
  refresh(): void {
    this.generation++;
    this.schedule();
  }

  /** Scrolls the least needed to show item `index` fully. */
  scrollToIndex(index: number): void {
    const { viewport, rowHeight } = this.options;
    const top = this.spacerTop() + index * rowHeight;
    // a sticky header above the spacer covers that much of the top of the viewport
    const covered = this.spacerTop();
    if (top - covered < viewport.scrollTop) viewport.scrollTop = top - covered;
    else if (top + rowHeight > viewport.scrollTop + viewport.clientHeight) {
      viewport.scrollTop = top + rowHeight - viewport.clientHeight;
    }
    this.renderNow();
  }

  /** The item at a point of the viewport (client coordinates), or -1. */
  indexAt(clientY: number): number {
    const spacerRect = this.options.spacer.getBoundingClientRect();
    const index = Math.floor((clientY - spacerRect.top) / this.options.rowHeight);
    return index >= 0 && index < this.count ? index : -1;
  }

  /** How many rows fit in the viewport (for Page Up / Page Down). */
  get pageSize(): number {
    return Math.max(1, Math.floor((this.viewportHeight || 400) / this.options.rowHeight) - 1);
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
    const { viewport, rowHeight } = this.options;
    if (!this.viewportHeight) this.viewportHeight = viewport.clientHeight;
    const visible = Math.ceil((this.viewportHeight || 800) / rowHeight) + 1;
    this.ensurePool(visible + 2 * OVERSCAN);
    const scrolled = Math.max(0, viewport.scrollTop - this.spacerTop());
    const first = Math.max(0, Math.floor(scrolled / rowHeight) - OVERSCAN);
    const last = Math.min(this.count, first + this.pool.length);
    const size = this.pool.length;
    for (let slot = 0; slot < size; slot++) {
      // the item this slot shows: the one in [first, last) congruent to slot modulo the pool size
      const index = first + ((slot - (first % size) + size) % size);
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
        }
        pooled.element.hidden = false;
        pooled.index = index;
        pooled.generation = this.generation;
        this.options.fillRow(pooled.element, index);
      }
    }
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
