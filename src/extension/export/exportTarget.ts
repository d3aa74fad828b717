import * as vscode from 'vscode';

/**
 * Where an export goes: `target` when given (tests), else the file the user picks in the save
 * dialog, proposed as `<stem>.<format>` in the first workspace folder.
 */
export async function exportTarget(
  stem: string,
  format: 'csv' | 'json',
  title: string,
  target?: vscode.Uri,
): Promise<vscode.Uri | undefined> {
  if (target) return target;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return vscode.window.showSaveDialog({
    title,
    defaultUri: folder ? vscode.Uri.joinPath(folder, `${stem}.${format}`) : undefined,
    filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
  });
}
