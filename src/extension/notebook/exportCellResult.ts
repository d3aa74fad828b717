import * as vscode from 'vscode';
import { Notebooks } from '../ids';
import { exportWholeResult } from '../pql/wholeResultExport';
import { parameterCellOf } from '../pql/language/queryParameters';
import { splitQueries } from '../pql/language/querySplitter';
import type { Services } from '../services';
import { substitutedQuery } from './cellParameters';
import { cellConnection } from './notebookConnection';

/**
 * "Export Whole Result" of a PQL cell (its title menu): runs the cell's query again and streams
 * every row to the file the user picks (the output stopped at the results' limits). The argument
 * only says which open cell: its query and connection are read from the notebook, as a run reads
 * them, and the file is the user's choice in the save dialog.
 */
export async function exportCellResult(
  services: Services,
  argument: unknown,
): Promise<vscode.Uri | undefined> {
  const cell = openPqlCell(argument);
  if (!cell) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Export Whole Result exports the result of a PQL notebook cell: use its menu.'),
    );
    return undefined;
  }
  if (!services.trust.isTrusted) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t("Restricted Mode: trust this workspace to run its notebook's queries."),
    );
    return undefined;
  }
  const { connection } = cellConnection(services, cell);
  const query = splitQueries(cell.document.getText());
  if (parameterCellOf(cell.document.getText())) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'A parameter cell sets values for the cells below; it has no result to export.',
      ),
    );
    return undefined;
  }
  if (!connection || query.length !== 1) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Run the cell first: it has no connection or no single query to export.'),
    );
    return undefined;
  }
  // its parameters as a run substitutes them (asked again if no cell above sets them)
  const text = await substitutedQuery(cell, query[0]!.text, new Map(), new Map());
  if (text === undefined) return undefined;
  const format = await vscode.window.showQuickPick(
    [
      { label: 'CSV', format: 'csv' as const },
      { label: 'JSON', format: 'json' as const },
    ],
    { title: vscode.l10n.t('Export the whole result as') },
  );
  if (!format) return undefined;
  return exportWholeResult(services, connection, text, format.format);
}

/** The PQL cell of an open notebook `argument` is (the cell menu passes the cell itself). */
function openPqlCell(argument: unknown): vscode.NotebookCell | undefined {
  const cells = vscode.workspace.notebookDocuments
    .filter((notebook) => notebook.notebookType === Notebooks.type)
    .flatMap((notebook) => notebook.getCells());
  const cell =
    cells.find((candidate) => candidate === argument) ??
    cells.find(
      (candidate) =>
        typeof argument === 'object' &&
        argument !== null &&
        (argument as { document?: { uri?: unknown } }).document?.uri?.toString() ===
          candidate.document.uri.toString(),
    );
  return cell?.kind === vscode.NotebookCellKind.Code ? cell : undefined;
}
