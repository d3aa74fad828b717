import * as vscode from 'vscode';

/**
 * The workspace's `.pp` files, found once (on first use) and then kept current by a file
 * watcher, so that mapping a server path never searches the disk again.
 */
export class ManifestIndex implements vscode.Disposable {
  private files: Promise<Map<string, vscode.Uri>> | undefined;
  private readonly watcher: vscode.FileSystemWatcher;

  constructor() {
    this.watcher = vscode.workspace.createFileSystemWatcher('**/*.pp');
    this.watcher.onDidCreate((uri) => void this.update((files) => files.set(uri.fsPath, uri)));
    this.watcher.onDidDelete((uri) => void this.update((files) => files.delete(uri.fsPath)));
  }

  /** Every `.pp` file of the workspace, by its path. */
  async all(): Promise<ReadonlyMap<string, vscode.Uri>> {
    this.files ??= this.build();
    return this.files;
  }

  private async build(): Promise<Map<string, vscode.Uri>> {
    const uris = await vscode.workspace.findFiles('**/*.pp');
    return new Map(uris.map((uri) => [uri.fsPath, uri]));
  }

  private async update(change: (files: Map<string, vscode.Uri>) => void): Promise<void> {
    if (!this.files) return; // not built yet: the build will see the change
    change(await this.files);
  }

  dispose(): void {
    this.watcher.dispose();
  }
}
