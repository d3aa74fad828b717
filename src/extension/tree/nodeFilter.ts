import {
  AndOperator,
  EqualsOperator,
  NullOperator,
  OrOperator,
  LessEqualOperator,
  RegexOperator,
  type QueryLike,
} from '../../client';

/** What the node list is narrowed to. */
export interface NodeFilter {
  environment?: string;
  status?: 'changed' | 'unchanged' | 'failed' | 'noop' | 'unreported';
  /** A regular expression on certnames. */
  namePattern?: string;
}

/**
 * The server-side query of a filter (as Puppetboard builds it), so that no filter ever needs the
 * whole fleet on the client.
 */
export function nodeFilterQuery(
  filter: NodeFilter | undefined,
  unreportedHours: number,
  now = new Date(),
): QueryLike | undefined {
  if (!filter) return undefined;
  const and = new AndOperator();
  let clauses = 0;
  const add = (query: QueryLike) => {
    and.add(query as never);
    clauses++;
  };
  if (filter.environment) add(new EqualsOperator('catalog_environment', filter.environment));
  if (filter.namePattern) add(new RegexOperator('certname', filter.namePattern));
  const cutoff = new Date(now.getTime() - unreportedHours * 3600_000).toISOString();
  switch (filter.status) {
    case 'unreported':
      add(
        new OrOperator()
          .add(new NullOperator('report_timestamp', true))
          .add(new LessEqualOperator('report_timestamp', cutoff)),
      );
      break;
    case 'noop':
      add(new EqualsOperator('latest_report_noop', true));
      add(new EqualsOperator('latest_report_noop_pending', true));
      break;
    case 'changed':
    case 'unchanged':
    case 'failed':
      add(new EqualsOperator('latest_report_status', filter.status));
      break;
  }
  return clauses ? and : undefined;
}

export function describeFilter(filter: NodeFilter | undefined): string | undefined {
  if (!filter) return undefined;
  const parts = [
    filter.environment,
    filter.status,
    filter.namePattern && `/${filter.namePattern}/`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}
