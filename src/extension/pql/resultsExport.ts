import * as vscode from 'vscode';
import type { Services } from '../services';
import type { ConnectionSettings } from '../settings';
import { toCsv } from './language/csv';
import { curlCommand, shellFlavour } from './language/curl';
import { exportTarget } from '../export/exportTarget';

/** The file name an export of a query's rows proposes: its entity (`nodes`, `facts`…). */
export function queryEntity(query: string): string {
  return /^\s*([a-z_]+)/.exec(query)?.[1] ?? 'results';
}

/** Saves the loaded rows as CSV or JSON where the user says. */
export async function exportRows(
  rows: readonly unknown[],
  format: 'csv' | 'json',
  query: string,
  hasMore: boolean,
  target?: vscode.Uri,
): Promise<vscode.Uri | undefined> {
  const uri = await exportTarget(
    queryEntity(query),
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

/** Puts the curl command of the query on the clipboard (no secret in it). */
export async function copyCurl(
  services: Services,
  connection: ConnectionSettings,
  query: string,
): Promise<string> {
  // quoted for the shell of the user's terminal
  const flavour = shellFlavour(vscode.env.shell, process.platform);
  const command = curlCommand(
    {
      url: connection.url,
      caFile: connection.caFile,
      certFile: connection.certFile,
      keyFile: connection.keyFile,
      verifyTls: connection.verifyTls,
      username: connection.username,
      hasToken: Boolean(await services.store.secret(connection.id, 'token')),
    },
    query,
    flavour,
  );
  await vscode.env.clipboard.writeText(command);
  void vscode.window.showInformationMessage(
    flavour === 'posix'
      ? vscode.l10n.t('Copied the curl command of this query, for a POSIX shell (bash, zsh…).')
      : flavour === 'powershell'
        ? vscode.l10n.t('Copied the curl command of this query, for PowerShell.')
        : vscode.l10n.t('Copied the curl command of this query, for the Command Prompt (cmd.exe).'),
  );
  return command;
}
