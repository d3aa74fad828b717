import * as vscode from 'vscode';
import { describeError, causeChain, pointsAtConnectionSettings } from './errorText';
import { Commands } from './ids';
import { inert } from './inertText';

/** What the user can do about an error, when it makes sense. */
export interface ErrorActions {
  /** The connection the failure came from ("Edit Connection" for TLS, auth and address errors). */
  connectionId?: string;
  /** Tries the failed action again. */
  retry?: () => unknown;
}

/** Logs every failure with its causes, and shows it with its actions: Retry, Edit Connection, Show Log. */
export class ErrorReporter {
  constructor(private readonly log: vscode.LogOutputChannel) {}

  /** For failures shown elsewhere (a tree item, a view): the log keeps the cause chain. */
  logged(what: string, error: unknown): void {
    if ((error as Error | undefined)?.name === 'RequestAbortedError') {
      this.log.info(`${what}: cancelled`);
      return;
    }
    this.log.error(`${what}: ${causeChain(error)}`);
  }

  async show(what: string, error: unknown, actions: ErrorActions = {}): Promise<void> {
    this.logged(what, error);
    const retryLabel = vscode.l10n.t('Retry');
    const editLabel = vscode.l10n.t('Edit Connection');
    const showLogLabel = vscode.l10n.t('Show Log');
    const choices = [
      ...(actions.retry ? [retryLabel] : []),
      ...(actions.connectionId && pointsAtConnectionSettings(error) ? [editLabel] : []),
      showLogLabel,
    ];
    // the error's words may be a server's or an agent's: a link or an icon in them stays text
    const picked = await vscode.window.showErrorMessage(inert(describeError(error)), ...choices);
    if (picked === retryLabel) await actions.retry?.();
    else if (picked === editLabel) {
      await vscode.commands.executeCommand(Commands.editConnection, actions.connectionId);
    } else if (picked === showLogLabel) this.log.show(true);
  }
}
