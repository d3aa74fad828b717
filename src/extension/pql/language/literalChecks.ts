/**
 * Literals PuppetDB's grammar accepts but the server then cannot read (it answers 400 or 500,
 * not a parse error): a double-quoted string is read as JSON, so an escape JSON lacks fails; a
 * whole number must fit in 64 bits; the query's own `limit` must be at least 1 and its `offset`
 * at least 0 (a subquery's are not checked by the server).
 */
import { tokenize, type Token } from './pqlLexer';

export interface LiteralProblem {
  /** Offsets into the query text, end exclusive. */
  start: number;
  end: number;
  message: string;
}

const JSON_ESCAPE = /\\(?:["\\/bfnrt]|u[0-9A-Fa-f]{4})/y;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** Only for a query the grammar accepts: the tokens then are the grammar's. */
export function unreadableLiterals(query: string): LiteralProblem[] {
  const tokens = tokenize(query).filter((token) => token.kind !== 'comment');
  const problems: LiteralProblem[] = [];
  let depth = 0;
  tokens.forEach((token, index) => {
    if (token.text === '{' && token.kind === 'punctuation') depth++;
    if (token.text === '}' && token.kind === 'punctuation') depth--;
    if (isPathSegment(tokens, index)) return;
    if (token.kind === 'string' && token.text.startsWith('"')) {
      const escape = unknownEscape(token);
      if (escape) problems.push(escape);
    } else if (token.kind === 'number' && !/[.eE]/.test(token.text)) {
      const value = BigInt(token.text);
      const keyword = tokens[index - 1]?.text;
      if (value < LONG_MIN || value > LONG_MAX) {
        problems.push({
          start: token.start,
          end: token.end,
          message: `PuppetDB cannot read ${token.text}: a whole number must lie between ${LONG_MIN} and ${LONG_MAX}.`,
        });
      } else if (depth === 1 && keyword === 'limit' && value < 1n) {
        problems.push({
          start: token.start,
          end: token.end,
          message: 'The query\'s "limit" must be 1 or more.',
        });
      } else if (depth === 1 && keyword === 'offset' && value < 0n) {
        problems.push({
          start: token.start,
          end: token.end,
          message: 'The query\'s "offset" must be 0 or more.',
        });
      }
    }
  });
  return problems;
}

/** A segment of a dotted path is a name, not a value: the server keeps it as written. */
function isPathSegment(tokens: readonly Token[], index: number): boolean {
  const dot = tokens[index - 1];
  return dot?.kind === 'punctuation' && dot.text === '.' && dot.end === tokens[index]!.start;
}

function unknownEscape(token: Token): LiteralProblem | undefined {
  const body = token.text;
  for (let index = 1; index < body.length - 1; index++) {
    if (body[index] !== '\\') continue;
    JSON_ESCAPE.lastIndex = index;
    const known = JSON_ESCAPE.exec(body);
    if (known) {
      index += known[0].length - 1;
      continue;
    }
    const end = Math.min(index + 2, body.length - 1);
    return {
      start: token.start + index,
      end: token.start + end,
      message: `PuppetDB reads a double-quoted string as JSON and cannot read the escape "${body.slice(index, end)}" (it knows \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX; a single-quoted string keeps backslashes as written).`,
    };
  }
  return undefined;
}
