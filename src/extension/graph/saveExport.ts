import * as vscode from 'vscode';
import { exportTarget } from '../export/exportTarget';
import { inert } from '../inertText';
import { checkedExport } from './exportChecks';
import type { ExportFormat } from './exportGate';

/**
 * The save dialog of an export (the rows' exports' own, export/exportTarget.ts): where the user
 * wants the graph of `certname`, in `format`. Only its answer lets the page make the picture
 * (exportGate.ts).
 */
export function chooseExportFile(
  certname: string,
  format: ExportFormat,
): Promise<vscode.Uri | undefined> {
  return exportTarget(
    `catalog-${certname}`,
    format,
    vscode.l10n.t('Export the catalog graph of {0} as {1}', certname, format.toUpperCase()),
  );
}

/**
 * Writes the page's picture to the file the user chose for it, once the host has checked that it
 * is a picture our exporter makes (exportChecks.ts); one that is not says why and writes nothing.
 */
export async function writeExport(
  log: vscode.LogOutputChannel,
  uri: vscode.Uri,
  format: ExportFormat,
  data: string,
): Promise<boolean> {
  const checked = checkedExport(format, data);
  if ('problem' in checked) {
    refuseExport(log, format, checked.problem);
    return false;
  }
  await vscode.workspace.fs.writeFile(uri, checked.bytes);
  void vscode.window.showInformationMessage(vscode.l10n.t('Saved the graph to {0}.', uri.fsPath));
  return true;
}

/** Says in the log and a message why an export from the page was not written. */
export function refuseExport(
  log: vscode.LogOutputChannel,
  format: ExportFormat,
  problem: string,
): void {
  log.warn(`Refused the graph's ${format.toUpperCase()} export (nothing written): ${problem}`);
  void vscode.window.showErrorMessage(
    vscode.l10n.t(
      'The {0} export of the graph was not saved: {1}.',
      inert(format.toUpperCase()),
      inert(problem),
    ),
  );
}
