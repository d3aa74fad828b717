/**
 * One query run on several PuppetDB connections at once, merged into one table (pure, so the
 * host, the restore path and unit tests agree): every row gains a `connection` column naming the
 * connection it came from (its name, never its URL), and each connection keeps its own tally —
 * its state, its rows, the total its server gave, its error — so one failing connection is shown
 * beside the others' rows and never hides them.
 */

/** The column every merged row gains, first. */
export const CONNECTION_COLUMN = 'connection';

/**
 * Where a row's own `connection` field goes when it has one (no PuppetDB entity has one today,
 * but a projection of a fact's value could): kept beside the merged column, never overwritten.
 */
export const OWN_CONNECTION_COLUMN = 'connection (row)';

/** How one connection's part of the run went. */
export interface ConnectionTally {
  /** The connection's name as the table shows it (its `connection` cells). */
  name: string;
  state: 'running' | 'done' | 'error' | 'cancelled';
  /** The rows of this connection the panel holds. */
  rows: number;
  /** How many rows the query matches on this connection, when its server said (X-Records). */
  total?: number;
  /** The rows stopped at the panel's limit while this connection still had more. */
  truncated?: boolean;
  /** What went wrong, in the words shown (set when `state` is `error`). */
  error?: string;
}

/**
 * The names the `connection` column shows: each connection's name, numbered (" (2)", " (3)")
 * when two share one, so that every row still says which connection it came from.
 */
export function connectionLabels(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const taken = new Set(names);
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    if (count === 1) return name;
    let suffix = count;
    while (taken.has(`${name} (${suffix})`)) suffix++;
    const label = `${name} (${suffix})`;
    taken.add(label);
    return label;
  });
}

/**
 * A row of one connection as the merged table shows it: `connection` first, then the row's own
 * fields in their order. A row that is not an object (a projection of one value) becomes `value`.
 */
export function taggedRow(label: string, row: unknown): Record<string, unknown> {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) {
    return { [CONNECTION_COLUMN]: label, value: row };
  }
  const tagged: Record<string, unknown> = { [CONNECTION_COLUMN]: label };
  for (const [key, value] of Object.entries(row)) {
    tagged[key === CONNECTION_COLUMN ? OWN_CONNECTION_COLUMN : key] = value;
  }
  return tagged;
}

/**
 * The tallies of a run and how it ends: rows are added per connection as they arrive (in
 * whatever order the connections answer), each connection ends on its own, and the run's state
 * is that of the whole: running while one still runs; cancelled when the user stopped one; done
 * when at least one connection answered (the others' errors beside it); an error only when every
 * connection failed.
 */
export class MergedRun {
  readonly tallies: ConnectionTally[];

  constructor(names: readonly string[]) {
    this.tallies = connectionLabels(names).map((name) => ({ name, state: 'running', rows: 0 }));
  }

  /** Rows of connection `index`, tagged with its name, counted in its tally. */
  add(index: number, rows: readonly unknown[]): Record<string, unknown>[] {
    const tally = this.tallies[index]!;
    tally.rows += rows.length;
    return rows.map((row) => taggedRow(tally.name, row));
  }

  /** Connection `index` ended (its outcome); a later end of it (a cancel after it failed) is ignored. */
  end(
    index: number,
    outcome:
      | { state: 'done'; total?: number; truncated?: boolean }
      | { state: 'error'; error: string }
      | { state: 'cancelled' },
  ): void {
    const tally = this.tallies[index]!;
    if (tally.state !== 'running') return;
    tally.state = outcome.state;
    if (outcome.state === 'done') {
      if (outcome.total !== undefined) tally.total = outcome.total;
      if (outcome.truncated) tally.truncated = true;
    }
    if (outcome.state === 'error') tally.error = outcome.error;
  }

  /** Every connection still running is cancelled (the user's Cancel, a new run). */
  cancelRunning(): void {
    for (let index = 0; index < this.tallies.length; index++) {
      this.end(index, { state: 'cancelled' });
    }
  }

  /** The panel's limit was reached: every connection still running stops there, truncated. */
  truncateRunning(): void {
    for (let index = 0; index < this.tallies.length; index++) {
      this.end(index, { state: 'done', truncated: true });
    }
  }

  /** The run's state as a whole. */
  get state(): ConnectionTally['state'] {
    const states = this.tallies.map((tally) => tally.state);
    if (states.includes('running')) return 'running';
    if (states.includes('cancelled')) return 'cancelled';
    if (states.includes('done') || states.length === 0) return 'done';
    return 'error';
  }

  /** The rows held of every connection. */
  get rows(): number {
    return this.tallies.reduce((sum, tally) => sum + tally.rows, 0);
  }

  /** The sum of the totals, when every connection that answered gave one. */
  get total(): number | undefined {
    const answered = this.tallies.filter((tally) => tally.state === 'done');
    if (answered.length === 0 || answered.some((tally) => tally.total === undefined)) {
      return undefined;
    }
    return answered.reduce((sum, tally) => sum + tally.total!, 0);
  }

  /** The connections that failed (their tallies say why). */
  get failed(): ConnectionTally[] {
    return this.tallies.filter((tally) => tally.state === 'error');
  }
}
