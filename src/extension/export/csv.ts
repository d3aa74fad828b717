/**
 * Query rows as CSV (RFC 4180): the columns are every key of every row, in order of first
 * appearance; nested values are written as JSON. A text cell that a spreadsheet would run as a
 * formula (=, +, -, @, tab, carriage return first) is prefixed with an apostrophe; numbers are not.
 * Header cells are field names from PuppetDB rows (a fact's name can be anything): the same rule.
 */
export function columnsOf(rows: readonly unknown[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) {
    if (isRecord(row)) for (const key of Object.keys(row)) columns.add(key);
  }
  return columns.size > 0 ? [...columns] : ['value'];
}

export function toCsv(rows: readonly unknown[]): string {
  const columns = columnsOf(rows);
  return csvLine(columns) + rows.map((row) => csvRow(row, columns)).join('');
}

/** The header line (with its line break), for a CSV written a batch at a time. */
export function csvLine(columns: readonly string[]): string {
  return `${columns.map((column) => quoteCell(neutralizeFormula(column))).join(',')}\r\n`;
}

/** One row's line (with its line break) under `columns`. */
export function csvRow(row: unknown, columns: readonly string[]): string {
  // own fields only: a row without a "__proto__" or "constructor" field has an empty cell there,
  // not what every object inherits under that name
  const cells = isRecord(row)
    ? columns.map((column) => (Object.hasOwn(row, column) ? row[column] : undefined))
    : [row];
  return `${cells.map((value) => quoteCell(cellText(value))).join(',')}\r\n`;
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return neutralizeFormula(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function neutralizeFormula(text: string): string {
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) {
    return `'${text}`;
  }
  return text;
}

function quoteCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
