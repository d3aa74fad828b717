/**
 * The editor's verdict on a PQL query beside PuppetDB's: what `GET /pdb/query/v4?ast_only=true`
 * answers, sorted into four kinds. A parse error must be found at the same place; a literal the
 * server cannot read (a bad escape, a number it cannot take) must be flagged; a query the grammar
 * accepts may still be refused for what it means (a field the entity lacks, two limits): the
 * editor leaves that to the server. Where PuppetDB answers with the AST, the lexer's tokens must
 * read as it did: each string literal's value and each dotted path are strings of the AST.
 */
import { localProblems } from '../../src/extension/pql/language/localChecks';
import { unreadableLiterals } from '../../src/extension/pql/language/literalChecks';
import { checkPqlGrammar } from '../../src/extension/pql/language/pqlGrammar';
import { stringValue, tokenize, type Token } from '../../src/extension/pql/language/pqlLexer';

/**
 * `refused`: PuppetDB parsed the query but will not run it (a field the entity lacks, two
 * limits, a group by without a projection, a limit of 0): what it means is the server's to
 * judge, so the editor may call it valid, or flag a literal in it.
 */
export type Verdict =
  /** `strings`: every string of the AST, once each, sorted. */
  | { kind: 'valid'; strings?: string[] }
  | { kind: 'syntax'; offset: number }
  | { kind: 'value' }
  | { kind: 'refused'; message: string };

/** The editor's verdict: the grammar first, then the literals. */
export function editorVerdict(query: string): Verdict {
  const grammar = checkPqlGrammar(query);
  if (!grammar.valid) return { kind: 'syntax', offset: grammar.offset };
  return unreadableLiterals(query).length > 0 ? { kind: 'value' } : { kind: 'valid' };
}

const PARSE_ERROR = /^PQL parse error at line (\d+), column (\d+)/;
/** What PuppetDB says of a string or number it could not read (JSON's and Java's words). */
const UNREADABLE_LITERAL = /character escape|For input string/;

/** PuppetDB's answer as a verdict; a parse error's line and column as an offset. */
export function serverVerdict(query: string, status: number, body: string): Verdict {
  if (status === 200) return { kind: 'valid', strings: astStrings(JSON.parse(body)) };
  const position = PARSE_ERROR.exec(body);
  if (status === 400 && position) {
    const lineStarts = [0];
    for (let index = 0; index < query.length; index++) {
      if (query[index] === '\n') lineStarts.push(index + 1);
    }
    const line = Number(position[1]);
    const column = Number(position[2]);
    return { kind: 'syntax', offset: lineStarts[line - 1]! + column - 1 };
  }
  if (status !== 400 && status !== 500) {
    throw new Error(`PuppetDB answered ${status} to the ast_only check of ${query}: ${body}`);
  }
  if (UNREADABLE_LITERAL.test(body)) return { kind: 'value' };
  return { kind: 'refused', message: body.split('\n')[0]!.slice(0, 120) };
}

/** Why the editor and the server disagree on a query, or undefined when they agree. */
export function disagreement(query: string, server: Verdict): string | undefined {
  const editor = editorVerdict(query);
  const problems = localProblems(query).filter((problem) => problem.severity === 'error');
  let agree: boolean;
  switch (server.kind) {
    case 'valid':
      agree = editor.kind === 'valid';
      break;
    case 'syntax':
      agree = editor.kind === 'syntax' && editor.offset === server.offset;
      break;
    case 'value':
      agree = editor.kind === 'value';
      break;
    case 'refused':
      agree = editor.kind === 'valid' || editor.kind === 'value';
      break;
  }
  // the diagnostics a .pql file shows say the same: none exactly when the editor finds none
  const misread =
    server.kind === 'valid' && server.strings ? misreadToken(query, server.strings) : undefined;
  if (agree && (problems.length === 0) === (editor.kind === 'valid') && !misread) return undefined;
  if (misread) return `${JSON.stringify(query)}: ${misread}`;
  return (
    `${JSON.stringify(query)}: PuppetDB says ${JSON.stringify(server)}, the editor ` +
    `${JSON.stringify(editor)} with ${problems.length} diagnostic(s)` +
    (problems[0] ? ` (first: ${problems[0].message})` : '')
  );
}

/** Asks the PuppetDB at `baseUrl` (`http://host:port`) to parse the query without running it. */
export async function askServer(baseUrl: string, query: string): Promise<Verdict> {
  const url = new URL('/pdb/query/v4', baseUrl);
  url.searchParams.set('query', query);
  url.searchParams.set('ast_only', 'true');
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  return serverVerdict(query, response.status, await response.text());
}

function astStrings(ast: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') found.add(value);
    else if (Array.isArray(value)) value.forEach(visit);
  };
  visit(ast);
  return [...found].sort();
}

/** A string literal or a dotted path the lexer reads otherwise than PuppetDB's AST has it. */
function misreadToken(query: string, strings: readonly string[]): string | undefined {
  const known = new Set(strings);
  const tokens = tokenize(query);
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.kind === 'word' && /^(?:facts|trusted|parameters)$/.test(token.text)) {
      const end = pathEnd(tokens, index);
      if (end === index) continue;
      const path = query.slice(token.start, tokens[end]!.end);
      if (!known.has(path)) {
        return `the lexer reads the path ${JSON.stringify(path)}, not in PuppetDB's AST`;
      }
      index = end;
    } else if (token.kind === 'string' && !known.has(stringValue(token))) {
      return `the lexer reads the string ${token.text} as ${JSON.stringify(stringValue(token))}, not in PuppetDB's AST`;
    }
  }
  return undefined;
}

/** The last token of the dotted path whose root is at `root` (`root` itself if none follows). */
function pathEnd(tokens: readonly Token[], root: number): number {
  let end = root;
  const adjacent = (index: number) => tokens[index]?.start === tokens[index - 1]?.end;
  while (adjacent(end + 1) && tokens[end + 1]!.text === '.' && adjacent(end + 2)) {
    end += 2;
    // match(…) and [n] belong to the segment
    const opener = tokens[end + 1]?.text;
    if (adjacent(end + 1) && (opener === '(' || opener === '[')) {
      const closer = opener === '(' ? ')' : ']';
      let close = end + 1;
      while (close < tokens.length && tokens[close]!.text !== closer) close++;
      if (close === tokens.length) break;
      end = close;
    }
  }
  return end;
}
