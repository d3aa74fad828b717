import type { QueryLike } from '../../client';

/** What the node list is narrowed to. */
export interface NodeFilter {
  environment?: string;
  status?: 'changed' | 'unchanged' | 'failed' | 'noop' | 'unreported';
  /** A regular expression on certnames. */
  namePattern?: string;
  /**
   * The status as the overview counts it (and the tree's icons show it): exclusive, "unreported"
   * wins, then "noop", else the run's status. Without it (Filter Nodes…, the Failures folder) a
   * status is the latest run's, however old.
   */
  asCounted?: boolean;
}

/**
 * The server-side query of a filter (as Puppetboard builds it), so that no filter ever needs the
 * whole fleet on the client. Plain AST arrays: the query builder would load the client at activation.
 */
export function nodeFilterQuery(
  filter: NodeFilter | undefined,
  unreportedHours: number,
  now = new Date(),
): QueryLike | undefined {
  if (!filter) return undefined;
  const clauses: unknown[] = [];
  if (filter.environment) clauses.push(['=', 'catalog_environment', filter.environment]);
  if (filter.namePattern) clauses.push(['~', 'certname', filter.namePattern]);
  const cutoff = new Date(now.getTime() - unreportedHours * 3600_000).toISOString();
  const noop = [
    'and',
    ['=', 'latest_report_noop', true],
    ['=', 'latest_report_noop_pending', true],
  ];
  const reported = ['>', 'report_timestamp', cutoff];
  switch (filter.status) {
    case 'unreported':
      clauses.push(['or', ['null?', 'report_timestamp', true], ['<=', 'report_timestamp', cutoff]]);
      break;
    case 'noop':
      clauses.push(...(filter.asCounted ? [reported, noop] : noop.slice(1)));
      break;
    case 'changed':
    case 'unchanged':
    case 'failed':
      clauses.push(['=', 'latest_report_status', filter.status]);
      if (filter.asCounted) clauses.push(reported, ['not', noop]);
      break;
  }
  return clauses.length ? ['and', ...clauses] : undefined;
}

export function describeFilter(filter: NodeFilter | undefined): string | undefined {
  if (!filter) return undefined;
  const parts = [
    filter.environment,
    filter.status && (filter.asCounted ? `${filter.status} (as counted)` : filter.status),
    filter.namePattern && `/${filter.namePattern}/`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}
