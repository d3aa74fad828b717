/** The certificate and key steps of the connection form: a file picker and a PEM check. */
import * as vscode from 'vscode';
import type { PemKind } from '../../client';
import { loadClientLibrary } from './clientLibrary';

/** Why a path can't serve as this PEM file (missing, a directory, a FIFO, too large, not PEM). */
export async function pemFileProblem(path: string, kind: PemKind): Promise<string | undefined> {
  const { readPemFile } = await loadClientLibrary();
  try {
    await readPemFile(path, kind);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** VS Code's open dialog for a PEM file, starting beside the current value; undefined if none. */
export async function pickFile(kind: PemKind, current: string): Promise<string | undefined> {
  const picked = await vscode.window.showOpenDialog({
    title: vscode.l10n.t('Choose the {0} file (PEM)', kind),
    openLabel: vscode.l10n.t('Use as {0}', kind),
    canSelectFiles: true,
    canSelectFolders: false,
    canSelectMany: false,
    defaultUri: current ? vscode.Uri.file(current) : undefined,
    filters: {
      [vscode.l10n.t('PEM files')]: ['pem', 'crt', 'cer', 'key'],
      [vscode.l10n.t('All files')]: ['*'],
    },
  });
  return picked?.[0]?.fsPath;
}
