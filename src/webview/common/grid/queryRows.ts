/**
 * Columns of query rows (the results panel's, a notebook cell's output): every key in order of
 * first appearance, with a width guess.
 */
export interface Column {
  key: string;
  width: number;
}

const CHAR_PX = 7.2;
const MIN_WIDTH = 64;
const MAX_WIDTH = 420;
const SAMPLE = 200;

export function updateColumns(columns: Column[], rows: readonly unknown[], from: number): boolean {
  const known = new Set(columns.map((column) => column.key));
  let changed = false;
  for (let index = from; index < rows.length; index++) {
    const row = rows[index];
    if (!isRecord(row)) {
      if (!known.has('value')) {
        columns.push({ key: 'value', width: 240 });
        known.add('value');
        changed = true;
      }
      continue;
    }
    for (const key of Object.keys(row)) {
      if (known.has(key)) continue;
      known.add(key);
      columns.push({ key, width: widthFor(key, rows, index) });
      changed = true;
    }
  }
  return changed;
}

function widthFor(key: string, rows: readonly unknown[], from: number): number {
  let longest = key.length + 2;
  for (let index = from; index < Math.min(rows.length, from + SAMPLE); index++) {
    const row = rows[index];
    if (isRecord(row)) longest = Math.max(longest, previewText(row[key]).length);
  }
  return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest * CHAR_PX + 16)));
}

/** A cell's text: primitives as they are, objects and arrays as a short summary. */
export function previewText(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return '';
  if (Array.isArray(value)) return `[…] ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') {
    const keys = Object.keys(value).length;
    return `{…} ${keys} key${keys === 1 ? '' : 's'}`;
  }
  return String(value);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function cellValue(row: unknown, key: string): unknown {
  return isRecord(row) ? row[key] : key === 'value' ? row : undefined;
}
