import type { QueryLike } from '../../client';
import { certnamesClause, noSuccessWithinClause, type HealthSignal } from '../fleetHealth';

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
  /**
   * Beyond the latest status (fleetHealth.ts): no successful run within the setting's hours, the
   * latest run unchanged with errors, or the latest run made corrective changes.
   */
  health?: HealthSignal;
}

/** What a health filter needs beyond the filter itself, found when the list loads. */
export interface HealthInput {
  noSuccessWithinHours: number;
  /** The certnames found for "unchanged with errors" or "corrective" (PQL cannot say which). */
  certnames?: Iterable<string>;
}

/**
 * The server-side query of a filter (as Puppetboard builds it), so that no filter ever needs the
 * whole fleet on the client. Plain AST arrays: the query builder would load the client at activation.
 */
export function nodeFilterQuery(
  filter: NodeFilter | undefined,
  unreportedHours: number,
  now = new Date(),
  health?: HealthInput,
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
  if (filter.health === 'noSuccessWithin') {
    clauses.push(noSuccessWithinClause(health?.noSuccessWithinHours ?? 24, now));
  } else if (filter.health) {
    // no list found (yet) is no node, never every node
    clauses.push(certnamesClause(health?.certnames ?? []));
  }
  return clauses.length ? ['and', ...clauses] : undefined;
}

/** How a health filter reads in the Nodes folder's description. */
export function describeHealth(health: HealthSignal, noSuccessWithinHours: number): string {
  return {
    noSuccessWithin: `no successful run within ${noSuccessWithinHours} h`,
    unchangedWithErrors: 'unchanged with errors',
    corrective: 'latest run corrective',
  }[health];
}

export function describeFilter(
  filter: NodeFilter | undefined,
  noSuccessWithinHours = 24,
): string | undefined {
  if (!filter) return undefined;
  const parts = [
    filter.environment,
    filter.status && (filter.asCounted ? `${filter.status} (as counted)` : filter.status),
    filter.health && describeHealth(filter.health, noSuccessWithinHours),
    filter.namePattern && `/${filter.namePattern}/`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}
