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
    `Export ${rows.length.toLocaleString('en-US')} rows as ${format.toUpperCase()}`,
    target,
  );
  if (!uri) return undefined;
  const text = format === 'csv' ? toCsv(rows) : `${JSON.stringify(rows, null, 2)}\n`;
  await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
  const more = hasMore ? ' More rows exist: use "Load more" first to include them.' : '';
  void vscode.window
    .showInformationMessage(
      `Exported ${rows.length.toLocaleString('en-US')} rows to ${uri.fsPath}.${more}`,
      'Open',
    )
    .then((answer) => (answer === 'Open' ? vscode.window.showTextDocument(uri) : undefined));
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
    `Copied the curl command of this query, for ${flavour === 'posix' ? 'a POSIX shell (bash, zsh…)' : 'PowerShell'}.`,
  );
  return command;
}
