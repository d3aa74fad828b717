/**
 * The overview across connections: one row per PuppetDB of the user's — its node counts as the
 * overview of that PuppetDB counts them (src/extension/overview/overviewQueries.ts), or what went
 * wrong asking it — and the total of the rows that answered. Pure, so the host, the page, the
 * restore path and tests agree on what the total adds up.
 */
import { COUNT_KEYS, emptyCounts, type Counts } from '../overview';

export interface ConnectionsOverviewRow {
  /** The connection's name (never its URL). */
  name: string;
  state: 'loading' | 'loaded' | 'error';
  /** The PuppetDB's node counts, once it answered. */
  counts?: Counts;
  /** What went wrong asking it, in the words shown. */
  error?: string;
}

export interface ConnectionsOverviewDto {
  /** When the PuppetDBs were asked (ISO-8601): what the page's paint acknowledges. */
  fetchedAt: string;
  /** The setting `unreportedHours` the counts were made with. */
  unreportedHours: number;
  rows: ConnectionsOverviewRow[];
  /** The sum of the rows that answered. */
  total: Counts;
  /** How many rows answered (the total adds up those only). */
  answered: number;
}

/** The sum of the counts of the rows that answered; a failed or loading row adds nothing. */
export function totalCounts(rows: readonly ConnectionsOverviewRow[]): Counts {
  const total = emptyCounts();
  for (const row of rows) {
    if (row.state !== 'loaded' || !row.counts) continue;
    for (const key of [...COUNT_KEYS, 'active'] as const) total[key] += row.counts[key];
  }
  return total;
}

/** The overview of `rows` as fetched at `fetchedAt`: the total made from them. */
export function connectionsOverview(
  rows: ConnectionsOverviewRow[],
  fetchedAt: string,
  unreportedHours: number,
): ConnectionsOverviewDto {
  return {
    fetchedAt,
    unreportedHours,
    rows,
    total: totalCounts(rows),
    answered: rows.filter((row) => row.state === 'loaded').length,
  };
}
