/**
 * How much of a query's result the PQL results panel holds: rows and bytes (pure, unit-tested).
 * Bytes are the rows' JSON length — what the host posts to the webview and what the webview
 * keeps — counted as rows arrive.
 */
export interface ResultLimits {
  maxRows: number;
  maxBytes: number;
}

export interface Truncation {
  /** Rows held when the limit was reached. */
  rows: number;
  limit: 'rows' | 'bytes';
}

export class ResultBudget {
  private bytes = 0;

  constructor(
    private readonly limits: ResultLimits,
    private rows = 0,
  ) {}

  /** The rows of `batch` that still fit, and the truncation once a limit is reached. */
  take(batch: readonly unknown[]): { rows: unknown[]; truncated?: Truncation } {
    const taken: unknown[] = [];
    for (const row of batch) {
      if (this.rows >= this.limits.maxRows) {
        return { rows: taken, truncated: { rows: this.rows, limit: 'rows' } };
      }
      const size = JSON.stringify(row)?.length ?? 4;
      // the first row is held whatever its size: a result is never shown empty for its size
      if (this.rows > 0 && this.bytes + size > this.limits.maxBytes) {
        return { rows: taken, truncated: { rows: this.rows, limit: 'bytes' } };
      }
      this.bytes += size;
      this.rows++;
      taken.push(row);
    }
    return { rows: taken };
  }
}
