/** The certificate and key steps of the connection form: a file picker and a PEM check. */
import * as vscode from 'vscode';
import type { PemKind } from '../../client';

/** Why a path can't serve as this PEM file (missing, a directory, a FIFO, too large, not PEM). */
export async function pemFileProblem(path: string, kind: PemKind): Promise<string | undefined> {
  // loaded on first use, like the rest of the client, so activation does not pay for it
  const { readPemFile } = await import('../../client');
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
    title: `Choose the ${kind} file (PEM)`,
    openLabel: `Use as ${kind}`,
    canSelectFiles: true,
    canSelectFolders: false,
    canSelectMany: false,
    defaultUri: current ? vscode.Uri.file(current) : undefined,
    filters: { 'PEM files': ['pem', 'crt', 'cer', 'key'], 'All files': ['*'] },
  });
  return picked?.[0]?.fsPath;
}
