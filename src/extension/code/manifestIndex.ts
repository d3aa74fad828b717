import * as path from 'node:path';
import * as vscode from 'vscode';

interface Files {
  /** Every `.pp` file, by its path. */
  byPath: Map<string, vscode.Uri>;
  /**
   * The paths of each file name (`web.pp`), in lower case: a lookup reads a few, not the whole
   * workspace, and finds `Web.pp` too where case is ignored (suffixMatches decides).
   */
  byName: Map<string, Set<string>>;
}

/**
 * The workspace's `.pp` files, found once (on first use) and then kept current by a file
 * watcher, so that mapping a server path never searches the disk again.
 */
export class ManifestIndex implements vscode.Disposable {
  private files: Promise<Files> | undefined;
  private readonly watcher: vscode.FileSystemWatcher;

  constructor() {
    this.watcher = vscode.workspace.createFileSystemWatcher('**/*.pp');
    this.watcher.onDidCreate((uri) => void this.update((files) => add(files, uri)));
    this.watcher.onDidDelete((uri) => void this.update((files) => remove(files, uri)));
  }

  /** Every `.pp` file of the workspace, by its path. */
  async all(): Promise<ReadonlyMap<string, vscode.Uri>> {
    return (await this.built()).byPath;
  }

  /** The paths of the workspace's files called `name` (a file name, e.g. `web.pp`). */
  async named(name: string): Promise<string[]> {
    return [...((await this.built()).byName.get(nameKey(name)) ?? [])];
  }

  private built(): Promise<Files> {
    this.files ??= this.build();
    return this.files;
  }

  private async build(): Promise<Files> {
    const files: Files = { byPath: new Map(), byName: new Map() };
    for (const uri of await vscode.workspace.findFiles('**/*.pp')) add(files, uri);
    return files;
  }

  private async update(change: (files: Files) => void): Promise<void> {
    if (!this.files) return; // not built yet: the build will see the change
    change(await this.files);
  }

  dispose(): void {
    this.watcher.dispose();
  }
}

function add(files: Files, uri: vscode.Uri): void {
  files.byPath.set(uri.fsPath, uri);
  const name = nameKey(path.basename(uri.fsPath));
  const paths = files.byName.get(name) ?? new Set();
  paths.add(uri.fsPath);
  files.byName.set(name, paths);
}

function remove(files: Files, uri: vscode.Uri): void {
  files.byPath.delete(uri.fsPath);
  files.byName.get(nameKey(path.basename(uri.fsPath)))?.delete(uri.fsPath);
}

function nameKey(name: string): string {
  return name.toLowerCase();
}
