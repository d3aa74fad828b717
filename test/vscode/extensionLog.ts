import { dirname } from 'node:path';
import type * as vscode from 'vscode';
import { extensionLogBelow } from './extensionLogFiles';

/**
 * What the "PuppetDB Explorer" log holds so far, read from the file VS Code writes it to (below
 * the extension host's log folder), as a person sending it with a bug report would.
 */
export function extensionLog(context: vscode.ExtensionContext): string {
  return extensionLogBelow(dirname(dirname(context.logUri.fsPath)));
}
