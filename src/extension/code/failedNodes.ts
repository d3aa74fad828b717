/**
 * Fleet-wide, per connection: the active nodes whose last run failed, and for every class how
 * many of them apply it. Asked once for all classes and kept a while, so that every file's lenses
 * and hovers take their "failed" from here and a file costs only its own count request.
 */
import type { PuppetDB } from '../../client';
import { KeptAnswers } from '../keptAnswers';

/** Sends one query (counted by the caller); PQL text to `pql`, an AST to its endpoint. */
export type Rows = (
  client: PuppetDB,
  request: { endpoint: 'pql' | 'resources'; query: string | unknown[]; method?: 'GET' | 'POST' },
  signal: AbortSignal,
) => Promise<Array<Record<string, unknown>>>;

/**
 * How long the failed nodes are reused: twice the counts' lifetime, so that a file whose counts
 * expired is counted again with one request. A node's status changes once per Puppet run (every
 * 30 minutes by default), so a minute-old list is as good as a fresh one for a lens.
 */
export const FAILED_LIFETIME_MS = 60_000;

/** The active nodes whose last run failed. */
export const FAILED_NODES = 'nodes[certname] { latest_report_status = "failed" }';

/**
 * For every class, on how many of `certnames` it runs (one row per class: a catalog holds
 * Class[X] once). An AST with an `in … array`, sent by POST: PuppetDB parses a long list of
 * certnames in that form faster than the same list written out in PQL (npm run bench:code).
 */
export function failedByClassQuery(certnames: readonly string[]): unknown[] {
  return [
    'extract',
    ['title', ['function', 'count']],
    ['and', ['=', 'type', 'Class'], ['in', 'certname', ['array', [...certnames]]]],
    ['group_by', 'title'],
  ];
}

export class FailedNodes {
  private readonly certnamesKept = new KeptAnswers<Set<string>>(FAILED_LIFETIME_MS);
  private readonly byClassKept = new KeptAnswers<Map<string, number>>(FAILED_LIFETIME_MS);

  constructor(
    private readonly rows: Rows,
    private readonly timeoutMs: number,
  ) {}

  /** The certnames of the connection's failed nodes. */
  certnames(connectionId: string, client: PuppetDB, now = Date.now()): Promise<Set<string>> {
    return this.certnamesKept.get(
      connectionId,
      async () => {
        const signal = AbortSignal.timeout(this.timeoutMs);
        const found = await this.rows(client, { endpoint: 'pql', query: FAILED_NODES }, signal);
        return new Set(found.map((row) => String(row.certname)));
      },
      now,
    );
  }

  /** Class title (normalised) → how many failed nodes apply it; absent: none. */
  byClass(connectionId: string, client: PuppetDB, now = Date.now()): Promise<Map<string, number>> {
    return this.byClassKept.get(
      connectionId,
      async () => {
        const certnames = await this.certnames(connectionId, client, now);
        if (certnames.size === 0) return new Map<string, number>();
        const signal = AbortSignal.timeout(this.timeoutMs);
        // the list is long: POST has no URL length limit
        const query = failedByClassQuery([...certnames]);
        const found = await this.rows(
          client,
          { endpoint: 'resources', query, method: 'POST' },
          signal,
        );
        return new Map(
          found.map((row) => [String(row.title), typeof row.count === 'number' ? row.count : 0]),
        );
      },
      now,
    );
  }

  /** Forgets every answer (the connection changed, or the user asked again). */
  clear(): void {
    this.certnamesKept.clear();
    this.byClassKept.clear();
  }
}
