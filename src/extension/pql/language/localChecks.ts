/**
 * Problems a query shows without asking the server: an unterminated string, unbalanced
 * brackets, an entity PQL does not know or accepts only in the AST language; failing those, where
 * PuppetDB's grammar stops reading it, and literals the server cannot read. Each is a problem
 * the server has too (test/unit/extension/pql/pqlDifferential.test.ts holds them to its word).
 */
import { unreadableLiterals } from './literalChecks';
import { checkPqlGrammar } from './pqlGrammar';
import { tokenize } from './pqlLexer';
import { entityInfo } from './pqlSchema';
import { blankComments } from './querySplitter';

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
  if (problems.length > 0) return problems;
  // the plainer problems above say more than the grammar would about the same mistake
  // the editor's `#` comments are not PQL: the grammar reads the text as it will be sent
  const verdict = checkPqlGrammar(blankComments(query));
  if (!verdict.valid) {
    const token = tokens.find((item) => item.start <= verdict.offset && verdict.offset < item.end);
    return [
      {
        start: verdict.offset,
        end: token?.end ?? verdict.offset + 1,
        message: `PQL expects ${describeExpected(verdict.expected)} here.`,
        severity: 'error',
      },
    ];
  }
  return unreadableLiterals(blankComments(query)).map((problem) => ({
    ...problem,
    severity: 'error',
  }));
}

/** `"=", "!=" or a field`: the grammar's alternatives, few enough to read. */
function describeExpected(expected: readonly string[]): string {
  if (expected.length === 0) return 'something else';
  if (expected.length === 1) return expected[0]!;
  return `${expected.slice(0, -1).join(', ')} or ${expected.at(-1)!}`;
}
