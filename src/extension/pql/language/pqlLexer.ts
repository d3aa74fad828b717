/**
 * A forgiving PQL tokenizer for editor features (splitting, completion, hover, local checks).
 * It never throws: unterminated strings end at the end of their line, as in the grammar, and
 * unknown characters become `unknown` tokens. `#` to the end of a line is the editor's own
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
  /** Strings only: whether the closing quote was found on the same line. */
  terminated?: boolean;
}

const OPERATORS = ['!=', '!~', '~>', '<=', '>=', '=', '~', '<', '>', '!'];
const PUNCTUATION = new Set(['[', ']', '{', '}', '(', ')', ',', '.', ';']);
const WORD = /[A-Za-z0-9_]+\??/y;
const NUMBER = /-?\d+(?:\.\d+(?:[eE][+-]?\d+)?)?/y;

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

function pushWord(tokens: Token[], word: string, start: number): number {
  tokens.push({ kind: 'word', text: word, start, end: start + word.length });
  return start + word.length;
}

function lineEnd(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline < 0 ? text.length : newline;
}

/** Double quotes take JSON escapes; single quotes take none. Both stop at the end of the line. */
export function scanString(text: string, from: number): { end: number; terminated: boolean } {
  const quote = text[from];
  let index = from + 1;
  while (index < text.length) {
    const character = text[index]!;
    if (character === '\n') return { end: index, terminated: false };
    if (character === '\\' && quote === '"') {
      index += text[index + 1] === '\n' ? 1 : 2;
      continue;
    }
    index++;
    if (character === quote) return { end: index, terminated: true };
  }
  return { end: index, terminated: false };
}

/** The string's value: JSON escapes for double quotes, verbatim for single quotes. */
export function stringValue(token: Token): string {
  const quote = token.text[0];
  const body = token.text.slice(1, token.terminated ? -1 : undefined);
  if (quote === "'") return body;
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return body;
  }
}
