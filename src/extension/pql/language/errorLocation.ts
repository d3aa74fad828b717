/**
 * Where in a query PuppetDB's error points, as document offsets. Parse errors name a line and
 * a column (1-based, of the text that was sent); field errors ("Can't extract unknown 'nodes'
 * field 'certnam'") name a word, which is looked up in the query.
 */
import { tokenize } from './pqlLexer';
import type { PqlQuery } from './querySplitter';

export interface QueryErrorLocation {
  /** Document offsets, end exclusive; start === end marks a point (e.g. the end of the query). */
  start: number;
  end: number;
  /** One line for the squiggle; the server's full text stays in the results panel. */
  message: string;
}

const PARSE_POSITION = /PQL parse error at line (\d+), column (\d+)/i;
const UNKNOWN_FIELD = /unknown '([\w-]+)' field '([^']+)'/i;
const QUOTED_WORD = /'([A-Za-z0-9_.?]+)'/g;

export function locateQueryError(query: PqlQuery, serverText: string): QueryErrorLocation {
  const position = PARSE_POSITION.exec(serverText);
  const summary = summarize(serverText);
  if (position) {
    const offset = offsetOf(query.text, Number(position[1]), Number(position[2]));
    const token = tokenize(query.text).find((item) => item.start <= offset && offset < item.end);
    const start = query.start + (token?.start ?? offset);
    const end = query.start + (token?.end ?? Math.min(offset + 1, query.text.length));
    return { start, end: Math.max(end, start), message: summary };
  }
  const words = tokenize(query.text).filter((token) => token.kind === 'word');
  const field = UNKNOWN_FIELD.exec(serverText)?.[2];
  const candidates = field ? [field] : [...serverText.matchAll(QUOTED_WORD)].map((m) => m[1]!);
  for (const candidate of candidates) {
    const token = words.find((item) => item.text === candidate);
    if (token) {
      return { start: query.start + token.start, end: query.start + token.end, message: summary };
    }
  }
  return { start: query.start, end: query.end, message: summary };
}

/** The offset of a 1-based line and column in `text` (clamped to the text). */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const newline = text.indexOf('\n', offset);
    if (newline < 0) return text.length;
    offset = newline + 1;
  }
  const lineEnd = text.indexOf('\n', offset);
  const limit = lineEnd < 0 ? text.length : lineEnd;
  return Math.min(offset + Math.max(column - 1, 0), limit);
}

/**
 * The first line of the error, plus what the parser expected, on one line: the echoed query
 * and caret PuppetDB prints are dropped (the squiggle shows the place).
 */
export function summarize(serverText: string): string {
  const lines = serverText.split('\n').map((line) => line.trim());
  const first = lines.find((line) => line !== '') ?? 'PuppetDB rejected the query';
  const expectedAt = lines.findIndex((line) => /^Expected one of:?$/i.test(line));
  if (expectedAt < 0) return first;
  const expected = lines
    .slice(expectedAt + 1)
    .filter((line) => line !== '')
    .map(readableExpectation);
  const shown = [...new Set(expected)].slice(0, 12);
  return `${first} Expected one of: ${shown.join(', ')}${expected.length > shown.length ? ', …' : ''}`;
}

/** PuppetDB lists regexes of its grammar (#"[0-9]+"); say what they mean. */
function readableExpectation(line: string): string {
  switch (line) {
    case '#"[a-zA-Z0-9_]+\\??"':
      return 'a field';
    case '#"[0-9]+"':
      return 'a number';
    case '#"\\s+"':
      return 'whitespace';
    default:
      return line;
  }
}

/** The lines PuppetDB prints between its first line and "Expected one of": the query and a caret. */
export function errorEcho(serverText: string): string | undefined {
  const lines = serverText.split('\n');
  const end = lines.findIndex((line) => /^Expected one of:?$/i.test(line.trim()));
  const echo = lines.slice(1, end < 0 ? undefined : end);
  while (echo.length > 0 && echo[0]!.trim() === '') echo.shift();
  while (echo.length > 0 && echo.at(-1)!.trim() === '') echo.pop();
  return echo.length > 0 && echo.some((line) => line.includes('^')) ? echo.join('\n') : undefined;
}
