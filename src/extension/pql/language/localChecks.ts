/**
 * Problems a query shows without asking the server. PuppetDB's grammar (pqlGrammar.ts) decides
 * whether there is one; where there is, the plainer reading says it best when it can (an
 * unterminated string, unbalanced brackets, an entity PQL does not know or accepts only in the
 * AST language), else the place the grammar stopped and what it expected. A query the grammar
 * accepts may still hold a literal the server cannot read. Each is a problem the server has too
 * (test/unit/extension/pql/pqlDifferential.test.ts and test/integration/pqlDifferential.test.ts
 * hold them to its word).
 */
import { unreadableLiterals } from './literalChecks';
import { checkPqlGrammar } from './pqlGrammar';
import { tokenize, type Token } from './pqlLexer';
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

/** Verdicts by query text: the diagnostics ask again for every query at every keystroke. */
const remembered = new Map<string, readonly LocalProblem[]>();
const REMEMBERED_TEXTS = 200;

export function localProblems(query: string): LocalProblem[] {
  let problems = remembered.get(query);
  if (!problems) {
    problems = problemsOf(query);
    remembered.set(query, problems);
    if (remembered.size > REMEMBERED_TEXTS) remembered.delete(remembered.keys().next().value!);
  }
  return [...problems];
}

function problemsOf(query: string): LocalProblem[] {
  // the editor's `#` comments are not PQL: the grammar reads the text as it will be sent
  const sent = blankComments(query);
  const verdict = checkPqlGrammar(sent);
  if (verdict.valid) {
    return unreadableLiterals(sent).map((problem) => ({ ...problem, severity: 'error' }));
  }
  const tokens = tokenize(query).filter((token) => token.kind !== 'comment');
  const plain = plainProblems(tokens);
  if (plain.length > 0) return plain;
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

/** What the tokens alone show: an unknown entity, an open string, unbalanced brackets. */
function plainProblems(tokens: readonly Token[]): LocalProblem[] {
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

/** `"=", "!=" or a field`: the grammar's alternatives, few enough to read. */
function describeExpected(expected: readonly string[]): string {
  if (expected.length === 0) return 'something else';
  if (expected.length === 1) return expected[0]!;
  return `${expected.slice(0, -1).join(', ')} or ${expected.at(-1)!}`;
}
