import * as vscode from 'vscode';
import { inert } from '../inertText';
import type { AskSecretAgain } from './connectionSecrets';

/**
 * The input box for a connection whose URL now names another server than the one its secret
 * was given for. Escape connects without the secret (the server will answer 401 if it needs one).
 */
export const askSecretAgain: AskSecretAgain = ({ connection, kind, previousOrigin, origin }) =>
  vscode.window.showInputBox({
    title: vscode.l10n.t(
      'PuppetDB connection "{0}" now points to {1}',
      inert(connection.name),
      inert(origin),
    ),
    prompt: vscode.l10n.t(
      'Its {0} was given for {1} and is not sent to another server. Enter the {0} for {2}, or press Escape to connect without one.',
      inert(kind),
      inert(previousOrigin),
      inert(origin),
    ),
    placeHolder: vscode.l10n.t('{0} for {1}', inert(kind), inert(origin)),
    password: true,
    ignoreFocusOut: true,
  });
