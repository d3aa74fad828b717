/**
 * The PuppetDB half of a node's history, without vscode (the integration tests and the bench call
 * it as the extension does): pages of report summaries, newest first, one request each, and the
 * full events, logs and metrics of just the runs an answer needs.
 */
import type { PuppetDB } from '../../client';
import { readAtMost } from '../boundedRows';
import {
  RUN_SUMMARY_FIELDS,
  runSummaryOf,
  type RunDetail,
  type RunEvent,
  type RunLog,
  type RunMetric,
  type RunSummary,
} from '../../shared/history';

/** Summaries per page: the first page answers most nodes (a failure is usually recent). */
export const SUMMARY_PAGE_SIZE = 100;

/** Where the previous page ended: its oldest end time, and the runs read that ended then. */
export interface PageBound {
  endTime: string;
  hashes: readonly string[];
}

export interface PageRequest {
  certname: string;
  /** Continue after this (the previous page's end); none for the first page. */
  after?: PageBound;
  pageSize: number;
  signal?: AbortSignal;
}

/**
 * The query of one page: a time bound rather than an offset, so a run reported while the walk
 * reads (the newest moves every offset by one) is neither read twice nor skipped. The runs that
 * ended at the very time of the bound and were not read yet are asked too, by hash.
 */
export function summaryPageQuery(certname: string, after?: PageBound): unknown[] {
  const node = ['=', 'certname', certname];
  if (!after) return ['extract', [...RUN_SUMMARY_FIELDS], node];
  const sameTime: unknown[] = ['=', 'end_time', after.endTime];
  const unread =
    after.hashes.length === 0
      ? sameTime
      : ['and', sameTime, ['not', ['in', 'hash', ['array', [...after.hashes]]]]];
  return [
    'extract',
    [...RUN_SUMMARY_FIELDS],
    ['and', node, ['or', ['<', 'end_time', after.endTime], unread]],
  ];
}

/** The order of the pages: newest first, then by hash (PuppetDB's order, stable between pages). */
export const SUMMARY_ORDER = [
  { field: 'end_time', order: 'desc' },
  { field: 'hash', order: 'desc' },
] as const;

/** One page of a node's runs, newest first: one request. */
export async function summaryPage(client: PuppetDB, request: PageRequest): Promise<RunSummary[]> {
  const stream = client.stream('reports', {
    query: summaryPageQuery(request.certname, request.after),
    orderBy: SUMMARY_ORDER.map((field) => ({ ...field })),
    limit: request.pageSize,
    signal: request.signal,
  });
  // a server that sends more than the page is read no further: the next page starts after the
  // last run kept, so nothing is lost
  const { rows } = await readAtMost(stream, request.pageSize);
  return rows
    .map((row) => runSummaryOf(row as Record<string, unknown>))
    .filter((run): run is RunSummary => run !== undefined);
}

/** Where a page of runs (newest first) ends, continuing `previous`. */
export function boundAfter(
  runs: readonly RunSummary[],
  previous?: PageBound,
): PageBound | undefined {
  const oldest = runs.at(-1);
  if (!oldest) return previous;
  const atOldest = runs.filter((run) => run.endTime === oldest.endTime).map((run) => run.hash);
  const earlier = previous?.endTime === oldest.endTime ? previous.hashes : [];
  // a run sent again (a server that ignores the bound) is named once
  return { endTime: oldest.endTime, hashes: [...new Set([...earlier, ...atOldest])] };
}

/** What a full report row carries that the comparisons read. */
interface FullReportRow {
  hash?: unknown;
  resource_events?: { data?: unknown } | null;
  logs?: { data?: unknown } | null;
  metrics?: { data?: unknown } | null;
}

const listOf = (part: { data?: unknown } | null | undefined): unknown[] =>
  Array.isArray(part?.data) ? part.data : [];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function eventOf(value: unknown): RunEvent | undefined {
  if (!isRecord(value)) return undefined;
  const { resource_type, resource_title, status } = value;
  if (typeof resource_type !== 'string' || typeof resource_title !== 'string') return undefined;
  if (typeof status !== 'string') return undefined;
  return {
    resource_type,
    resource_title,
    status,
    property: typeof value.property === 'string' ? value.property : null,
    message: typeof value.message === 'string' ? value.message : null,
    corrective_change:
      typeof value.corrective_change === 'boolean' ? value.corrective_change : null,
  };
}

function logOf(value: unknown): RunLog | undefined {
  if (!isRecord(value) || typeof value.level !== 'string') return undefined;
  return {
    level: value.level,
    message: typeof value.message === 'string' ? value.message : String(value.message ?? ''),
    source: typeof value.source === 'string' ? value.source : null,
  };
}

function metricOf(value: unknown): RunMetric | undefined {
  if (!isRecord(value)) return undefined;
  const { category, name, value: amount } = value;
  if (typeof category !== 'string' || typeof name !== 'string') return undefined;
  return typeof amount === 'number' ? { category, name, value: amount } : undefined;
}

const defined = <T>(items: Array<T | undefined>): T[] =>
  items.filter((item): item is T => item !== undefined);

/** A full report row as the comparisons read it; what does not fit is left out, never guessed. */
export function runDetailOf(row: unknown): RunDetail {
  const report = (isRecord(row) ? row : {}) as FullReportRow;
  return {
    events: defined(listOf(report.resource_events).map(eventOf)),
    logs: defined(listOf(report.logs).map(logOf)),
    metrics: defined(listOf(report.metrics).map(metricOf)),
  };
}

/** A run read whole: its summary and its events, logs and metrics. */
export interface RunRecord {
  summary: RunSummary | undefined;
  detail: RunDetail;
}

/** The summaries, events, logs and metrics of the runs named: one request, whatever their number. */
export async function runRecords(
  client: PuppetDB,
  hashes: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, RunRecord>> {
  const records = new Map<string, RunRecord>();
  if (hashes.length === 0) return records;
  // a report per hash: a server that sends more is read no further
  const { rows } = await readAtMost(
    client.stream('reports', {
      query: [
        'extract',
        [...RUN_SUMMARY_FIELDS, 'resource_events', 'logs', 'metrics'],
        ['in', 'hash', ['array', [...hashes]]],
      ],
      limit: hashes.length,
      signal,
    }),
    hashes.length,
  );
  for (const row of rows) {
    const hash = isRecord(row) ? row.hash : undefined;
    if (typeof hash === 'string') {
      records.set(hash, {
        summary: runSummaryOf(row as Record<string, unknown>),
        detail: runDetailOf(row),
      });
    }
  }
  return records;
}

/** The events, logs and metrics of the runs named: one request, whatever their number. */
export async function runDetails(
  client: PuppetDB,
  hashes: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, RunDetail>> {
  const records = await runRecords(client, hashes, signal);
  return new Map([...records].map(([hash, record]) => [hash, record.detail]));
}

/** The node's run just before `run` (by end time, then hash: the walk's order), if PuppetDB keeps one. */
export async function previousRun(
  client: PuppetDB,
  run: RunSummary,
  signal?: AbortSignal,
): Promise<RunSummary | undefined> {
  const [before] = await summaryPage(client, {
    certname: run.certname,
    after: { endTime: run.endTime, hashes: [run.hash] },
    pageSize: 1,
    signal,
  });
  return before;
}
