import * as vscode from 'vscode';
import { toCsv } from './csv';
import { exportTarget } from './exportTarget';

export interface RowsExport {
  /** The file name the save dialog proposes, without its extension (`nodes`, `inventory`…). */
  fileStem: string;
  /** More rows exist than the view loaded: the message says how to include them. */
  hasMore: boolean;
  /** The file, when already known (the test API); else the user picks it. */
  target?: vscode.Uri;
}

/** Saves the rows a view holds as CSV or JSON where the user says. */
export async function exportRows(
  rows: readonly unknown[],
  format: 'csv' | 'json',
  { fileStem, hasMore, target }: RowsExport,
): Promise<vscode.Uri | undefined> {
  const uri = await exportTarget(
    fileStem,
    format,
    vscode.l10n.t(
      'Export {0} rows as {1}',
      rows.length.toLocaleString('en-US'),
      format.toUpperCase(),
    ),
    target,
  );
  if (!uri) return undefined;
  const text = format === 'csv' ? toCsv(rows) : `${JSON.stringify(rows, null, 2)}\n`;
  await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
  const count = rows.length.toLocaleString('en-US');
  const open = vscode.l10n.t('Open');
  void vscode.window
    .showInformationMessage(
      hasMore
        ? vscode.l10n.t(
            'Exported {0} rows to {1}. More rows exist: use "Load more" first to include them.',
            count,
            uri.fsPath,
          )
        : vscode.l10n.t('Exported {0} rows to {1}.', count, uri.fsPath),
      open,
    )
    .then((answer) => (answer === open ? vscode.window.showTextDocument(uri) : undefined));
  return uri;
}
