import * as vscode from 'vscode';
import { inert } from '../inertText';
import { definesConnections, type SettingsFileKind } from './workspaceDefinedConnections';

const TOLD_KEY = 'workspaceConnectionsNoticeShown';

/** What a check found, and whether the user was told this time. */
export interface WorkspaceConnectionsCheck {
  /** The workspace's settings files that define `puppetdbExplorer.connections`. */
  files: vscode.Uri[];
  told: boolean;
}

/**
 * Tells the user, once per workspace, that the workspace's settings try to define PuppetDB
 * connections, which are ignored (connections come from the user's settings only), with a
 * button that opens the file to review it.
 */
export class WorkspaceConnectionsNotice implements vscode.Disposable {
  private readonly subscription = vscode.workspace.onDidChangeWorkspaceFolders(
    () => void this.check(),
  );

  constructor(private readonly workspaceState: vscode.Memento) {}

  async check(): Promise<WorkspaceConnectionsCheck> {
    const files = await workspaceFilesDefiningConnections();
    if (files.length === 0 || this.workspaceState.get<boolean>(TOLD_KEY)) {
      return { files, told: false };
    }
    await this.workspaceState.update(TOLD_KEY, true);
    const names = inert(files.map((uri) => vscode.workspace.asRelativePath(uri)).join(', '));
    const review = vscode.l10n.t('Review');
    void vscode.window
      .showWarningMessage(
        vscode.l10n.t(
          "This workspace's settings ({0}) define PuppetDB connections. PuppetDB Explorer ignores them: connections come only from your user settings, so that a repository cannot send your tokens or passwords to a server of its choosing.",
          names,
        ),
        review,
      )
      .then((answer) =>
        answer === review ? vscode.window.showTextDocument(files[0]!) : undefined,
      );
    return { files, told: true };
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

/** Each folder's .vscode/settings.json and the .code-workspace file, where they define connections. */
async function workspaceFilesDefiningConnections(): Promise<vscode.Uri[]> {
  const candidates: Array<[vscode.Uri, SettingsFileKind]> = (
    vscode.workspace.workspaceFolders ?? []
  ).map((folder) => [vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json'), 'settings']);
  const workspaceFile = vscode.workspace.workspaceFile;
  if (workspaceFile && workspaceFile.scheme !== 'untitled') {
    candidates.push([workspaceFile, 'workspaceFile']);
  }
  const found: vscode.Uri[] = [];
  for (const [uri, kind] of candidates) {
    let text: string;
    try {
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      continue; // no such file: nothing to tell
    }
    if (definesConnections(text, kind)) found.push(uri);
  }
  return found;
}
