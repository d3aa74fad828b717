import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type * as vscode from 'vscode';

/** Every file below `dir` whose name says it is the extension's log channel. */
function logFiles(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...logFiles(path));
    else if (name.endsWith('PuppetDB Explorer.log')) found.push(path);
  }
  return found;
}

/**
 * What the "PuppetDB Explorer" log holds so far, read from the file VS Code writes it to (below
 * the extension host's log folder), as a person sending it with a bug report would.
 */
export function extensionLog(context: vscode.ExtensionContext): string {
  return logFiles(dirname(dirname(context.logUri.fsPath)))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}
