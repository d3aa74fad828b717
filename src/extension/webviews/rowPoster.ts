/**
 * How a panel streams the rows of a load into its page (the PQL results, the events table, the
 * inventory, recent runs): the first rows at once; later ones when a batch is full or after
 * FLUSH_INTERVAL_MS; and never more than one batch ahead of the page's paint. The page says what
 * it painted (its `shown` or `rendered` message) and the next batch follows: without that, a
 * week of runs queued behind the first rows (each message a few megabytes to copy) held back
 * their paint by a second.
 *
 * The page is sent a snapshot (its whole view, with the rows so far or the first of them) on
 * every `ready` and whenever it holds none of the load's rows; batches append to it.
 */
import type * as vscode from 'vscode';

/** The longest a batch waits for more rows before it is posted anyway. */
export const FLUSH_INTERVAL_MS = 100;

export interface RowPosterOptions<Row> {
  /** The most rows one batch carries. */
  perMessage: number;
  /** Whether the page listens now (else it gets everything in the snapshot of its next `ready`). */
  isListening(): boolean;
  /**
   * Posts the page's whole view with the rows so far (or the first of them), replacing what it
   * held; then calls `sent()` with how many of `rows` it carried.
   */
  postSnapshot(): void;
  /**
   * Posts the next rows of the load, to append; `complete` when they are its last, and then
   * `truncatedAt` when the load stopped at its limit.
   */
  postBatch(rows: Row[], complete: boolean, truncatedAt: number | undefined): void;
  /** The page said what it painted (`shown` changed): what waits for a paint looks again. */
  shownChanged?(): void;
}

export class RowPoster<Row> implements vscode.Disposable {
  /** The rows of the load so far. */
  rows: Row[] = [];
  /** How many of `rows` the page was sent since its last snapshot. */
  private posted = 0;
  /** The page holds none of the load's rows: the next flush posts a snapshot. */
  private snapshotDue = true;
  /** The load has ended (or what is shown is not a load: a restored panel's rows). */
  private finished = false;
  /** The load failed. */
  private failed = false;
  /** The page was sent the load's last rows. */
  private sentComplete = false;
  /** Set when the load stopped at its limit (addAtMost), for the page's last batch. */
  truncatedAt: number | undefined;
  /** The rows the page last said it painted (it holds them). */
  private painted = 0;
  /**
   * What the page last said it painted of the load's rows it was sent: `rows` shown (after its own
   * filter) of the `loaded` it holds; undefined until it painted some.
   */
  shown: { rows: number; loaded: number } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: RowPosterOptions<Row>) {}

  /** A new load (or the rows a restored panel shows, `finished`): the page is sent a snapshot next. */
  reset(rows: Row[] = [], finished = false): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.rows = rows;
    this.finished = finished;
    this.failed = false;
    this.truncatedAt = undefined;
    this.unsent();
  }

  /** Where the load is: loading, done (it ended, or the rows are a restored panel's), or failed. */
  get state(): 'loading' | 'done' | 'error' {
    return this.failed ? 'error' : this.finished ? 'done' : 'loading';
  }

  /** The load failed: nothing more comes. */
  fail(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.failed = true;
  }

  /** The page holds none of the load's rows (it was told a load starts): a snapshot is due. */
  unsent(): void {
    this.posted = 0;
    this.painted = 0;
    this.shown = undefined;
    this.snapshotDue = true;
    this.sentComplete = false;
  }

  /**
   * The page was sent a snapshot carrying the first `count` rows: batches follow from there
   * (postSnapshot calls this; so does a panel that posts its own snapshot, the PQL results).
   */
  sent(count = this.rows.length): void {
    this.posted = count;
    this.painted = 0;
    this.snapshotDue = false;
    this.sentComplete = this.finished && count === this.rows.length;
  }

  /** The load goes on after it had ended (the next page of a query): batches follow again. */
  resume(): void {
    this.finished = false;
    this.sentComplete = false;
  }

  /** Rows of the load arrived: the first go at once, later ones with a full batch or the interval. */
  add(rows: readonly Row[]): void {
    for (const row of rows) this.rows.push(row);
    const pending = this.rows.length - this.posted;
    if (this.snapshotDue || this.posted === 0 || pending >= this.options.perMessage) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
  }

  /**
   * Adds the rows of a batch that fit under `max` rows; false once the load reached it (the caller
   * stops reading, which ends the request; `truncatedAt` says where).
   */
  addAtMost(batch: readonly Row[], max: number): boolean {
    const room = max - this.rows.length;
    if (batch.length <= room) {
      this.add(batch);
      return true;
    }
    for (const row of batch.slice(0, room)) this.rows.push(row);
    this.truncatedAt = max;
    return false;
  }

  /** The load ended: what is left goes, its last batch marked complete. */
  finish(): void {
    this.finished = true;
    this.flush();
  }

  /** The page painted `rows` of the `loaded` rows it holds (its `shown`): the next batch may go. */
  pagePainted({ rows, loaded }: { rows: number; loaded: number }): void {
    this.shown = { rows, loaded };
    this.options.shownChanged?.();
    this.paintedUpTo(loaded);
  }

  /**
   * Whether the page has painted the first rows of the load (or the whole load, if it has none),
   * or the load failed: what "first rows" (the bench, tests) waits for.
   */
  get firstRowsPainted(): boolean {
    if (this.state === 'error') return true;
    if (!this.shown) return false;
    return this.shown.rows > 0 || (this.state === 'done' && this.rows.length === 0);
  }

  /** The page painted and holds `loaded` rows: the next batch may go. */
  paintedUpTo(loaded: number): void {
    this.painted = loaded;
    this.flush();
  }

  /** Posts what the page has not been sent yet: a snapshot when due, else one batch past its paint. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.options.isListening()) return;
    if (this.snapshotDue) {
      this.options.postSnapshot();
      return;
    }
    if (this.sentComplete) return;
    // one batch at a time: the page's next paint (paintedUpTo) flushes again
    if (this.posted > 0 && this.painted < this.posted) return;
    if (this.rows.length === this.posted && !this.finished) return;
    const rows = this.rows.slice(this.posted, this.posted + this.options.perMessage);
    this.posted += rows.length;
    this.sentComplete = this.finished && this.posted === this.rows.length;
    const truncatedAt = this.sentComplete ? this.truncatedAt : undefined;
    this.options.postBatch(rows, this.sentComplete, truncatedAt);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
