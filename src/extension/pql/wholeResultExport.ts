import * as vscode from 'vscode';
import type { Services } from '../services';
import type { ConnectionSettings } from '../settings';
import { exportStreamed } from '../export/streamedExport';
import { resultsFileStem } from './language/queryEntity';

/**
 * "Export the whole result" of the results panel: runs the query again and streams every row
 * to the chosen file (the panel stopped at its limit). Resolves with the file, or undefined.
 */
export function exportWholeResult(
  services: Services,
  connection: ConnectionSettings,
  query: string,
  format: 'csv' | 'json',
  target?: vscode.Uri,
): Promise<vscode.Uri | undefined> {
  return exportStreamed(services, {
    connection,
    rows: (client, signal) => client.stream('pql', { query, signal }),
    format,
    title: vscode.l10n.t(
      'Export the whole result of the query as {0} (streamed from {1})',
      format.toUpperCase(),
      connection.name,
    ),
    fileStem: resultsFileStem(query),
    target,
  });
}
