import * as vscode from 'vscode';
import type { Services } from '../services';
import type { ConnectionSettings } from '../settings';
import { toCsv } from './language/csv';
import { curlCommand, shellFlavour } from './language/curl';

/**
 * Where an export of a query's rows goes: `target` when given (tests), else the file the user
 * picks in the save dialog, proposed as `<entity>.<format>` in the first workspace folder.
 */
export async function exportTarget(
  query: string,
  format: 'csv' | 'json',
  title: string,
  target?: vscode.Uri,
): Promise<vscode.Uri | undefined> {
  if (target) return target;
  const entity = /^\s*([a-z_]+)/.exec(query)?.[1] ?? 'results';
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return vscode.window.showSaveDialog({
    title,
    defaultUri: folder ? vscode.Uri.joinPath(folder, `${entity}.${format}`) : undefined,
    filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
  });
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
    query,
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
