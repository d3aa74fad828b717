import * as vscode from 'vscode';

/** Saves an export of the graph where the user says: PNG from a data URL, SVG from its text. */
export async function saveExport(
  certname: string,
  format: 'png' | 'svg',
  data: string,
): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = `catalog-${certname.replace(/[^\w.-]+/g, '_')}.${format}`;
  const uri = await vscode.window.showSaveDialog({
    title: vscode.l10n.t('Export the catalog graph of {0} as {1}', certname, format.toUpperCase()),
    defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined,
    filters:
      format === 'png'
        ? { [vscode.l10n.t('PNG image')]: ['png'] }
        : { [vscode.l10n.t('SVG image')]: ['svg'] },
  });
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, exportBytes(format, data));
  void vscode.window.showInformationMessage(vscode.l10n.t('Saved the graph to {0}.', uri.fsPath));
  return uri;
}

/** The file's bytes: a PNG data URL decoded, an SVG as UTF-8. */
export function exportBytes(format: 'png' | 'svg', data: string): Uint8Array {
  if (format === 'svg') return new TextEncoder().encode(data);
  const match = /^data:image\/png;base64,(.*)$/s.exec(data);
  if (!match) throw new Error('The PNG export is not a PNG data URL.');
  return Buffer.from(match[1]!, 'base64');
}
