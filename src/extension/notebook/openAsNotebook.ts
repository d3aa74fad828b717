import * as vscode from 'vscode';
import type { PqlBook } from '../../shared/notebook/pqlBook';
import { Notebooks, PqlLanguageId } from '../ids';
import { inert } from '../inertText';
import { splitQueries } from '../pql/language/querySplitter';
import { notebookData } from './pqlBookSerializer';

/**
 * The queries of a PQL document as a new (untitled) notebook: one PQL cell per query, its
 * `# @connection` line as the cell's connection. Only a PQL document VS Code has open is read:
 * the editor title passes its own URI; any other argument reads nothing.
 */
export async function openPqlAsNotebook(
  argument?: unknown,
): Promise<vscode.NotebookEditor | undefined> {
  const document = pqlDocument(argument);
  if (!document) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Open as Notebook turns the PQL document of the active editor into a notebook; open a .pql file first.',
      ),
    );
    return undefined;
  }
  const text = document.getText();
  const queries = splitQueries(text);
  if (queries.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        '{0} holds no PQL query to put in a notebook.',
        inert(document.uri.path.split('/').pop() ?? ''),
      ),
    );
    return undefined;
  }
  return openNotebook({
    cells: queries.map((query) => ({
      kind: 'pql',
      source: text.slice(query.start, query.end),
      ...(query.connection ? { connection: query.connection } : {}),
    })),
  });
}

/** A query of the history as a new notebook on the connection it ran on. */
export function openQueryAsNotebook(
  query: string,
  connectionName: string,
): Promise<vscode.NotebookEditor> {
  return openNotebook({ connection: connectionName, cells: [{ kind: 'pql', source: query }] });
}

async function openNotebook(book: PqlBook): Promise<vscode.NotebookEditor> {
  const notebook = await vscode.workspace.openNotebookDocument(Notebooks.type, notebookData(book));
  return vscode.window.showNotebookDocument(notebook);
}

function pqlDocument(argument: unknown): vscode.TextDocument | undefined {
  if (argument instanceof vscode.Uri) {
    return vscode.workspace.textDocuments.find(
      (document) =>
        document.uri.toString() === argument.toString() && document.languageId === PqlLanguageId,
    );
  }
  const document = vscode.window.activeTextEditor?.document;
  return document?.languageId === PqlLanguageId ? document : undefined;
}
