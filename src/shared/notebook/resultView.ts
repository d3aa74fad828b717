/**
 * How a PQL cell's rows are drawn (pure, unit-tested): the cell texts, and the charts the rows
 * make, which the user switches between:
 * - a bar chart and a pie of an aggregate (a `count()` … `group by`: a few rows, one number
 *   column, the rest the groups' names; a pie only of counts, none negative);
 * - a time series of rows with a time column (every value an ISO 8601 date and time, as
 *   PuppetDB writes `producer_timestamp`, `receive_time`, `start_time`…): the rows counted per
 *   minute, hour, day… of that time, or, for an aggregate grouped by the time (its number
 *   column a PQL aggregate's: `count`, `sum`…), that number summed per bucket, one line per
 *   group of the other columns.
 */

/** A bar chart of more groups than this would not be read; the table shows them. */
export const CHART_MAX_BARS = 50;
/** A pie shows this many slices at most: the smallest groups beyond are one "other" slice. */
export const PIE_MAX_SLICES = 8;
/** A series has at most this many buckets: a line, not a comb (the bucket grows until the span fits). */
export const SERIES_MAX_BUCKETS = 60;
/** Lines of one series chart at most; more groups are summed into one line. */
export const SERIES_MAX_LINES = 6;
/** Rows looked at to decide which column is a time (the rest are checked when drawn). */
const TIME_SAMPLE = 1000;

/** The columns of `rows`: each key in the order first seen (a row that is not an object: `value`). */
export function columnsOf(rows: readonly unknown[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) {
    if (isRecord(row)) for (const key of Object.keys(row)) columns.add(key);
    else columns.add('value');
  }
  return [...columns];
}

/** A cell's text: strings as they are, anything else as JSON; a missing key empty. */
export function cellText(row: unknown, column: string): string {
  const value = isRecord(row) ? row[column] : column === 'value' ? row : undefined;
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface Bar {
  label: string;
  value: number;
}

export interface BarChart {
  /** The number column (e.g. `count`). */
  measure: string;
  /** The columns naming a group, joined in its label. */
  groups: string[];
  bars: Bar[];
}

/**
 * The bar chart of an aggregate result, or undefined when the rows are not one: 1 to
 * `CHART_MAX_BARS` object rows, exactly one column a number in every row, and at least one other
 * column. Bars keep the rows' order (the query's `order by`).
 */
export function barChartOf(rows: readonly unknown[]): BarChart | undefined {
  if (rows.length === 0 || rows.length > CHART_MAX_BARS || !rows.every(isRecord)) return undefined;
  const records = rows as Array<Record<string, unknown>>;
  const columns = columnsOf(records);
  const numeric = columns.filter((column) => records.every((row) => isNumber(row[column])));
  if (numeric.length !== 1) return undefined;
  const measure = numeric[0]!;
  const groups = columns.filter((column) => column !== measure);
  if (groups.length === 0) return undefined;
  return {
    measure,
    groups,
    bars: records.map((row) => ({
      label: groups.map((column) => cellText(row, column)).join(' · '),
      value: row[measure] as number,
    })),
  };
}

export interface PieSlice {
  label: string;
  value: number;
  /** Its part of the whole, 0…1. */
  share: number;
  /** The slice of the groups past PIE_MAX_SLICES - 1, and how many they are. */
  others?: number;
}

export interface PieChart {
  measure: string;
  groups: string[];
  total: number;
  slices: PieSlice[];
}

/**
 * The pie of an aggregate (as barChartOf finds it), or undefined when a pie would mislead: a
 * number below zero, or nothing to share out. The largest groups first; past
 * `PIE_MAX_SLICES - 1` of them, the rest are one slice.
 */
export function pieChartOf(rows: readonly unknown[]): PieChart | undefined {
  const bars = barChartOf(rows);
  if (!bars || bars.bars.some((bar) => bar.value < 0)) return undefined;
  const total = bars.bars.reduce((sum, bar) => sum + bar.value, 0);
  if (total <= 0) return undefined;
  const sorted = [...bars.bars].sort((a, b) => b.value - a.value);
  const kept =
    sorted.length > PIE_MAX_SLICES ? sorted.slice(0, PIE_MAX_SLICES - 1) : sorted.slice();
  const rest = sorted.slice(kept.length);
  const slices: PieSlice[] = kept.map((bar) => ({ ...bar, share: bar.value / total }));
  if (rest.length > 0) {
    const value = rest.reduce((sum, bar) => sum + bar.value, 0);
    slices.push({
      label: `${rest.length} others`,
      value,
      share: value / total,
      others: rest.length,
    });
  }
  return { measure: bars.measure, groups: bars.groups, total, slices };
}

/** The columns PQL names after its aggregate functions (`count()` → `count`, `sum(x)` → `sum`…). */
const AGGREGATE_COLUMNS = new Set(['count', 'sum', 'avg', 'min', 'max']);

/** A bucket of a series: its start (ms since 1970, UTC) and one value per line. */
export interface SeriesPoint {
  at: number;
  values: number[];
}

export interface SeriesChart {
  /** The time column. */
  time: string;
  /** What is counted or summed: `rows`, or the aggregate's number column. */
  measure: string;
  /** The bucket's length. */
  bucket: BucketSize;
  /** One name per line (`rows`, `count`, or a group's label). */
  lines: string[];
  points: SeriesPoint[];
  /** Rows left out because their time is missing or not a date. */
  skipped: number;
}

export interface BucketSize {
  name: 'minute' | 'hour' | 'day' | 'week' | '30 days' | 'year';
  ms: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const BUCKETS: readonly BucketSize[] = [
  { name: 'minute', ms: MINUTE },
  { name: 'hour', ms: 60 * MINUTE },
  { name: 'day', ms: DAY },
  { name: 'week', ms: 7 * DAY },
  { name: '30 days', ms: 30 * DAY },
  { name: 'year', ms: 365 * DAY },
];

/** An ISO 8601 date and time as PuppetDB writes it (`2026-11-29T20:16:13.123Z`, an offset…). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function timeOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !ISO_TIME.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isFinite(at) ? at : undefined;
}

/**
 * The time column of `rows`, or undefined: the first column whose every value among the first
 * rows is an ISO 8601 date and time (a row without it is left out of the series), in at least
 * two rows.
 */
export function timeColumnOf(rows: readonly unknown[]): string | undefined {
  const sample = rows.slice(0, TIME_SAMPLE);
  if (sample.length < 2 || !sample.every(isRecord)) return undefined;
  const records = sample as Array<Record<string, unknown>>;
  return columnsOf(records).find((column) => {
    let times = 0;
    for (const row of records) {
      const value = row[column];
      if (value === undefined || value === null) continue;
      if (timeOf(value) === undefined) return false;
      times++;
    }
    return times >= 2;
  });
}

/**
 * The time series of `rows` (see the file's comment), or undefined when they have no time column,
 * or their times fall in fewer than two buckets.
 */
export function seriesChartOf(rows: readonly unknown[]): SeriesChart | undefined {
  const time = timeColumnOf(rows);
  if (time === undefined) return undefined;
  const records = rows.filter(isRecord);
  const columns = columnsOf(records.slice(0, TIME_SAMPLE));
  const measure = columns.find(
    (column) =>
      column !== time &&
      AGGREGATE_COLUMNS.has(column) &&
      records.every((row) => isNumber(row[column])),
  );
  const groups = measure ? columns.filter((column) => column !== time && column !== measure) : [];
  const entries: Array<{ at: number; line: string; value: number }> = [];
  let skipped = rows.length - records.length;
  for (const row of records) {
    const at = timeOf(row[time]);
    if (at === undefined) {
      skipped++;
      continue;
    }
    const line = groups.map((column) => cellText(row, column)).join(' · ');
    entries.push({ at, line, value: measure ? (row[measure] as number) : 1 });
  }
  if (entries.length < 2) return undefined;
  let first = Infinity;
  let last = -Infinity;
  for (const { at } of entries) {
    if (at < first) first = at;
    if (at > last) last = at;
  }
  const bucket =
    BUCKETS.find(
      (size) => Math.floor(last / size.ms) - Math.floor(first / size.ms) < SERIES_MAX_BUCKETS,
    ) ?? BUCKETS[BUCKETS.length - 1]!;
  let lines = [...new Set(entries.map((entry) => entry.line))];
  if (lines.length > SERIES_MAX_LINES || (lines.length === 1 && lines[0] === '')) {
    lines = [measure ?? 'rows'];
  }
  const lineIndex = new Map(lines.map((line, index) => [line, index]));
  const start = Math.floor(first / bucket.ms);
  const count = Math.floor(last / bucket.ms) - start + 1;
  // one bucket is a dot, not a line: the table says as much
  if (count < 2) return undefined;
  const points: SeriesPoint[] = Array.from({ length: count }, (_, index) => ({
    at: (start + index) * bucket.ms,
    values: lines.map(() => 0),
  }));
  for (const entry of entries) {
    const { values } = points[Math.floor(entry.at / bucket.ms) - start]!;
    const line = lineIndex.get(entry.line) ?? 0;
    values[line] = values[line]! + entry.value;
  }
  return { time, measure: measure ?? 'rows', bucket, lines, points, skipped };
}

/** Whether a column holds certnames a click can open (its name says so, its values are text). */
export function isCertnameColumn(column: string): boolean {
  return column === 'certname';
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
