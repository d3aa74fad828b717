import type * as vscode from 'vscode';
import type { WebviewEntry } from '../../shared/protocol';

/**
 * Where the host reports what it refused to act on from a webview (a message that breaks the
 * protocol, a saved state it cannot use): the extension's log, as a warning.
 */
export function reportDropped(
  log: vscode.LogOutputChannel,
  entry: WebviewEntry,
  what: string,
  problem: string,
): void {
  log.warn(`Ignored ${what} from the ${entry} webview: ${problem}`);
}
