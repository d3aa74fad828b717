/**
 * `$name` parameters as the editor reads them (the notebook's parameters are described in
 * src/shared/notebook/parameters.ts): a PQL notebook cell may put one where a literal stands;
 * PuppetDB itself knows none, so in a `.pql` file one is an error.
 */
import {
  parameterCell,
  parameterReferences,
  pqlLiteral,
  substituteParameters,
  type ParameterCell,
  type ParameterReference,
  type ParameterValue,
} from '../../../shared/notebook/parameters';
import { localProblems } from './localChecks';
import { stringValue, tokenize, type Token } from './pqlLexer';

export interface ParameterCheck {
  /** Offsets into the query text, end exclusive. */
  start: number;
  end: number;
  message: string;
  severity: 'error' | 'warning' | 'information';
}

/** The parameter cell `text` is (`$name = value` lines), or undefined for a query. */
export function parameterCellOf(text: string): ParameterCell | undefined {
  return parameterCell(text, tokenize(text), (token) => stringValue(token as Token));
}

/** The `$name` references of a query text (never one inside a string, comment or path). */
export function referencesOf(query: string): ParameterReference[] {
  return parameterReferences(tokenize(query));
}

/**
 * The local problems of a query that may hold parameters. `values` are those a notebook cell
 * has from the parameter cells above it (undefined: not a notebook cell). The query is checked
 * with each parameter replaced by its value, or by a literal that fits where it stands when
 * no cell sets it (the run asks for it: said as information); outside a notebook each
 * parameter is an error.
 */
export function parameterProblems(
  query: string,
  values: ReadonlyMap<string, ParameterValue> | undefined,
): ParameterCheck[] {
  const tokens = tokenize(query).filter((token) => token.kind !== 'comment');
  const references = parameterReferences(tokens);
  if (references.length === 0) return localProblems(query);
  const placeholder = (reference: ParameterReference): string => {
    const value = values?.get(reference.name);
    if (value !== undefined) return pqlLiteral(value);
    const before = tokens.filter((token) => token.end <= reference.start).at(-1);
    return before?.text === '~' ? '""' : '1';
  };
  const substitution = substituteParameters(query, references, placeholder);
  const problems: ParameterCheck[] = localProblems(substitution.text).map((problem) => {
    const start = substitution.originalOffset(problem.start);
    return { ...problem, start, end: Math.max(start, substitution.originalOffset(problem.end)) };
  });
  for (const { name, start, end } of references) {
    if (values === undefined) {
      problems.push({
        start,
        end,
        message: `$${name} is a PQL notebook parameter: PuppetDB knows no parameters, so it works only in a notebook cell.`,
        severity: 'error',
      });
    } else if (!values.has(name)) {
      problems.push({
        start,
        end,
        message: `No parameter cell above sets $${name}: running the cell asks for its value.`,
        severity: 'information',
      });
    }
  }
  return problems;
}
