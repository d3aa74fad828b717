/**
 * Parameters of PQL notebook cells (pure; the extension lexes the text with its PQL lexer and
 * hands the tokens over). A cell refers to a parameter as `$name` where a literal may stand:
 *
 * ```
 * $status = 'failed'
 * $limit = 20
 * ```
 * is a parameter cell (only `$name = <literal>` lines: a string, a number, true or false), and
 * `reports[certname] { status = $status limit $limit }` takes the values of the nearest one above.
 *
 * A reference is a token, never text: a `$name` inside a string, a comment or a dotted path is
 * what it is there. A value is substituted only as a PQL literal of its own (a string always
 * one double-quoted JSON string), so no value can become query syntax.
 */

export type ParameterValue = string | number | boolean;

/** What the PQL lexer makes of a text, as much of it as these functions read. */
export interface LexedToken {
  kind: string;
  text: string;
  start: number;
  end: number;
  terminated?: boolean;
}

/** A `$name` in a query: its name, and the offsets of `$` to the name's end. */
export interface ParameterReference {
  name: string;
  start: number;
  end: number;
}

export interface ParameterAssignment extends ParameterReference {
  value: ParameterValue;
}

/** A line of a parameter cell that is not an assignment, its offsets into the cell's text. */
export interface ParameterProblem {
  start: number;
  end: number;
  message: string;
}

export interface ParameterCell {
  assignments: ParameterAssignment[];
  problems: ParameterProblem[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The `$name` references among a query's tokens: a `$` the lexer does not know, directly followed
 * by a name (letters, digits, `_`, not starting with a digit).
 */
export function parameterReferences(tokens: readonly LexedToken[]): ParameterReference[] {
  const references: ParameterReference[] = [];
  tokens.forEach((token, index) => {
    const name = tokens[index + 1];
    if (
      token.kind === 'unknown' &&
      token.text === '$' &&
      name?.kind === 'word' &&
      name.start === token.end &&
      NAME.test(name.text)
    ) {
      references.push({ name: name.text, start: token.start, end: name.end });
    }
  });
  return references;
}

/**
 * The PQL literal of a value: a string as a double-quoted JSON string (every quote, backslash and
 * line end escaped, as PuppetDB's reader decodes it), a number in a form PQL's grammar reads, a
 * boolean as `true` / `false`.
 */
export function pqlLiteral(value: ParameterValue): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`${value} is not a PQL number.`);
    if (Number.isInteger(value) && Math.abs(value) < 1e21) return BigInt(value).toString();
    const plain = String(value);
    if (!plain.includes('e')) return plain;
    // PQL reads a real as digits '.' digits, then an optional exponent
    const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
    return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}e${exponent}`;
  }
  // JSON leaves these three raw; escaped, no reader takes them for line ends
  return JSON.stringify(value).replace(
    /[\u0085\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export interface Substitution {
  text: string;
  /** The offset in the original text of an offset of the substituted one. */
  originalOffset(offset: number): number;
}

/**
 * `text` with each reference replaced by `literalOf(name)` (references in text order, as
 * parameterReferences finds them).
 */
export function substituteParameters(
  text: string,
  references: readonly ParameterReference[],
  literalOf: (reference: ParameterReference) => string,
): Substitution {
  let result = '';
  let from = 0;
  const replaced: Array<{ start: number; end: number; newStart: number; newEnd: number }> = [];
  for (const reference of references) {
    result += text.slice(from, reference.start);
    const literal = literalOf(reference);
    replaced.push({
      start: reference.start,
      end: reference.end,
      newStart: result.length,
      newEnd: result.length + literal.length,
    });
    result += literal;
    from = reference.end;
  }
  result += text.slice(from);
  return {
    text: result,
    originalOffset(offset) {
      let shift = 0;
      for (const span of replaced) {
        if (offset < span.newStart) break;
        // inside a literal: the reference it stands for
        if (offset < span.newEnd) return span.start;
        shift = span.end - span.newEnd;
      }
      return offset + shift;
    },
  };
}

/**
 * The assignments of a parameter cell, or undefined when the cell is a query (its first token is
 * no `$name`). Each line is `$name = <literal>`; a line that is not is a problem (and sets
 * nothing). `stringValue` reads a string token as PuppetDB would.
 */
export function parameterCell(
  text: string,
  tokens: readonly LexedToken[],
  stringValue: (token: LexedToken) => string,
): ParameterCell | undefined {
  const code = tokens.filter((token) => token.kind !== 'comment');
  if (parameterReferences(code.slice(0, 2)).length === 0) return undefined;
  const cell: ParameterCell = { assignments: [], problems: [] };
  for (const line of linesOf(text, code)) {
    const assignment = assignmentOf(line, stringValue);
    if (typeof assignment === 'string') {
      cell.problems.push({
        start: line[0]!.start,
        end: line.at(-1)!.end,
        message: assignment,
      });
    } else {
      cell.assignments.push(assignment);
    }
  }
  return cell;
}

/** The value each name has for a cell: the nearest assignment above wins. */
export function valuesAbove(cellsAbove: readonly ParameterCell[]): Map<string, ParameterValue> {
  const values = new Map<string, ParameterValue>();
  for (const cell of [...cellsAbove].reverse()) {
    for (const { name, value } of cell.assignments) if (!values.has(name)) values.set(name, value);
  }
  return values;
}

/**
 * A value typed when asked for: a PQL number, `true` / `false`, or a quoted string as PQL reads
 * it; anything else is the text as typed.
 */
export function typedValue(
  typed: string,
  tokens: readonly LexedToken[],
  stringValue: (token: LexedToken) => string,
): ParameterValue {
  const [only, ...rest] = tokens;
  if (only && rest.length === 0 && only.start === 0 && only.end === typed.length) {
    const value = literalValue(only, stringValue);
    if (value !== undefined && typeof value !== 'object') return value;
  }
  return typed;
}

const ASSIGNMENT_FORM =
  'A parameter cell holds only lines "$name = value" (a string in quotes, a number, true or false).';

function assignmentOf(
  line: readonly LexedToken[],
  stringValue: (token: LexedToken) => string,
): ParameterAssignment | string {
  const [reference] = parameterReferences(line.slice(0, 2));
  const equals = line[2];
  const literal = line[3];
  if (!reference || equals?.text !== '=' || !literal || line.length !== 4) return ASSIGNMENT_FORM;
  const value = literalValue(literal, stringValue);
  if (value === undefined) return ASSIGNMENT_FORM;
  if (typeof value === 'object') return value.problem;
  return { ...reference, end: literal.end, value };
}

function literalValue(
  token: LexedToken,
  stringValue: (token: LexedToken) => string,
): ParameterValue | { problem: string } | undefined {
  if (token.kind === 'string') {
    return token.terminated ? stringValue(token) : { problem: 'This string is not closed.' };
  }
  if (token.kind === 'word' && (token.text === 'true' || token.text === 'false')) {
    return token.text === 'true';
  }
  if (token.kind === 'number') {
    const value = Number(token.text);
    if (!/[.eE]/.test(token.text) && !Number.isSafeInteger(value)) {
      return { problem: `${token.text} is too large a whole number for a parameter.` };
    }
    return Number.isFinite(value) ? value : undefined;
  }
  return undefined;
}

/** The tokens grouped by the line they start on (a string spanning lines stays on its first). */
function linesOf(text: string, tokens: readonly LexedToken[]): LexedToken[][] {
  const lines: LexedToken[][] = [];
  let lastLineStart = -1;
  for (const token of tokens) {
    const lineStart = text.lastIndexOf('\n', token.start - 1) + 1;
    if (lineStart !== lastLineStart) lines.push([]);
    lastLineStart = lineStart;
    lines.at(-1)!.push(token);
  }
  return lines;
}
