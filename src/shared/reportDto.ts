/**
 * A report and its events as the report view and the events table show them: plain JSON,
 * built on the host. (Owned by the events/report work; see src/webview/events, src/webview/report.)
 */
export type EventStatus = 'success' | 'failure' | 'noop' | 'skipped';

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
