import * as vscode from 'vscode';
import { checkRendererMessage } from '../../shared/notebook/rendererMessages';
import { Notebooks } from '../ids';
import type { Services } from '../services';
import { openViews } from '../webviews/openViews';
import { cellConnection } from './notebookConnection';
import { outputData } from './notebookOutput';

/**
 * A certname clicked in a cell's output opens its node. The message is checked by its schema;
 * the output is looked up in the notebook the renderer shows, the certname must be one of that
 * output's rows, and the connection is the cell's own (as a run resolves it, so never while the
 * workspace is untrusted): the renderer chooses neither.
 */
export function rendererMessaging(services: Services): vscode.Disposable {
  const messaging = vscode.notebooks.createRendererMessaging(Notebooks.renderer);
  return messaging.onDidReceiveMessage(async ({ editor, message }) => {
    const problem = checkRendererMessage(message);
    if (problem) {
      services.log.warn(`PQL notebook renderer: message dropped (${problem})`);
      return;
    }
    const { outputKey, certname } = message as { outputKey: string; certname: string };
    const cell = editor.notebook
      .getCells()
      .find((candidate) => outputData(candidate.outputs)?.key === outputKey);
    const output = cell && outputData(cell.outputs);
    const listed = output?.rows?.some(
      (row) =>
        typeof row === 'object' &&
        row !== null &&
        (row as Record<string, unknown>).certname === certname,
    );
    if (!cell || !listed) {
      services.log.warn('PQL notebook renderer: a certname not in its output was dropped');
      return;
    }
    const { connection } = cellConnection(services, cell);
    if (!services.trust.isTrusted || !connection) return;
    await openViews.node({ connectionId: connection.id, certname });
  });
}
