import * as vscode from 'vscode';
import {
  pqlLiteral,
  substituteParameters,
  typedValue,
  type ParameterCell,
  type ParameterValue,
} from '../../shared/notebook/parameters';
import { inert } from '../inertText';
import { stringValue, tokenize, type Token } from '../pql/language/pqlLexer';
import { referencesOf } from '../pql/language/queryParameters';
import { parametersAbove } from '../pql/notebookCellParameters';

/**
 * The query with its parameters substituted as literals: each value from the parameter cells
 * above, else from `answers` (what was typed for this run), else asked for in an input box.
 * Undefined when the user pressed Escape.
 */
export async function substitutedQuery(
  cell: vscode.NotebookCell,
  query: string,
  answers: Map<string, ParameterValue>,
  lastAnswers: Map<string, string>,
  token?: vscode.CancellationToken,
): Promise<string | undefined> {
  const references = referencesOf(query);
  if (references.length === 0) return query;
  const values = parametersAbove(cell);
  for (const { name } of references) {
    if (values.has(name)) continue;
    if (!answers.has(name)) {
      const typed = await vscode.window.showInputBox(
        {
          title: vscode.l10n.t('PQL notebook parameter {0}', inert(`$${name}`)),
          prompt: vscode.l10n.t(
            'No parameter cell above sets {0}. Its value for this run: a number, true, false, or text (in quotes to keep 42 as text).',
            inert(`$${name}`),
          ),
          value: lastAnswers.get(name),
          ignoreFocusOut: true,
        },
        token,
      );
      if (typed === undefined) return undefined;
      lastAnswers.set(name, typed);
      answers.set(
        name,
        typedValue(typed, tokenize(typed), (token) => stringValue(token as Token)),
      );
    }
    values.set(name, answers.get(name)!);
  }
  return substituteParameters(query, references, ({ name }) => pqlLiteral(values.get(name)!)).text;
}

/** How a parameter cell's run shows what it set: one row per parameter. */
export function parameterRows(cell: ParameterCell): Array<Record<string, ParameterValue>> {
  return cell.assignments.map(({ name, value }) => ({ parameter: `$${name}`, value }));
}
