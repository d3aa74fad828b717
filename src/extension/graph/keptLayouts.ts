import type { KeptLayout } from '../../shared/graphLayouts';

/**
 * The catalog graph's last few layouts, kept for the graph pages opened after the one that made
 * them (src/shared/graphLayouts.ts). A new page's first ELK layout is its slowest, about a second
 * on two cores: reopening a node's graph, or opening a node whose graph has the shape of one seen
 * before, is then drawn without one. A page only ever draws with a layout of as many resources as
 * it places, so a page's message can make another page's drawing no worse than a poor layout; each
 * is checked (graphSchema.ts) and their number bounded, as is their size.
 */
export class KeptLayouts {
  /** Corners by key, in the order they were laid out, the oldest first. */
  private readonly layouts = new Map<string, number[]>();

  constructor(private readonly capacity = 8) {}

  keep({ key, corners }: KeptLayout): void {
    this.layouts.delete(key);
    this.layouts.set(key, corners);
    for (const oldest of this.layouts.keys()) {
      if (this.layouts.size <= this.capacity) break;
      this.layouts.delete(oldest);
    }
  }

  /** Every layout kept, the newest last. */
  all(): KeptLayout[] {
    return [...this.layouts].map(([key, corners]) => ({ key, corners }));
  }
}
