import * as vscode from 'vscode';
import type { Services } from '../services';
import type { ConnectionSettings } from '../settings';
import { curlCommand, shellFlavour } from './language/curl';

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
