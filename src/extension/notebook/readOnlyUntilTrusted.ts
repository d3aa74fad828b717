import * as vscode from 'vscode';
import { Notebooks } from '../ids';
import type { Services } from '../services';

/** VS Code's own commands: read-only for this window's session, for the active editor's file. */
const SET_READ_ONLY = 'workbench.action.files.setActiveEditorReadonlyInSession';
const RESET_READ_ONLY = 'workbench.action.files.resetActiveEditorReadonlyInSession';

/**
 * In Restricted Mode a PQL notebook file opens read-only (with its saved outputs): a notebook from
 * a workspace the user does not trust can be read, not changed, until trusted. VS Code gives an
 * extension no read-only notebook of its own (the serializer has no such option); its
 * "read-only in this session" acts on the active editor's file, so each notebook file is made
 * read-only as its editor becomes active, and writable again once the workspace is trusted.
 * An untitled notebook (Open as Notebook) holds what the user made and stays writable.
 */
export class ReadOnlyUntilTrusted implements vscode.Disposable {
  /** The notebook files this made read-only, made writable again after trust. */
  private readonly madeReadOnly = new Set<string>();
  private readonly subscriptions: vscode.Disposable[];
  /** The last change asked for, once VS Code has made it (one at a time, in order). */
  private settled: Promise<void> = Promise.resolve();

  constructor(private readonly services: Services) {
    this.subscriptions = [
      vscode.window.onDidChangeActiveNotebookEditor((editor) => this.apply(editor)),
      services.trust.onDidGrant(() => this.apply(vscode.window.activeNotebookEditor)),
    ];
    this.apply(vscode.window.activeNotebookEditor);
  }

  /** Resolves once every change asked for so far is made. */
  whenSettled(): Promise<void> {
    return this.settled;
  }

  private apply(editor: vscode.NotebookEditor | undefined): void {
    this.settled = this.settled
      .then(() => this.applyNow(editor))
      .catch((error: unknown) =>
        this.services.log.warn(`PQL notebook read-only in Restricted Mode: ${String(error)}`),
      );
  }

  /** Makes the active notebook editor `editor` read-only until trust, or writable after it. */
  private async applyNow(editor: vscode.NotebookEditor | undefined): Promise<void> {
    const notebook = editor?.notebook;
    if (notebook?.notebookType !== Notebooks.type || notebook.isUntitled) return;
    // the commands act on the active editor: only while it is still this one
    if (vscode.window.activeNotebookEditor !== editor) return;
    const key = notebook.uri.toString();
    if (!this.services.trust.isTrusted) {
      if (this.madeReadOnly.has(key)) return;
      this.madeReadOnly.add(key);
      await vscode.commands.executeCommand(SET_READ_ONLY);
    } else if (this.madeReadOnly.delete(key)) {
      await vscode.commands.executeCommand(RESET_READ_ONLY);
    }
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
