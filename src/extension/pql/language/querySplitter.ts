/**
 * Finds the queries of a .pql document: separated by blank lines or by `;`, with the editor's
 * `#` comments blanked out (replaced by spaces, so every offset of the text sent to PuppetDB is
 * also an offset of the document). `# @connection <name>` lines pick the connection of the
 * queries below them.
 */
import { scanString } from './pqlLexer';

export interface PqlQuery {
  /** What is sent: comments blanked, trimmed. */
  text: string;
  /** Document offsets of `text` (end exclusive). */
  start: number;
  end: number;
  /** From the nearest `# @connection` line above, if any. */
  connection: string | undefined;
}

const CONNECTION_DIRECTIVE = /^[ \t]*#[ \t]*@connection[ \t]+(.+?)[ \t]*$/;

/** The document with comments replaced by spaces (strings are left alone). */
export function blankComments(text: string): string {
  let result = '';
  let index = 0;
  while (index < text.length) {
    const character = text[index]!;
    if (character === '"' || character === "'") {
      const { end } = scanString(text, index, { stopAtBlankLine: true });
      result += text.slice(index, end);
      index = end;
    } else if (character === '#') {
      let end = text.indexOf('\n', index);
      if (end < 0) end = text.length;
      result += ' '.repeat(end - index);
      index = end;
    } else {
      result += character;
      index++;
    }
  }
  return result;
}

export function splitQueries(document: string): PqlQuery[] {
  const cleaned = blankComments(document);
  const queries: PqlQuery[] = [];
  let connection: string | undefined;
  let segmentStart = 0;
  let segmentConnection: string | undefined;

  const close = (end: number) => {
    const segment = cleaned.slice(segmentStart, end);
    const leading = segment.length - segment.trimStart().length;
    const text = segment.trim();
    if (text) {
      const start = segmentStart + leading;
      queries.push({ text, start, end: start + text.length, connection: segmentConnection });
    }
  };

  let index = 0;
  let lineStart = 0;
  while (index <= cleaned.length) {
    const character = cleaned[index];
    if (index === lineStart) {
      const lineEnd = cleaned.indexOf('\n', index);
      const line = document.slice(index, lineEnd < 0 ? document.length : lineEnd);
      const directive = CONNECTION_DIRECTIVE.exec(line);
      if (directive) connection = directive[1];
      if (line.trim() === '') {
        // a blank line ends the query before it
        close(index);
        segmentStart = index;
        segmentConnection = connection;
      } else if (cleaned.slice(segmentStart, index).trim() === '') {
        segmentConnection = connection;
      }
    }
    if (character === undefined) break;
    if (character === '"' || character === "'") {
      const { end } = scanString(cleaned, index, { stopAtBlankLine: true });
      index = end;
      continue;
    }
    if (character === ';') {
      close(index);
      segmentStart = index + 1;
      segmentConnection = connection;
    }
    index++;
    if (character === '\n') lineStart = index;
  }
  close(cleaned.length);
  return queries;
}

/**
 * The query to run for a cursor: the one containing it, else the nearest one above on an
 * adjacent line (the cursor just below a query), else the first one below.
 */
export function queryAt(queries: readonly PqlQuery[], offset: number): PqlQuery | undefined {
  const containing = queries.find((query) => offset >= query.start && offset <= query.end);
  if (containing) return containing;
  const before = queries.filter((query) => query.end <= offset).at(-1);
  const after = queries.find((query) => query.start > offset);
  return before ?? after;
}

/** A selection to run as one query: comments blanked, trimmed, offsets kept. */
export function selectionQuery(
  document: string,
  selectionStart: number,
  selectionEnd: number,
): PqlQuery | undefined {
  const cleaned = blankComments(document).slice(selectionStart, selectionEnd);
  const text = cleaned.trim();
  if (!text) return undefined;
  const start = selectionStart + (cleaned.length - cleaned.trimStart().length);
  return { text, start, end: start + text.length, connection: undefined };
}
