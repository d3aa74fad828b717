/**
 * Sizes the slices of elements added to cytoscape: as many as the budget allows at the cost per
 * element seen so far, which follows a costlier slice at once and a cheaper one halfway (a
 * garbage collection inflates one slice's cost; several in a row are the real cost).
 */
export class SliceSizer {
  private perElementMs: number | undefined;
  private last: number;

  constructor(
    first: number,
    private readonly budgetMs: number,
  ) {
    this.last = first;
  }

  /** How many elements the next slice has. */
  next(): number {
    if (this.perElementMs === undefined) return this.last;
    const fits = Math.floor(this.budgetMs / Math.max(this.perElementMs, 1e-3));
    // at most twice the last one: a cost estimated from few elements is rough
    this.last = Math.max(10, Math.min(fits, this.last * 2));
    return this.last;
  }

  /** A slice of `size` elements cost `ms` in its costliest task. */
  took(size: number, ms: number): void {
    const cost = ms / Math.max(1, size);
    const before = this.perElementMs;
    this.perElementMs = before === undefined || cost > before ? cost : (before + cost) / 2;
  }
}
