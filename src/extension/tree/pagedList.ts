/** One page as the server answered it: the records and, when it said, how many there are in all. */
export interface Page<T> {
  records: T[];
  total: number | undefined;
}

/**
 * What a tree folder has loaded of a paged list (nodes, reports, facts): the first page on
 * expand, the next on "Load more". One fetch at a time — a second "Load more" while a page is on
 * its way waits for that page instead of fetching it again — and a page fetched for what was
 * shown before a reset (a refresh, a new filter) is dropped.
 */
export class PagedList<T> {
  private items: T[] = [];
  private count: number | undefined;
  private started = false;
  private pending: Promise<void> | undefined;
  private generation = 0;

  constructor(private readonly fetch: (offset: number) => Promise<Page<T>>) {}

  get loaded(): readonly T[] {
    return this.items;
  }

  /** How many there are in all, once a page said (else how many were loaded). */
  get total(): number | undefined {
    return this.count;
  }

  get hasMore(): boolean {
    return this.count !== undefined && this.items.length < this.count;
  }

  /** The first page, unless it is there already (a reset during the fetch fetches again). */
  async ensureStarted(): Promise<void> {
    while (!this.started) await this.loadNext();
  }

  /** The next page; concurrent callers share the one under way. */
  loadNext(): Promise<void> {
    if (this.pending) return this.pending;
    const pending = this.fetchPage().finally(() => {
      if (this.pending === pending) this.pending = undefined;
    });
    this.pending = pending;
    return pending;
  }

  /** Forgets what was loaded, so the next expand starts again from the first page. */
  reset(): void {
    this.items = [];
    this.count = undefined;
    this.started = false;
    this.pending = undefined;
    this.generation++;
  }

  private async fetchPage(): Promise<void> {
    const generation = this.generation;
    const page = await this.fetch(this.items.length);
    // a reset came while this page was on its way: what is shown now wins
    if (generation !== this.generation) return;
    this.started = true;
    this.items = [...this.items, ...page.records];
    this.count = page.total ?? this.items.length;
  }
}
