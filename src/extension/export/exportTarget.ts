import * as vscode from 'vscode';

/** What an export writes: rows (results, events, inventory, packages) or the graph's picture. */
export type ExportFileFormat = 'csv' | 'json' | 'png' | 'svg';

/**
 * Where an export goes: `target` when given (tests), else the file the user picks in the save
 * dialog, proposed as `<stem>.<format>` in the first workspace folder. The stem may hold text
 * from PuppetDB (a certname): only letters, digits, `_`, `.` and `-` of it reach the proposed
 * name, so no separator, drive letter or character Windows refuses in a name gets there.
 */
export async function exportTarget(
  stem: string,
  format: ExportFileFormat,
  title: string,
  target?: vscode.Uri,
): Promise<vscode.Uri | undefined> {
  if (target) return target;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return vscode.window.showSaveDialog({
    title,
    defaultUri: folder ? vscode.Uri.joinPath(folder, `${fileStem(stem)}.${format}`) : undefined,
    filters: filterOf(format),
  });
}

/** A stem as a file name part: each run of other characters becomes one `_`. */
export function fileStem(stem: string): string {
  return stem.replace(/[^\w.-]+/g, '_');
}

function filterOf(format: ExportFileFormat): Record<string, string[]> {
  switch (format) {
    case 'csv':
      return { CSV: ['csv'] };
    case 'json':
      return { JSON: ['json'] };
    case 'png':
      return { [vscode.l10n.t('PNG image')]: ['png'] };
    case 'svg':
      return { [vscode.l10n.t('SVG image')]: ['svg'] };
  }
}
