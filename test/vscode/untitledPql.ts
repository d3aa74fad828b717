import * as vscode from 'vscode';
import { PqlLanguageId } from '../../src/extension/ids';
import { until } from './until';

let opened = 0;

/**
 * A new untitled PQL document holding `content`, under a name of its own. Untitled documents
 * opened with `{ content }` are named Untitled-1, -2, …, and a name is given again once its
 * document is closed: a test's document could then meet what VS Code or the extension host still
 * held of an earlier test's.
 */
export async function openUntitledPql(content: string): Promise<vscode.TextDocument> {
  const uri = vscode.Uri.from({ scheme: 'untitled', path: `test-${Date.now()}-${++opened}.pql` });
  const document = await vscode.workspace.openTextDocument(uri);
  const edit = new vscode.WorkspaceEdit();
  edit.insert(uri, new vscode.Position(0, 0), content);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`could not write ${uri}`);
  await until(
    'the untitled document to hold its PQL',
    () => document.getText() === content && document.languageId === PqlLanguageId,
  );
  return document;
}

/**
 * Reverts and closes the active editor, and waits until the extension host has let go of its
 * document: the next untitled document may take the same URI, and opened before the close
 * arrives it is handed the old text.
 */
export async function discardEditor(editor: vscode.TextEditor): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await until('the discarded document to close', () => editor.document.isClosed);
}
