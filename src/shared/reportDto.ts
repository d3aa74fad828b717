/**
 * A report and its events as the report view and the events table show them: plain JSON, built
 * on the host from PuppetDB's wire rows (`/reports`, `/events`), so both webviews get exactly
 * what the server said, with nothing computed on the way but names.
 */
export type EventStatus = 'success' | 'failure' | 'noop' | 'skipped';

export const EVENT_STATUSES: readonly EventStatus[] = ['failure', 'skipped', 'noop', 'success'];

export interface EventRowDto {
  certname: string;
  status: EventStatus;
  /** ISO-8601 */
  timestamp: string;
  resourceType: string;
  resourceTitle: string;
  property: string | null;
  oldValue: unknown;
  newValue: unknown;
  message: string | null;
  containingClass: string | null;
  file: string | null;
  line: number | null;
  reportHash: string;
  /**
   * The event's `corrective_change`: true drift put back, false new code; null (what PuppetDB
   * FOSS keeps whatever the agent sent), so absent: unknown (eventChange()).
   */
  correctiveChange?: boolean;
}

export interface ReportLogDto {
  level: string;
  message: string;
  source: string;
  tags: string[];
  time: string;
  file: string | null;
  line: number | null;
}

export interface ReportMetricDto {
  category: string;
  name: string;
  value: number;
}

export interface ReportDto {
  certname: string;
  hash: string;
  status: string | null;
  noop: boolean;
  noopPending: boolean;
  startTime: string;
  endTime: string;
  runTimeMs: number;
  puppetVersion: string;
  configurationVersion: string;
  reportFormat: number;
  environment: string;
  cachedCatalogStatus: string | null;
  producer: string | null;
  transactionUuid: string | null;
  catalogUuid: string | null;
  codeId: string | null;
  correctiveChange: boolean | null;
  logs: ReportLogDto[];
  metrics: ReportMetricDto[];
  events: EventRowDto[];
}

type WireRow = Record<string, unknown>;

const text = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);
const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function eventStatus(value: unknown): EventStatus {
  return value === 'failure' || value === 'noop' || value === 'skipped' ? value : 'success';
}

/**
 * One `/events` row (or one `resource_events` entry embedded in a report, which lacks
 * `certname` and `report`: the report supplies them).
 */
export function eventRowFromWire(
  row: WireRow,
  report?: { certname: string; hash: string },
): EventRowDto {
  return {
    certname: text(row.certname ?? report?.certname),
    status: eventStatus(row.status),
    timestamp: text(row.timestamp),
    resourceType: text(row.resource_type),
    resourceTitle: text(row.resource_title),
    property: textOrNull(row.property),
    oldValue: row.old_value ?? null,
    newValue: row.new_value ?? null,
    message: textOrNull(row.message),
    containingClass: textOrNull(row.containing_class),
    file: textOrNull(row.file),
    line: numberOrNull(row.line),
    reportHash: text(row.report ?? report?.hash),
    // kept only when PuppetDB has it (Puppet Enterprise): absent reads "unknown"
    ...(typeof row.corrective_change === 'boolean' && { correctiveChange: row.corrective_change }),
  };
}

/** `{ href, data }` as PuppetDB embeds metrics, logs and events in a report; undefined if not expanded. */
export function embeddedRows(value: unknown): WireRow[] | undefined {
  if (Array.isArray(value)) return value as WireRow[];
  const data = (value as { data?: unknown } | null | undefined)?.data;
  return Array.isArray(data) ? (data as WireRow[]) : undefined;
}

/**
 * One `/reports` row. `events` are the report's events when the caller fetched them separately
 * (PuppetDB may leave `resource_events` unexpanded); otherwise the embedded ones are used.
 */
export function reportDtoFromWire(row: WireRow, events?: EventRowDto[]): ReportDto {
  const certname = text(row.certname);
  const hash = text(row.hash);
  const startTime = text(row.start_time);
  const endTime = text(row.end_time);
  const runTimeMs = Date.parse(endTime) - Date.parse(startTime);
  return {
    certname,
    hash,
    status: textOrNull(row.status),
    noop: row.noop === true,
    noopPending: row.noop_pending === true,
    startTime,
    endTime,
    runTimeMs: Number.isFinite(runTimeMs) ? runTimeMs : 0,
    puppetVersion: text(row.puppet_version),
    configurationVersion: text(row.configuration_version),
    reportFormat: Number(row.report_format ?? 0),
    environment: text(row.environment),
    cachedCatalogStatus: textOrNull(row.cached_catalog_status),
    producer: textOrNull(row.producer),
    transactionUuid: textOrNull(row.transaction_uuid),
    catalogUuid: textOrNull(row.catalog_uuid),
    codeId: textOrNull(row.code_id),
    correctiveChange: typeof row.corrective_change === 'boolean' ? row.corrective_change : null,
    logs: (embeddedRows(row.logs) ?? []).map((log) => ({
      level: text(log.level),
      message: text(log.message),
      source: text(log.source),
      tags: Array.isArray(log.tags) ? log.tags.map(text) : [],
      time: text(log.time),
      file: textOrNull(log.file),
      line: numberOrNull(log.line),
    })),
    metrics: (embeddedRows(row.metrics) ?? []).map((metric) => ({
      category: text(metric.category),
      name: text(metric.name),
      value: Number(metric.value ?? 0),
    })),
    events:
      events ??
      (embeddedRows(row.resource_events) ?? []).map((event) =>
        eventRowFromWire(event, { certname, hash }),
      ),
  };
}

/** How a log level is shown: errors red, warnings yellow, notices plain, the rest muted. */
export type LogSeverity = 'error' | 'warning' | 'notice' | 'muted';

export function logSeverity(level: string): LogSeverity {
  switch (level) {
    case 'err':
    case 'crit':
    case 'alert':
    case 'emerg':
      return 'error';
    case 'warning':
      return 'warning';
    case 'notice':
      return 'notice';
    default:
      return 'muted';
  }
}

/** The categories Puppet reports, in the order a reader looks for them; others follow by name. */
export const METRIC_CATEGORIES = ['resources', 'time', 'changes', 'events'] as const;

export interface MetricGroup {
  category: string;
  metrics: ReportMetricDto[];
}

/** Metrics by category (known categories first); within one, `total` last and the rest by name. */
export function groupMetrics(metrics: readonly ReportMetricDto[]): MetricGroup[] {
  const byCategory = new Map<string, ReportMetricDto[]>();
  for (const metric of metrics) {
    const list = byCategory.get(metric.category) ?? [];
    list.push(metric);
    byCategory.set(metric.category, list);
  }
  const known: readonly string[] = METRIC_CATEGORIES;
  const rank = (category: string) => {
    const index = known.indexOf(category);
    return index < 0 ? known.length : index;
  };
  return [...byCategory.keys()]
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map((category) => ({
      category,
      metrics: byCategory
        .get(category)!
        .slice()
        .sort(
          (a, b) =>
            Number(a.name === 'total') - Number(b.name === 'total') ||
            (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
        ),
    }));
}
