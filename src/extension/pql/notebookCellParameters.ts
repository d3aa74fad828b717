import * as vscode from 'vscode';
import { valuesAbove, type ParameterValue } from '../../shared/notebook/parameters';
import { Notebooks, PqlLanguageId } from '../ids';
import { parameterCellOf } from './language/queryParameters';

/** The cell of a PQL notebook a document is, or undefined (a `.pql` file, another notebook's cell). */
export function notebookCellOf(document: vscode.TextDocument): vscode.NotebookCell | undefined {
  if (document.uri.scheme !== 'vscode-notebook-cell') return undefined;
  for (const notebook of vscode.workspace.notebookDocuments) {
    if (notebook.notebookType !== Notebooks.type) continue;
    const cell = notebook.getCells().find((candidate) => candidate.document === document);
    if (cell) return cell;
  }
  return undefined;
}

/** The values the parameter cells above `cell` set (the nearest one's for each name). */
export function parametersAbove(cell: vscode.NotebookCell): Map<string, ParameterValue> {
  const cells = cell.notebook
    .getCells(new vscode.NotebookRange(0, cell.index))
    .filter(
      (above) =>
        above.kind === vscode.NotebookCellKind.Code && above.document.languageId === PqlLanguageId,
    )
    .map((above) => parameterCellOf(above.document.getText()))
    .filter((parsed) => parsed !== undefined);
  return valuesAbove(cells);
}
