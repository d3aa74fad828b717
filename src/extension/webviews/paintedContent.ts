/**
 * What a page said it painted, by the id of the content (an overview's or a distribution's
 * `fetchedAt`), and who waits for a paint: the commands that answer once the page has painted
 * (tests, the bench) wait here.
 */
export class PaintedContent {
  private readonly painted = new Set<string>();
  private readonly waiters = new Map<string, Array<() => void>>();

  /** Resolves once the page has painted the content `id` (at once without one). */
  wait(id: string | undefined): Promise<void> {
    if (id === undefined || this.painted.has(id)) return Promise.resolve();
    return new Promise((resolve) =>
      this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]),
    );
  }

  /** Whether the page has painted the content `id`. */
  has(id: string | undefined): boolean {
    return id !== undefined && this.painted.has(id);
  }

  /** The page painted the content `id`. */
  paint(id: string): void {
    this.painted.add(id);
    for (const resolve of this.waiters.get(id) ?? []) resolve();
    this.waiters.delete(id);
  }
}
