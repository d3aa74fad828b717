import * as vscode from 'vscode';
import type { ErrorBannerAction } from '../../shared/protocol';
import type { ErrorReporter } from '../errors';
import { pointsAtConnectionSettings } from '../errorText';
import { Commands } from '../ids';
import type { MessageHandlers } from './webviewPanelHost';

/**
 * A panel's failure as its error banner shows it: logged with its causes (what Show Log opens
 * on), the message, and whether Edit Connection applies.
 */
export function bannerError(
  errors: ErrorReporter,
  what: string,
  error: unknown,
): { message: string; editConnection: boolean } {
  errors.logged(what, error);
  return {
    message: error instanceof Error ? error.message : String(error),
    editConnection: pointsAtConnectionSettings(error),
  };
}

/** What every panel does with its error banner's Show Log and Edit Connection. */
export function errorBannerHandlers(
  connectionId: () => string | undefined,
): MessageHandlers<ErrorBannerAction> {
  return {
    showLog: () => vscode.commands.executeCommand(Commands.showLog),
    editConnection: () => {
      const id = connectionId();
      return id ? vscode.commands.executeCommand(Commands.editConnection, id) : undefined;
    },
  };
}
