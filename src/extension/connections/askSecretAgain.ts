import * as vscode from 'vscode';
import type { AskSecretAgain } from './connectionSecrets';

/**
 * The input box for a connection whose URL now names another server than the one its secret
 * was given for. Escape connects without the secret (the server will answer 401 if it needs one).
 */
export const askSecretAgain: AskSecretAgain = ({ connection, kind, previousOrigin, origin }) =>
  vscode.window.showInputBox({
    title: `PuppetDB connection "${connection.name}" now points to ${origin}`,
    prompt:
      `Its ${kind} was given for ${previousOrigin} and is not sent to another server. ` +
      `Enter the ${kind} for ${origin}, or press Escape to connect without one.`,
    placeHolder: `${kind} for ${origin}`,
    password: true,
    ignoreFocusOut: true,
  });
