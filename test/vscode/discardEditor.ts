import * as vscode from 'vscode';
import { until } from './until';

/**
 * Reverts and closes the active editor, and waits until the extension host has let go of its
 * document: the next untitled document may take the same URI, and opened before the close
 * arrives it is handed the old text.
 */
export async function discardEditor(editor: vscode.TextEditor): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await until('the discarded document to close', () => editor.document.isClosed);
}
