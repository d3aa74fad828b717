import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import { writeRowsFile } from './rowsFile';
import type { Services } from '../services';
import type { ConnectionSettings } from '../settings';
import { exportTarget } from './exportTarget';

/** A query asked again of PuppetDB, every row of it going to a file (a panel stopped at its limit). */
export interface StreamedExport {
  connection: ConnectionSettings;
  /** Starts the request whose rows are written (its batches, as they arrive). */
  rows(client: PuppetDB, signal: AbortSignal): { batches(): AsyncIterable<readonly unknown[]> };
  format: 'csv' | 'json';
  /** The save dialog's title. */
  title: string;
  /** The file name the save dialog proposes, without its extension. */
  fileStem: string;
  /** The file, when already known (tests); else the user picks it. */
  target?: vscode.Uri;
}

/**
 * Runs the export's request and writes its rows to the chosen file as they stream from
 * PuppetDB, never holding them, with a cancellable progress. A cancelled or failed export
 * removes its partial file and says so. Resolves with the file, or undefined.
 */
export async function exportStreamed(
  services: Services,
  request: StreamedExport,
): Promise<vscode.Uri | undefined> {
  const { format } = request;
  const uri = await exportTarget(request.fileStem, format, request.title, request.target);
  if (!uri) return undefined;
  if (uri.scheme !== 'file') {
    throw new Error(
      vscode.l10n.t(
        'The whole result can only be streamed to a file on this machine, not {0}.',
        uri.toString(true),
      ),
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
        title: vscode.l10n.t('Exporting the whole result to {0}', uri.fsPath),
        cancellable: true,
      },
      async (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        const client = await services.store.client(request.connection.id);
        const stream = request.rows(client, controller.signal);
        async function* counted() {
          for await (const batch of stream.batches()) {
            written += batch.length;
            progress.report({
              message: vscode.l10n.t('{0} rows…', written.toLocaleString('en-US')),
            });
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
        ? ` ${vscode.l10n.t(
            'Later rows had fields the CSV header (taken from the first rows) has no column for: {0}; export as JSON to keep them.',
            `${result.unlistedFields.slice(0, 5).join(', ')}${result.unlistedFields.length > 5 ? '…' : ''}`,
          )}`
        : '';
    const showInFolder = vscode.l10n.t('Show in Folder');
    void vscode.window
      .showInformationMessage(
        `${vscode.l10n.t('Exported all {0} rows to {1}.', result.rows.toLocaleString('en-US'), uri.fsPath)}${unlisted}`,
        showInFolder,
      )
      .then((answer) =>
        answer === showInFolder ? vscode.commands.executeCommand('revealFileInOS', uri) : undefined,
      );
    return uri;
  } catch (error) {
    file.destroy();
    await rm(uri.fsPath, { force: true });
    if (controller.signal.aborted) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Export cancelled after {0} rows; its partial file was removed.',
          written.toLocaleString('en-US'),
        ),
      );
      return undefined;
    }
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      vscode.l10n.t(
        'The export stopped after {0} rows and its partial file was removed: {1}',
        written.toLocaleString('en-US'),
        why,
      ),
      { cause: error },
    );
  }
}
