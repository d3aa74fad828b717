/**
 * Which events an events table shows, as PuppetDB query ASTs and as panel titles. Pure, so the
 * host, the restore path and tests agree on what a source means.
 */

import type { DeclaredAtFilter, FleetEventsFilter } from './protocol';

/**
 * One report's events, or a node's: its latest report, or every event in [since, until); or the
 * fleet's: narrowed to one resource or class (opened from the overview), in a window ("Show Fleet
 * Events…"), or to the resources declared at one manifest line ("Show Events for This Line").
 */
export type EventsSource =
  | { reportHash: string }
  | { certname: string; since?: string; until?: string }
  | { fleet: FleetEventsFilter }
  | { declaredAt: DeclaredAtFilter };

export function isReportSource(source: EventsSource): source is { reportHash: string } {
  return 'reportHash' in source;
}

export function isFleetSource(source: EventsSource): source is { fleet: FleetEventsFilter } {
  return 'fleet' in source;
}

export function isDeclaredAtSource(
  source: EventsSource,
): source is { declaredAt: DeclaredAtFilter } {
  return 'declaredAt' in source;
}

/** The `/events` query of a source. */
export function eventsQuery(source: EventsSource): unknown[] {
  if (isReportSource(source)) return ['=', 'report', source.reportHash];
  if (isFleetSource(source)) return fleetEventsQuery(source.fleet);
  if (isDeclaredAtSource(source)) return declaredAtQuery(source.declaredAt);
  const clauses: unknown[] = [['=', 'certname', source.certname]];
  if (source.since === undefined && source.until === undefined) {
    clauses.push(['=', 'latest_report?', true]);
  }
  if (source.since !== undefined) clauses.push(['>=', 'timestamp', source.since]);
  if (source.until !== undefined) clauses.push(['<', 'timestamp', source.until]);
  return ['and', ...clauses];
}

/**
 * The fleet's events: of one status or all; the latest runs', or those in [since, until); of one
 * resource or class, or of all; of one environment's runs, or of every environment's; of some
 * nodes (a flapping resource's), or of all.
 */
export function fleetEventsQuery(filter: FleetEventsFilter): unknown[] {
  const clauses: unknown[] = [];
  if (filter.status !== undefined) clauses.push(['=', 'status', filter.status]);
  if (filter.since === undefined) clauses.push(['=', 'latest_report?', true]);
  else clauses.push(['>=', 'timestamp', filter.since]);
  if (filter.until !== undefined) clauses.push(['<', 'timestamp', filter.until]);
  if (filter.resourceType !== undefined) clauses.push(['=', 'resource_type', filter.resourceType]);
  if (filter.resourceTitle !== undefined) {
    clauses.push(['=', 'resource_title', filter.resourceTitle]);
  }
  if (filter.containingClass !== undefined) {
    clauses.push(['=', 'containing_class', filter.containingClass]);
  }
  if (filter.environment !== undefined) clauses.push(['=', 'environment', filter.environment]);
  if (filter.certnames !== undefined) {
    clauses.push(['in', 'certname', ['array', filter.certnames]]);
  }
  return ['and', ...clauses];
}

/**
 * How the events query is sent: a list of nodes (a flapping resource's, up to thousands of
 * certnames) goes in a POSTed body, too long for a URL; everything else as a GET.
 */
export function eventsMethod(source: EventsSource): 'GET' | 'POST' {
  return isFleetSource(source) && source.fleet.certnames !== undefined ? 'POST' : 'GET';
}

/** The latest runs' events of resources declared at one line of one of these server paths. */
export function declaredAtQuery({ files, line }: DeclaredAtFilter): unknown[] {
  return [
    'and',
    ['or', ...files.map((file) => ['=', 'file', file])],
    ['=', 'line', line],
    ['=', 'latest_report?', true],
  ];
}

/** The panel title: short enough for a tab. */
export function eventsTitle(source: EventsSource, certname?: string): string {
  if (isReportSource(source)) {
    return `Events · ${certname ?? 'report'} · ${source.reportHash.slice(0, 8)}`;
  }
  if (isFleetSource(source)) {
    const { fleet } = source;
    const what =
      fleet.resourceType !== undefined
        ? `${fleet.resourceType}[${fleet.resourceTitle ?? ''}] · `
        : fleet.containingClass !== undefined
          ? `class ${fleet.containingClass} · `
          : '';
    const when =
      fleet.since === undefined
        ? ''
        : fleet.until === undefined
          ? ` since ${shortTime(fleet.since)}`
          : ` ${shortTime(fleet.since)} – ${shortTime(fleet.until)}`;
    const scope = fleet.environment === undefined ? 'fleet' : `fleet (${fleet.environment})`;
    const nodes =
      fleet.certnames === undefined
        ? ''
        : ` · on ${fleet.certnames.length} node${fleet.certnames.length === 1 ? '' : 's'}`;
    return `Events · ${scope} · ${what}${fleet.status ?? 'all'}${when}${nodes}`;
  }
  if (isDeclaredAtSource(source)) {
    const file = source.declaredAt.files[0] ?? '';
    return `Events · fleet · ${file.slice(file.lastIndexOf('/') + 1)}:${source.declaredAt.line} · latest runs`;
  }
  if (source.since === undefined && source.until === undefined) {
    return `Events · ${source.certname} · latest report`;
  }
  const since = source.since ? shortTime(source.since) : '…';
  const until = source.until ? shortTime(source.until) : 'now';
  return `Events · ${source.certname} · ${since} – ${until}`;
}

/** `2024-05-01T10:20:30.000Z` → `2024-05-01 10:20` (UTC, as PuppetDB stores it). */
function shortTime(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]}` : iso;
}

/** The same source, for keeping one panel per source. */
export function sourceKey(connectionId: string, source: EventsSource): string {
  if (isFleetSource(source)) {
    const {
      status,
      resourceType,
      resourceTitle,
      containingClass,
      since,
      until,
      environment,
      certnames,
    } = source.fleet;
    return JSON.stringify([
      connectionId,
      'fleet',
      status ?? null,
      resourceType ?? null,
      resourceTitle ?? null,
      containingClass ?? null,
      since ?? null,
      until ?? null,
      environment ?? null,
      certnames === undefined ? null : [...certnames].sort(),
    ]);
  }
  if (isDeclaredAtSource(source)) {
    const { files, line } = source.declaredAt;
    return JSON.stringify([connectionId, 'declaredAt', [...files].sort(), line]);
  }
  return JSON.stringify(
    isReportSource(source)
      ? [connectionId, source.reportHash]
      : [connectionId, source.certname, source.since ?? null, source.until ?? null],
  );
}

/** `[since, until)` ending now and reaching `hours` back, for the quick picks. */
export function lastHours(hours: number, now: Date): { since: string; until: string } {
  return {
    since: new Date(now.getTime() - hours * 3600_000).toISOString(),
    until: now.toISOString(),
  };
}

/**
 * A custom range typed by the user: `since` or `since/until` or `since..until`, each an ISO-8601
 * date or date-time. Returns undefined when it does not parse.
 */
export function parseIsoRange(input: string): { since: string; until?: string } | undefined {
  const parts = input
    .trim()
    .split(/\s*(?:\/|\.\.|\s)\s*/)
    .filter(Boolean);
  if (parts.length < 1 || parts.length > 2) return undefined;
  const times = parts.map((part) =>
    /^\d{4}-\d{2}-\d{2}/.test(part) ? Date.parse(part) : Number.NaN,
  );
  if (times.some((time) => Number.isNaN(time))) return undefined;
  if (times.length === 2 && times[1]! <= times[0]!) return undefined;
  const [since, until] = times.map((time) => new Date(time).toISOString());
  return until === undefined ? { since: since! } : { since: since!, until };
}
