/**
 * A forgiving PQL tokenizer for editor features (splitting, completion, hover, local checks),
 * reading strings and path segments as PuppetDB's grammar does (pqlGrammar.ts has the grammar
 * itself). It never throws: an unterminated string ends at the end of its line, so it cannot
 * swallow the queries after it, and unknown characters become `unknown` tokens. `#` to the end of a line is the editor's own
 * comment (PQL has none) and is removed before a query is sent.
 */
export type TokenKind =
  'word' | 'string' | 'number' | 'operator' | 'punctuation' | 'comment' | 'unknown';

export interface Token {
  kind: TokenKind;
  text: string;
  /** Offsets into the lexed text, end exclusive. */
  start: number;
  end: number;
  /** Strings only: whether the closing quote was found. */
  terminated?: boolean;
}

const OPERATORS = ['!=', '!~', '~>', '<=', '>=', '=', '~', '<', '>', '!'];
const PUNCTUATION = new Set(['[', ']', '{', '}', '(', ')', ',', '.', ';']);
const WORD = /[A-Za-z0-9_]+\??/y;
const NUMBER = /-?\d+(?:\.\d+(?:[eE][+-]?\d+)?)?/y;
/**
 * A segment of a dotted path (`facts.disks.sda-1.size`): what the server takes, anything but
 * whitespace and `.",[]!<=>~` (so `facts.x}` is one segment there too), less the editor's own
 * `#` and `;` (blanked or split before a query is sent). `match(…)` closed on its line stays a
 * word and brackets, as PuppetDB reads `match("re")`; unclosed, the server reads it as a segment.
 */
/** A quoted path segment, as the server finds its end: the first `"` before a `.` or a space. */
const QUOTED_SEGMENT = /"[^\n\r\u0085\u2028\u2029]*?"(?=[. \t\n\v\f\r])/y;
const PATH_SEGMENT = /match(?=\([^\n\r]*?\))|[^\s.",[\]!<=>~#;]+/y;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const character = text[index]!;
    if (/\s/.test(character)) {
      index++;
      continue;
    }
    const start = index;
    if (followsPathDot(tokens, start)) {
      QUOTED_SEGMENT.lastIndex = index;
      const quoted = QUOTED_SEGMENT.exec(text);
      if (quoted) {
        index += quoted[0].length;
        tokens.push({ kind: 'string', text: quoted[0], start, end: index, terminated: true });
        continue;
      }
      PATH_SEGMENT.lastIndex = index;
      const segment = PATH_SEGMENT.exec(text);
      if (segment) {
        index += segment[0].length;
        // a whole number stays a number: an array position in the path
        const kind = /^\d+$/.test(segment[0]) ? 'number' : 'word';
        tokens.push({ kind, text: segment[0], start, end: index });
        continue;
      }
    }
    if (character === '#') {
      const end = lineEnd(text, index);
      tokens.push({ kind: 'comment', text: text.slice(start, end), start, end });
      index = end;
      continue;
    }
    if (character === '"' || character === "'") {
      const { end, terminated } = scanString(text, index);
      tokens.push({ kind: 'string', text: text.slice(start, end), start, end, terminated });
      index = end;
      continue;
    }
    if (/\d/.test(character) || (character === '-' && /\d/.test(text[index + 1] ?? ''))) {
      NUMBER.lastIndex = index;
      const match = NUMBER.exec(text)!;
      // "10abc" is a word (fields may start with digits), not a number followed by a word
      WORD.lastIndex = index;
      const word = character === '-' ? null : WORD.exec(text);
      if (word && word[0].length > match[0].length) {
        index = pushWord(tokens, word[0], start);
        continue;
      }
      index = start + match[0].length;
      tokens.push({ kind: 'number', text: match[0], start, end: index });
      continue;
    }
    WORD.lastIndex = index;
    const word = WORD.exec(text);
    if (word) {
      index = pushWord(tokens, word[0], start);
      continue;
    }
    const operator = OPERATORS.find((candidate) => text.startsWith(candidate, index));
    if (operator) {
      index += operator.length;
      tokens.push({ kind: 'operator', text: operator, start, end: index });
      continue;
    }
    index++;
    tokens.push({
      kind: PUNCTUATION.has(character) ? 'punctuation' : 'unknown',
      text: character,
      start,
      end: index,
    });
  }
  return tokens;
}

/** Right after a `.` that itself follows a word, string or bracket without a space. */
function followsPathDot(tokens: readonly Token[], offset: number): boolean {
  const dot = tokens.at(-1);
  const before = tokens.at(-2);
  if (dot?.text !== '.' || dot.kind !== 'punctuation' || dot.end !== offset) return false;
  return (
    before !== undefined &&
    before.end === dot.start &&
    (before.kind === 'word' ||
      before.kind === 'string' ||
      before.kind === 'number' ||
      before.text === ']' ||
      before.text === ')')
  );
}

function pushWord(tokens: Token[], word: string, start: number): number {
  tokens.push({ kind: 'word', text: word, start, end: start + word.length });
  return start + word.length;
}

function lineEnd(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline < 0 ? text.length : newline;
}

/** Line terminators of Java's regular expressions: a backslash never escapes one. */
const LINE_TERMINATOR = /[\n\r\u0085\u2028\u2029]/;
const BLANK_LINE = /[ \t\r]*(?:\n|$)/y;

/**
 * A string as PuppetDB's grammar reads it, in either quotes: a backslash escapes the next
 * character (not a line end), and the string may span lines. Without its closing quote it ends
 * at the end of its first line. In a document (`stopAtBlankLine`), a blank line separates queries,
 * so a string that would close only past one is unterminated too.
 */
export function scanString(
  text: string,
  from: number,
  { stopAtBlankLine = false }: { stopAtBlankLine?: boolean } = {},
): { end: number; terminated: boolean } {
  const quote = text[from];
  const unterminated = { end: lineEnd(text, from), terminated: false };
  let index = from + 1;
  while (index < text.length) {
    const character = text[index]!;
    if (character === quote) return { end: index + 1, terminated: true };
    if (character === '\\') {
      const escaped = text[index + 1];
      if (escaped === undefined || LINE_TERMINATOR.test(escaped)) return unterminated;
      index += 2;
      continue;
    }
    if (character === '\n' && stopAtBlankLine) {
      BLANK_LINE.lastIndex = index + 1;
      if (BLANK_LINE.test(text)) return unterminated;
    }
    index++;
  }
  return unterminated;
}

/**
 * The string's value as PuppetDB reads it: a double-quoted body is JSON (raw line breaks
 * allowed); a single-quoted one is verbatim but for an escaped quote.
 */
export function stringValue(token: Token): string {
  const quote = token.text[0];
  const body = token.text.slice(1, token.terminated ? -1 : undefined);
  if (quote === "'") return body.replaceAll("\\'", "'");
  try {
    // JSON wants control characters escaped; PuppetDB's reader takes them raw (a line break)
    const escapedControls = [...body]
      .map((character) =>
        character < ' ' ? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}` : character,
      )
      .join('');
    return JSON.parse(`"${escapedControls}"`) as string;
  } catch {
    return body;
  }
}
