import * as vscode from 'vscode';
import {
  LibraryFormatError,
  parseLibrary,
  serializeLibrary,
  type LibraryQuery,
} from '../../shared/queryLibrary/libraryFile';

/** The library file in the extension's global storage (never settings; see libraryFile.ts). */
export const LIBRARY_FILE_NAME = 'queryLibrary.json';

/** The library file could not be read as a library: nothing is written until it is fixed. */
export class LibraryFileProblem extends Error {
  override readonly name = 'LibraryFileProblem';
  constructor(
    readonly fileUri: vscode.Uri,
    readonly reason: string,
  ) {
    super(
      `Your query library (${fileUri.fsPath}) could not be read: ${reason}. Nothing was changed in it; fix the file or move it away, then refresh the Queries view.`,
    );
  }
}

export type LibraryRead = { queries: LibraryQuery[] } | { problem: LibraryFileProblem };

/**
 * The user's query library: read fresh from its file each time (another window may have changed
 * it), changed by read-change-write one change at a time, and written atomically (a temporary
 * file renamed over it), so that a crash mid-write leaves the old file whole.
 */
export class LibraryStore implements vscode.Disposable {
  readonly fileUri: vscode.Uri;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** Changes wait for the one before them: two quick additions both land. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly storageUri: vscode.Uri) {
    this.fileUri = vscode.Uri.joinPath(storageUri, LIBRARY_FILE_NAME);
  }

  /** The library's queries, or why its file cannot be read (a missing file is an empty library). */
  async read(): Promise<LibraryRead> {
    let bytes: Uint8Array;
    try {
      bytes = await vscode.workspace.fs.readFile(this.fileUri);
    } catch (error) {
      if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') {
        return { queries: [] };
      }
      return { problem: new LibraryFileProblem(this.fileUri, (error as Error).message) };
    }
    try {
      return { queries: parseLibrary(new TextDecoder().decode(bytes)) };
    } catch (error) {
      if (error instanceof LibraryFormatError) {
        return { problem: new LibraryFileProblem(this.fileUri, error.message) };
      }
      throw error;
    }
  }

  /**
   * Applies `change` to the library as it is in the file now and writes the result; throws the
   * file's `LibraryFileProblem` (writing nothing) when it cannot be read. `change` may return
   * undefined to write nothing (the user declined).
   */
  update<T>(
    change: (
      queries: LibraryQuery[],
    ) => Promise<{ queries: LibraryQuery[]; result: T } | undefined>,
  ): Promise<T | undefined> {
    const next = this.queue.then(async () => {
      const read = await this.read();
      if ('problem' in read) throw read.problem;
      const changed = await change(read.queries);
      if (!changed) return undefined;
      await this.write(changed.queries);
      this.changed.fire();
      return changed.result;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Tells the view to read the file again (it was changed outside, or the user asked). */
  refresh(): void {
    this.changed.fire();
  }

  private async write(queries: readonly LibraryQuery[]): Promise<void> {
    await vscode.workspace.fs.createDirectory(this.storageUri);
    const temporary = vscode.Uri.joinPath(
      this.storageUri,
      `${LIBRARY_FILE_NAME}.${process.pid}.${Date.now()}.tmp`,
    );
    await vscode.workspace.fs.writeFile(
      temporary,
      new TextEncoder().encode(serializeLibrary(queries)),
    );
    await vscode.workspace.fs.rename(temporary, this.fileUri, { overwrite: true });
  }

  dispose(): void {
    this.changed.dispose();
  }
}
