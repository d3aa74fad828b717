import * as vscode from 'vscode';
import { pqlLiteral } from '../../shared/notebook/parameters';
import { notebookCellOf, parametersAbove } from './notebookCellParameters';

/** A `$` and the start of a name, right before the cursor. */
const TYPED_REFERENCE = /\$[A-Za-z0-9_]*$/;

export interface ParameterCompletions {
  /** The cursor is on a `$name` being typed: only parameters make sense there. */
  typingReference: boolean;
  /** The parameters as items, the cells above read only when asked (most completions are not). */
  items(): vscode.CompletionItem[];
}

/**
 * In a PQL notebook cell, the `$name`s the parameter cells above set, each with the literal it
 * stands for; undefined in a `.pql` file (it has no parameters).
 */
export function parameterCompletions(
  document: vscode.TextDocument,
  position: vscode.Position,
): ParameterCompletions | undefined {
  const cell = notebookCellOf(document);
  if (!cell) return undefined;
  const before = document.lineAt(position.line).text.slice(0, position.character);
  const typed = TYPED_REFERENCE.exec(before)?.[0] ?? '';
  const range = new vscode.Range(position.translate(0, -typed.length), position);
  const items = () =>
    [...parametersAbove(cell)].map(([name, value]) => {
      const item = new vscode.CompletionItem(`$${name}`, vscode.CompletionItemKind.Variable);
      item.detail = pqlLiteral(value);
      item.documentation = vscode.l10n.t('Set by a parameter cell above; the query runs with it.');
      item.range = range;
      // before the fields and values a query offers at the same place
      item.sortText = `0${name}`;
      return item;
    });
  return { typingReference: typed !== '', items };
}
