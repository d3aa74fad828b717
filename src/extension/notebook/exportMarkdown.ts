import * as vscode from 'vscode';
import { notebookMarkdown } from '../../shared/notebook/markdownExport';
import type { PqlBook } from '../../shared/notebook/pqlBook';
import { Notebooks } from '../ids';
import { inert } from '../inertText';
import { savedOutput } from './notebookOutput';

/**
 * Export as Markdown (the notebook's toolbar): the open notebook as a report, written to the
 * `.md` file the user picks in the save dialog, each chart as an SVG file beside it. The argument
 * only says which open notebook (the toolbar passes its editor); no path comes from it or from
 * the notebook.
 */
export async function exportNotebookMarkdown(argument: unknown): Promise<vscode.Uri | undefined> {
  const notebook = openNotebook(argument);
  if (!notebook) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Export as Markdown exports an open PQL notebook: open one first.'),
    );
    return undefined;
  }
  const stem =
    notebook.uri.path
      .split('/')
      .pop()!
      .replace(/\.pqlbook$/i, '') || 'notebook';
  const folder =
    notebook.uri.scheme === 'file'
      ? vscode.Uri.joinPath(notebook.uri, '..')
      : vscode.workspace.workspaceFolders?.[0]?.uri;
  const target = await vscode.window.showSaveDialog({
    title: vscode.l10n.t(
      'Export the notebook as Markdown (charts are written beside it as SVG files)',
    ),
    defaultUri: folder && vscode.Uri.joinPath(folder, `${stem.replace(/[^\w.-]+/g, '_')}.md`),
    filters: { Markdown: ['md'] },
  });
  if (!target) return undefined;
  const baseName = target.path.split('/').pop()!.replace(/\.md$/i, '');
  const report = notebookMarkdown(bookOf(notebook), baseName);
  const encoder = new TextEncoder();
  await vscode.workspace.fs.writeFile(target, encoder.encode(report.markdown));
  for (const chart of report.charts) {
    await vscode.workspace.fs.writeFile(
      vscode.Uri.joinPath(target, '..', chart.fileName),
      encoder.encode(chart.svg),
    );
  }
  void vscode.window.showInformationMessage(
    report.charts.length > 0
      ? vscode.l10n.t(
          'Exported {0} with {1} chart(s) beside it.',
          inert(target.path.split('/').pop() ?? ''),
          report.charts.length,
        )
      : vscode.l10n.t('Exported {0}.', inert(target.path.split('/').pop() ?? '')),
  );
  return target;
}

/** The notebook as it is now: its cells and their current outputs (saved or not). */
function bookOf(notebook: vscode.NotebookDocument): PqlBook {
  return {
    cells: notebook.getCells().map((cell) => {
      const output = savedOutput(cell.outputs);
      return {
        kind: cell.kind === vscode.NotebookCellKind.Markup ? 'markdown' : 'pql',
        source: cell.document.getText(),
        ...(output ? { output } : {}),
      };
    }),
  };
}

/**
 * The open PQL notebook `argument` names, else the active one: the toolbar passes the notebook
 * itself (or, in older VS Code, `{ notebookEditor: { notebookUri } }`). Only a notebook VS Code
 * has open is taken.
 */
function openNotebook(argument: unknown): vscode.NotebookDocument | undefined {
  const open = vscode.workspace.notebookDocuments;
  const context = argument as { notebookEditor?: { notebookUri?: unknown } } | undefined;
  const uri = context?.notebookEditor?.notebookUri;
  const notebook =
    open.find((candidate) => candidate === argument) ??
    (uri instanceof vscode.Uri
      ? open.find((candidate) => candidate.uri.toString() === uri.toString())
      : vscode.window.activeNotebookEditor?.notebook);
  return notebook?.notebookType === Notebooks.type ? notebook : undefined;
}
