import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import * as vscode from 'vscode';
import type { Services } from '../services';
import type { ConnectionSettings } from '../settings';
import { writeRowsFile } from './language/rowsFile';
import { exportTarget } from './resultsExport';

/**
 * "Export the whole result": runs the query again and writes its rows to the chosen file as they
 * stream from PuppetDB, never holding them (the panel stopped at its limit). A cancelled or failed
 * export removes its partial file and says so. Resolves with the file, or undefined.
 */
export async function exportWholeResult(
  services: Services,
  connection: ConnectionSettings,
  query: string,
  format: 'csv' | 'json',
  target?: vscode.Uri,
): Promise<vscode.Uri | undefined> {
  const uri = await exportTarget(
    query,
    format,
    `Export the whole result of the query as ${format.toUpperCase()} (streamed from ${connection.name})`,
    target,
  );
  if (!uri) return undefined;
  if (uri.scheme !== 'file') {
    throw new Error(
      `The whole result can only be streamed to a file on this machine, not ${uri.toString(true)}.`,
    );
  }
  const file = createWriteStream(uri.fsPath, { encoding: 'utf8' });
  const opened = once(file, 'open');
  const write = async (text: string) => {
    if (!file.write(text)) await once(file, 'drain');
  };
  let written = 0;
  const controller = new AbortController();
  try {
    await opened;
    const result = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `Exporting the whole result to ${uri.fsPath}`,
        cancellable: true,
      },
      async (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        const client = await services.store.client(connection.id);
        const stream = client.stream('pql', { query, signal: controller.signal });
        async function* counted() {
          for await (const batch of stream.batches()) {
            written += batch.length;
            progress.report({ message: `${written.toLocaleString('en-US')} rows…` });
            yield batch;
          }
        }
        return writeRowsFile(counted(), format, write);
      },
    );
    file.end();
    await once(file, 'finish');
    const unlisted =
      result.unlistedFields.length > 0
        ? ` Later rows had fields the CSV header (taken from the first rows) has no column for: ${result.unlistedFields.slice(0, 5).join(', ')}${result.unlistedFields.length > 5 ? '…' : ''}; export as JSON to keep them.`
        : '';
    void vscode.window
      .showInformationMessage(
        `Exported all ${result.rows.toLocaleString('en-US')} rows to ${uri.fsPath}.${unlisted}`,
        'Show in Folder',
      )
      .then((answer) =>
        answer ? vscode.commands.executeCommand('revealFileInOS', uri) : undefined,
      );
    return uri;
  } catch (error) {
    file.destroy();
    await rm(uri.fsPath, { force: true });
    if (controller.signal.aborted) {
      void vscode.window.showInformationMessage(
        `Export cancelled after ${written.toLocaleString('en-US')} rows; its partial file was removed.`,
      );
      return undefined;
    }
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The export stopped after ${written.toLocaleString('en-US')} rows and its partial file was removed: ${why}`,
      { cause: error },
    );
  }
}
