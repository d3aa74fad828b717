/**
 * Add Connection run with an argument (by another extension, or a `command:` link): the user
 * confirms in a modal that names what the argument chose — the server, the servers a secret would
 * go to, the files that would be read, and the connection of theirs it would replace — as the
 * form would have shown them one step at a time. Nothing is saved, stored or sent before.
 */
import * as vscode from 'vscode';
import { inert } from '../inertText';
import type { ConnectionSettings } from '../settings';
import type { ConnectionFormResult } from './connectionChange';
import { serverUrlsOf } from './serverUrls';

export async function confirmCommandConnection(
  result: ConnectionFormResult,
  replaced: ConnectionSettings | undefined,
): Promise<boolean> {
  const { connection, secrets } = result;
  const name = inert(connection.name);
  const url = inert(connection.url);
  const message = replaced
    ? vscode.l10n.t(
        'Replace your PuppetDB connection "{0}" ({1}) with "{2}" at {3}? A command asked for it.',
        inert(replaced.name),
        inert(replaced.url),
        name,
        url,
      )
    : vscode.l10n.t('Add the PuppetDB connection "{0}" at {1}? A command asked for it.', name, url);
  const servers = serverUrlsOf(connection).map((server) => inert(server));
  const files = [connection.caFile, connection.certFile, connection.keyFile]
    .filter((file): file is string => typeof file === 'string' && file !== '')
    .map((file) => inert(file));
  const detail = [
    servers.length > 1 &&
      vscode.l10n.t('Its servers, tried in this order: {0}.', servers.join(', ')),
    secrets.token &&
      vscode.l10n.t(
        'It brings a token, which would be stored and sent to {0}.',
        servers.join(', '),
      ),
    secrets.password &&
      vscode.l10n.t(
        'It brings a password, which would be stored and sent to {0}.',
        servers.join(', '),
      ),
    files.length > 0 && vscode.l10n.t('It would read these files: {0}.', files.join(', ')),
    vscode.l10n.t(
      'Confirm only if you started this yourself, for example from another extension you use. Add Connection… in the Command Palette asks for each of these in turn.',
    ),
  ]
    .filter((line): line is string => typeof line === 'string')
    .join('\n\n');
  const confirm = replaced ? vscode.l10n.t('Replace Connection') : vscode.l10n.t('Add Connection');
  const answer = await vscode.window.showWarningMessage(message, { modal: true, detail }, confirm);
  return answer === confirm;
}
