/**
 * The fact explorer's view model: how many active nodes hold each value of one fact path, as
 * PuppetDB counted them (`fact_contents[value, count()] { path = [...] group by value }`). Pure,
 * so the host, the webview, the restore path and tests agree on paths, values and the chart.
 */

/** A fact path as PuppetDB's fact-paths gives it: names, and indexes into arrays. */
export type FactPath = Array<string | number>;

/** A leaf value of a fact (fact_contents holds only leaves). */
export type FactValue = string | number | boolean | null;

export interface FactValueCount {
  value: FactValue;
  nodes: number;
}

export interface FactDistributionDto {
  connectionName: string;
  path: FactPath;
  /** When PuppetDB was asked (ISO-8601). */
  fetchedAt: string;
  /** The values by node count (most first), at most MAX_TABLE_ROWS of them. */
  values: FactValueCount[];
  /** How many distinct values PuppetDB counted (more than `values.length` when cut). */
  distinct: number;
  /** Active nodes holding the path at all (the sum over every value, cut or not). */
  nodes: number;
  /** How long PuppetDB took to answer (ms). */
  queryMs: number;
}

/** A pie reads up to this many slices; more values draw as bars. */
export const PIE_MAX_VALUES = 6;
/** Bars of the chart: the most common values, the rest as one "other" bar. */
export const CHART_TOP_VALUES = 15;
/** Rows the table (and the kept state) holds; a fact like uptime_seconds has one value per node. */
export const MAX_TABLE_ROWS = 1000;

const PLAIN_SEGMENT = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** `os.release.major`; segments that are not plain names quoted (`"os.family"`), indexes bare. */
export function formatFactPath(path: readonly (string | number)[]): string {
  return path
    .map((segment) =>
      typeof segment === 'number' || PLAIN_SEGMENT.test(segment)
        ? String(segment)
        : JSON.stringify(segment),
    )
    .join('.');
}

/**
 * The path of text typed as `formatFactPath` writes it: dotted names, `"quoted"` segments, and
 * whole numbers as array indexes; undefined when it cannot be read.
 */
export function parseFactPath(text: string): FactPath | undefined {
  const path: FactPath = [];
  let rest = text.trim();
  while (rest.length > 0) {
    let segment: string | number;
    if (rest.startsWith('"')) {
      const match = /^"(?:[^"\\]|\\.)*"/.exec(rest);
      if (!match) return undefined;
      try {
        segment = JSON.parse(match[0]) as string;
      } catch {
        return undefined;
      }
      rest = rest.slice(match[0].length);
    } else {
      const end = rest.indexOf('.');
      const word = end < 0 ? rest : rest.slice(0, end);
      if (word.length === 0) return undefined;
      segment = /^\d+$/.test(word) ? Number(word) : word;
      rest = end < 0 ? '' : rest.slice(end);
    }
    path.push(segment);
    if (rest.startsWith('.')) {
      rest = rest.slice(1);
      if (rest.length === 0) return undefined;
    } else if (rest.length > 0) return undefined;
  }
  return path.length > 0 ? path : undefined;
}

/** A value as a person reads it: strings as they are, anything else as JSON (`12` vs `"12"`). */
export function factValueText(value: FactValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Whether a value is a leaf PuppetDB can compare (what a click may ask about). */
export function isFactValue(value: unknown): value is FactValue {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

export function isFactPath(value: unknown): value is FactPath {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= 64 &&
    // spread: `every` skips an array's holes, which are no segment
    [...value].every(
      (segment) =>
        (typeof segment === 'string' && segment.length <= 1024) ||
        (typeof segment === 'number' && Number.isSafeInteger(segment) && segment >= 0),
    )
  );
}

export type ChartKind = 'pie' | 'bar';

/** One mark of the chart: a value, or every value past the top ones together. */
export type ChartSlice =
  | { kind: 'value'; value: FactValue; nodes: number }
  | { kind: 'other'; values: number; nodes: number };

/** Pie for a handful of values, bars (the top ones and "other") for more. */
export function chartOf(distribution: Pick<FactDistributionDto, 'values' | 'distinct' | 'nodes'>): {
  kind: ChartKind;
  slices: ChartSlice[];
} {
  const { values, distinct, nodes } = distribution;
  const kind: ChartKind = distinct <= PIE_MAX_VALUES ? 'pie' : 'bar';
  const top = kind === 'pie' ? values : values.slice(0, CHART_TOP_VALUES);
  const slices: ChartSlice[] = top.map(({ value, nodes: count }) => ({
    kind: 'value',
    value,
    nodes: count,
  }));
  const shown = top.reduce((sum, { nodes: count }) => sum + count, 0);
  if (distinct > top.length && nodes > shown) {
    slices.push({ kind: 'other', values: distinct - top.length, nodes: nodes - shown });
  }
  return { kind, slices };
}

/** The values by node count, most first, then by their text (a stable order for ties). */
export function byNodes(a: FactValueCount, b: FactValueCount): number {
  return b.nodes - a.nodes || factValueText(a.value).localeCompare(factValueText(b.value));
}
