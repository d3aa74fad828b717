/** Opening PQL notebooks and running their cells as a user does, for the host suites. */
import * as vscode from 'vscode';
import { Notebooks, PqlLanguageId } from '../../src/extension/ids';
import { outputData } from '../../src/extension/notebook/notebookOutput';
import type { PqlBookOutput } from '../../src/shared/notebook/pqlBook';
import { until } from './until';

export async function openNotebook(
  cells: Array<{ source: string; connection?: string }>,
  connection?: string,
): Promise<vscode.NotebookDocument> {
  const data = new vscode.NotebookData(
    cells.map((cell) => {
      const item = new vscode.NotebookCellData(
        vscode.NotebookCellKind.Code,
        cell.source,
        PqlLanguageId,
      );
      if (cell.connection) item.metadata = { connection: cell.connection };
      return item;
    }),
  );
  if (connection) data.metadata = { connection };
  const notebook = await vscode.workspace.openNotebookDocument(Notebooks.type, data);
  await vscode.window.showNotebookDocument(notebook);
  return notebook;
}

/** Runs cell `index` as the cell's Run button does. */
export async function execute(notebook: vscode.NotebookDocument, index: number): Promise<void> {
  await vscode.commands.executeCommand('notebook.selectKernel', {
    id: Notebooks.controller,
    extension: 'puppetdb-explorer.puppetdb-explorer',
  });
  await vscode.commands.executeCommand('notebook.cell.execute', {
    ranges: [{ start: index, end: index + 1 }],
    document: notebook.uri,
  });
}

/** The cell's PQL output once its run has ended. */
export async function endedOutput(cell: vscode.NotebookCell): Promise<PqlBookOutput> {
  await until('the cell run to end', () => cell.executionSummary?.timing?.endTime !== undefined);
  return pqlOutput(cell)!;
}

export function pqlOutput(cell: vscode.NotebookCell): PqlBookOutput | undefined {
  return outputData(cell.outputs);
}

/** Closes every open notebook, reverted (a run leaves one dirty: no "Save?" dialog is left waiting). */
export async function closeNotebooks(): Promise<void> {
  for (let open = 0; vscode.window.activeNotebookEditor && open < 10; open++) {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
