import * as vscode from 'vscode';
import { describeError } from '../errorText';

/**
 * Registers a command whose failures become an error message (and an `undefined` result)
 * instead of an unhandled rejection: every command of the extension goes through here.
 */
export function registerGuardedCommand<A extends unknown[], R>(
  id: string,
  handler: (...args: A) => R | Promise<R>,
): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: A): Promise<R | undefined> => {
    try {
      return await handler(...args);
    } catch (error) {
      void vscode.window.showErrorMessage(describeError(error));
      return undefined;
    }
  });
}
