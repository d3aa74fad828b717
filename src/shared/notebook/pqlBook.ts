/**
 * The `.pqlbook` file: a PQL notebook as readable, diff-friendly JSON (pure; the extension's
 * serializer turns it into VS Code's notebook data and back).
 *
 * ```json
 * {
 *   "format": "pqlbook",
 *   "version": 1,
 *   "connection": "production",
 *   "cells": [
 *     { "kind": "markdown", "source": "# Failed nodes" },
 *     { "kind": "pql", "source": ["nodes[certname] {", "  latest_report_status = 'failed'", "}"],
 *       "connection": "dc2", "output": { "rows": [ … ], "ranAt": "…" } }
 *   ]
 * }
 * ```
 * Keys are written in one fixed order with a 2-space indent; a source of several lines is an
 * array of its lines (a one-line source a string), so a change to one line is one line of diff.
 * A connection is named by its connection name (or id), never by URL: a file shared in a control
 * repository carries no server address or credential. Keys this version does not know are kept
 * and written back, so a newer file edited here loses nothing.
 */

export const PQLBOOK_FORMAT = 'pqlbook';
export const PQLBOOK_VERSION = 1;

/**
 * A cell's saved rows are cut at this many bytes of JSON (and the whole file's at
 * `MAX_SAVED_OUTPUT_BYTES`): a saved notebook stays small enough to read, diff and review.
 * `rowsOmitted` says how many rows the file does not hold.
 */
export const MAX_SAVED_CELL_OUTPUT_BYTES = 256 * 1024;
export const MAX_SAVED_OUTPUT_BYTES = 1024 * 1024;

export type PqlBookCellKind = 'markdown' | 'pql';

/** What a run of a PQL cell left, as saved. */
export interface PqlBookOutput {
  rows?: unknown[];
  /** Rows of `rows` the file does not hold (its size caps). */
  rowsOmitted?: number;
  /** The run stopped at the results' row or size limit (settings `pql.maxRows`, `pql.maxResultMB`). */
  truncated?: 'rows' | 'bytes';
  /** The run's failure, as shown. */
  error?: string;
  /** The connection (name) it ran on; the names, comma-separated, of a run on several. */
  connection?: string;
  /** A run on several connections: how each one's part went (its rows are tagged with its name). */
  connections?: CellConnectionTally[];
  ranAt?: string;
  elapsedMs?: number;
  /**
   * A run under way (never saved): the rows that have arrived so far, of which `rows` holds the
   * first (streamPainter.ts). The run's last output has every row and no `arriving`.
   */
  arriving?: number;
}

/** One connection's part of a cell run on several: its rows, or what went wrong there. */
export interface CellConnectionTally {
  name: string;
  rows: number;
  error?: string;
}

export interface PqlBookCell {
  kind: PqlBookCellKind;
  source: string;
  /** The connection this cell runs on, instead of the notebook's. */
  connection?: string;
  executionOrder?: number;
  output?: PqlBookOutput;
  /** Keys of the cell this version does not know, kept as they were. */
  extra?: Record<string, unknown>;
}

export interface PqlBook {
  /** The connection the notebook's cells run on. */
  connection?: string;
  cells: PqlBookCell[];
  /** Keys of the file this version does not know, kept as they were. */
  extra?: Record<string, unknown>;
}

/** A file that is not a PQL notebook this version can read; VS Code then offers the text editor. */
export class PqlBookFormatError extends Error {
  override readonly name = 'PqlBookFormatError';
}

const FILE_KEYS = new Set(['format', 'version', 'connection', 'cells']);
const CELL_KEYS = new Set(['kind', 'source', 'connection', 'executionOrder', 'output']);
const OUTPUT_KEYS = [
  'rows',
  'rowsOmitted',
  'truncated',
  'error',
  'connection',
  'connections',
  'ranAt',
  'elapsedMs',
] as const;

/**
 * Reads a `.pqlbook` text. An empty file is an empty notebook (a new file); anything else that is
 * not a notebook throws `PqlBookFormatError` saying what and where, rather than opening an empty
 * notebook that would overwrite the text on the next save.
 */
export function parsePqlBook(text: string): PqlBook {
  if (text.trim() === '') return { cells: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PqlBookFormatError(
      `This file is not valid JSON (${(error as Error).message}), so it cannot open as a PQL notebook.`,
    );
  }
  if (!isRecord(value)) throw new PqlBookFormatError('A PQL notebook is a JSON object.');
  if (value.format !== undefined && value.format !== PQLBOOK_FORMAT) {
    throw new PqlBookFormatError(`"format" is ${JSON.stringify(value.format)}, not "pqlbook".`);
  }
  if (value.version !== undefined && value.version !== PQLBOOK_VERSION) {
    throw new PqlBookFormatError(
      `This notebook is version ${JSON.stringify(value.version)}; this extension reads version ${PQLBOOK_VERSION}.`,
    );
  }
  if (!Array.isArray(value.cells)) {
    throw new PqlBookFormatError('A PQL notebook has a "cells" array.');
  }
  const book: PqlBook = {
    cells: value.cells.map((cell, index) => parseCell(cell, index)),
  };
  const connection = optionalString(value.connection, '"connection"');
  if (connection !== undefined) book.connection = connection;
  const extra = extraKeys(value, FILE_KEYS);
  if (extra) book.extra = extra;
  return book;
}

function parseCell(value: unknown, index: number): PqlBookCell {
  const where = `cell ${index + 1}`;
  if (!isRecord(value)) throw new PqlBookFormatError(`The ${where} is not a JSON object.`);
  if (value.kind !== 'markdown' && value.kind !== 'pql') {
    throw new PqlBookFormatError(
      `The ${where} has kind ${JSON.stringify(value.kind)}; a cell is "markdown" or "pql".`,
    );
  }
  const cell: PqlBookCell = { kind: value.kind, source: parseSource(value.source, where) };
  const connection = optionalString(value.connection, `the ${where}'s "connection"`);
  if (connection !== undefined) cell.connection = connection;
  if (value.executionOrder !== undefined) {
    if (!Number.isSafeInteger(value.executionOrder) || (value.executionOrder as number) < 0) {
      throw new PqlBookFormatError(`The ${where}'s "executionOrder" is not a whole number.`);
    }
    cell.executionOrder = value.executionOrder as number;
  }
  if (value.output !== undefined) cell.output = parseOutput(value.output, where);
  const extra = extraKeys(value, CELL_KEYS);
  if (extra) cell.extra = extra;
  return cell;
}

function parseSource(value: unknown, where: string): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((line) => typeof line === 'string')) {
    return value.join('\n');
  }
  throw new PqlBookFormatError(
    `The ${where}'s "source" is neither a string nor an array of lines.`,
  );
}

function parseOutput(value: unknown, where: string): PqlBookOutput {
  if (!isRecord(value)) throw new PqlBookFormatError(`The ${where}'s "output" is not an object.`);
  const output: PqlBookOutput = {};
  if (value.rows !== undefined) {
    if (!Array.isArray(value.rows)) {
      throw new PqlBookFormatError(`The ${where}'s "output.rows" is not an array.`);
    }
    output.rows = value.rows;
  }
  for (const key of ['rowsOmitted', 'elapsedMs'] as const) {
    const number = value[key];
    if (number === undefined) continue;
    if (typeof number !== 'number' || !Number.isFinite(number) || number < 0) {
      throw new PqlBookFormatError(`The ${where}'s "output.${key}" is not a number.`);
    }
    output[key] = number;
  }
  if (value.truncated !== undefined) {
    if (value.truncated !== 'rows' && value.truncated !== 'bytes') {
      throw new PqlBookFormatError(
        `The ${where}'s "output.truncated" is neither "rows" nor "bytes".`,
      );
    }
    output.truncated = value.truncated;
  }
  for (const key of ['error', 'connection', 'ranAt'] as const) {
    const text = optionalString(value[key], `the ${where}'s "output.${key}"`);
    if (text !== undefined) output[key] = text;
  }
  if (value.connections !== undefined) {
    output.connections = parseTallies(value.connections, `the ${where}'s "output.connections"`);
  }
  return output;
}

function parseTallies(value: unknown, what: string): CellConnectionTally[] {
  if (!Array.isArray(value)) throw new PqlBookFormatError(`${capitalized(what)} is not a list.`);
  return value.map((entry, index) => {
    const where = `${what}[${index}]`;
    const name = isRecord(entry) ? entry.name : undefined;
    const rows = isRecord(entry) ? entry.rows : undefined;
    if (typeof name !== 'string' || typeof rows !== 'number' || !(rows >= 0)) {
      throw new PqlBookFormatError(`${capitalized(where)} is not a connection's name and rows.`);
    }
    const error = optionalString(isRecord(entry) ? entry.error : undefined, where);
    return error === undefined ? { name, rows } : { name, rows, error };
  });
}

/**
 * The `.pqlbook` text of `book`: fixed key order, 2-space indent, a final newline, saved rows
 * cut to the size caps.
 */
export function formatPqlBook(book: PqlBook): string {
  let budget = MAX_SAVED_OUTPUT_BYTES;
  const cells = book.cells.map((cell) => {
    const written: Record<string, unknown> = {
      kind: cell.kind,
      source: sourceLines(cell.source),
    };
    if (cell.connection !== undefined) written.connection = cell.connection;
    if (cell.executionOrder !== undefined) written.executionOrder = cell.executionOrder;
    if (cell.output) {
      const { output, bytes } = cappedOutput(cell.output, budget);
      budget -= bytes;
      written.output = output;
    }
    return { ...written, ...sortedExtra(cell.extra, CELL_KEYS) };
  });
  const file: Record<string, unknown> = { format: PQLBOOK_FORMAT, version: PQLBOOK_VERSION };
  if (book.connection !== undefined) file.connection = book.connection;
  file.cells = cells;
  return `${JSON.stringify({ ...file, ...sortedExtra(book.extra, FILE_KEYS) }, null, 2)}\n`;
}

function sourceLines(source: string): string | string[] {
  return source.includes('\n') ? source.split('\n') : source;
}

/** The output as saved: its rows while they fit this cell's cap and what is left of the file's. */
function cappedOutput(
  output: PqlBookOutput,
  fileBudget: number,
): { output: Record<string, unknown>; bytes: number } {
  const written: Record<string, unknown> = {};
  let bytes = 0;
  for (const key of OUTPUT_KEYS) {
    if (key === 'rows' && output.rows) {
      const cap = Math.max(0, Math.min(MAX_SAVED_CELL_OUTPUT_BYTES, fileBudget));
      const kept: unknown[] = [];
      for (const row of output.rows) {
        const size = (JSON.stringify(row) ?? 'null').length + 1;
        if (bytes + size > cap) break;
        bytes += size;
        kept.push(row);
      }
      written.rows = kept;
      const omitted = (output.rowsOmitted ?? 0) + output.rows.length - kept.length;
      if (omitted > 0) written.rowsOmitted = omitted;
    } else if (key === 'rowsOmitted') {
      if (output.rows === undefined && output.rowsOmitted !== undefined) {
        written.rowsOmitted = output.rowsOmitted;
      }
    } else if (output[key] !== undefined) {
      written[key] = output[key];
    }
  }
  return { output: written, bytes };
}

function sortedExtra(
  extra: Record<string, unknown> | undefined,
  known: ReadonlySet<string>,
): Record<string, unknown> {
  if (!extra) return {};
  return Object.fromEntries(
    Object.keys(extra)
      .filter((key) => !known.has(key))
      .sort()
      .map((key) => [key, extra[key]]),
  );
}

function extraKeys(
  value: Record<string, unknown>,
  known: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  const keys = Object.keys(value).filter((key) => !known.has(key));
  return keys.length > 0 ? Object.fromEntries(keys.map((key) => [key, value[key]])) : undefined;
}

function optionalString(value: unknown, what: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new PqlBookFormatError(`${capitalized(what)} is not text.`);
  return value;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
