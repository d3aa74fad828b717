/**
 * How a PQL cell's rows are drawn (pure, unit-tested): the table's columns and cell texts, and
 * whether the rows are an aggregate a bar chart shows (a `count()` … `group by`: a few rows, one
 * number column, the rest the groups' names).
 */

/** The table draws at most this many rows; the JSON view (and Export) has them all. */
export const TABLE_ROW_CAP = 1000;
/** A bar chart of more groups than this would not be read; the table shows them. */
export const CHART_MAX_BARS = 50;

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
  const numeric = columns.filter((column) =>
    records.every((row) => typeof row[column] === 'number' && Number.isFinite(row[column])),
  );
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

/** Whether a column holds certnames a click can open (its name says so, its values are text). */
export function isCertnameColumn(column: string): boolean {
  return column === 'certname';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
