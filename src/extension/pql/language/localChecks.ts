/**
 * Problems a query shows without asking the server: an unterminated string, unbalanced
 * brackets, an entity PQL does not know or accepts only in the AST language.
 */
import { tokenize } from './pqlLexer';
import { entityInfo } from './pqlSchema';

export interface LocalProblem {
  /** Offsets into the query text, end exclusive. */
  start: number;
  end: number;
  message: string;
  severity: 'error' | 'warning';
}

const CLOSING: Record<string, string> = { ']': '[', '}': '{', ')': '(' };

export function localProblems(query: string): LocalProblem[] {
  const tokens = tokenize(query).filter((token) => token.kind !== 'comment');
  const problems: LocalProblem[] = [];
  const first = tokens[0];
  if (first?.kind === 'word') {
    const entity = entityInfo(first.text);
    if (!entity) {
      problems.push({
        start: first.start,
        end: first.end,
        message: `"${first.text}" is not a PQL entity.`,
        severity: 'error',
      });
    } else if (entity.astOnly) {
      problems.push({
        start: first.start,
        end: first.end,
        message: `${first.text} exists only in the AST query language; PQL does not accept it.`,
        severity: 'error',
      });
    }
  }
  const open: Array<{ text: string; start: number }> = [];
  for (const token of tokens) {
    if (token.kind === 'string' && !token.terminated) {
      problems.push({
        start: token.start,
        end: token.end,
        message: 'This string is not closed before the end of the line.',
        severity: 'error',
      });
    } else if (token.kind === 'punctuation' && '[{('.includes(token.text)) {
      open.push({ text: token.text, start: token.start });
    } else if (token.kind === 'punctuation' && token.text in CLOSING) {
      const opener = open.pop();
      if (!opener || opener.text !== CLOSING[token.text]) {
        problems.push({
          start: token.start,
          end: token.end,
          message: opener
            ? `"${token.text}" does not close "${opener.text}".`
            : `"${token.text}" has no opening bracket.`,
          severity: 'error',
        });
        return problems;
      }
    }
  }
  for (const opener of open) {
    problems.push({
      start: opener.start,
      end: opener.start + 1,
      message: `"${opener.text}" is never closed.`,
      severity: 'error',
    });
  }
  return problems;
}
