import * as vscode from 'vscode';
import { Commands, PqlLanguageId } from '../ids';
import { inert } from '../inertText';
import type { Services } from '../services';
import type { ConnectionSettings } from '../settings';
import { resolveConnection } from './connectionResolver';
import { queryAt, selectionQuery, splitQueries, type PqlQuery } from './language/querySplitter';
import type { PqlDiagnostics } from './pqlDiagnostics';
import type { QueryHistory } from '../queryHistory';
import type { Panels } from '../webviews/definePanel';
import type { ResultsPanel, RunOutcome } from './resultsPanel';

/**
 * `runQuery`'s arguments: from a CodeLens (a PQL document VS Code has open: an argument never
 * makes it read a file), or a query to run as it is on a connection the user has (history, tests).
 */
export type RunQueryArgument =
  { uri: string; offset: number } | { connectionId: string; query: string };

/**
 * Runs the selection, or the query under the cursor (or the CodeLens's), on its connection;
 * the results panel shows it, the history keeps it, a server error becomes a squiggle.
 */
export async function runQuery(
  services: Services,
  results: Panels<'results', ResultsPanel>,
  history: QueryHistory,
  diagnostics: PqlDiagnostics,
  argument?: RunQueryArgument | vscode.Uri,
): Promise<RunOutcome | undefined> {
  // the editor title's Run button passes the editor's URI: its editor's query runs
  if (argument instanceof vscode.Uri) return runQuery(services, results, history, diagnostics);
  if (argument && 'query' in argument) {
    const connection = services.store.get(argument.connectionId);
    if (!connection) throw new Error(`There is no PuppetDB connection "${argument.connectionId}".`);
    return runOn(results, history, connection, argument.query);
  }
  if (argument && !openPqlDocument(argument.uri)) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Run Query runs a query of a PQL document open in VS Code; {0} is not one, so nothing was read or run.',
        inert(String(argument.uri)),
      ),
    );
    return undefined;
  }
  const target = queryToRun(argument);
  if (!target) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Put the cursor in a PQL query (or select one) to run it.'),
    );
    return undefined;
  }
  const connection = await connectionToRunOn(services, target.query.connection);
  if (!connection) return undefined;
  return runOn(results, history, connection, target.query.text, (outcome) =>
    diagnostics.recordRun(target.document, target.query, connection.id, outcome.serverText),
  );
}

/**
 * The connection a query runs on (its `# @connection` line's, else the active one), or
 * undefined once the user was told why there is none: Restricted Mode (with Manage Workspace
 * Trust) or no such connection (with Add Connection…). The query library runs its queries
 * through here too.
 */
export async function connectionToRunOn(
  services: Services,
  hint: string | undefined,
): Promise<ConnectionSettings | undefined> {
  const { connection, problem, needsTrust } = resolveConnection(services, hint);
  if (needsTrust) {
    // not awaited: the command ends here whether or not the user opens the trust editor
    void vscode.window
      .showWarningMessage(
        problem ? inert(problem) : vscode.l10n.t('Restricted Mode.'),
        vscode.l10n.t('Manage Workspace Trust'),
      )
      .then((answer) => (answer ? services.trust.manage() : undefined));
    return undefined;
  }
  if (!connection) {
    const answer = await vscode.window.showErrorMessage(
      problem ? inert(problem) : vscode.l10n.t('No connection.'),
      vscode.l10n.t('Add Connection…'),
    );
    if (answer) await vscode.commands.executeCommand(Commands.addConnection);
    return undefined;
  }
  return connection;
}

async function runOn(
  results: Panels<'results', ResultsPanel>,
  history: QueryHistory,
  connection: ConnectionSettings,
  query: string,
  afterRun?: (outcome: RunOutcome) => void,
): Promise<RunOutcome> {
  const { panel } = results.show({ entry: 'results', connectionId: connection.id, query });
  return panel.run({
    connectionId: connection.id,
    query,
    onOutcome: (outcome) => {
      afterRun?.(outcome);
      void history.add({
        query,
        connectionId: connection.id,
        ranAt: new Date().toISOString(),
        outcome: outcome.state,
        rows: outcome.rows,
        elapsedMs: Math.round(outcome.elapsedMs),
      });
    },
  });
}

/** The PQL document VS Code has open at `uri` (a CodeLens's); never one read for the asking. */
function openPqlDocument(uri: unknown): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find(
    (document) => document.uri.toString() === uri && document.languageId === PqlLanguageId,
  );
}

export function queryToRun(
  argument: { uri: string; offset: number } | undefined,
): { document: vscode.TextDocument; query: PqlQuery } | undefined {
  if (argument) {
    const document = openPqlDocument(argument.uri);
    const offset = typeof argument.offset === 'number' ? argument.offset : 0;
    const query = document && queryAt(splitQueries(document.getText()), offset);
    return document && query && { document, query };
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== PqlLanguageId) return undefined;
  const { document, selection } = editor;
  const text = document.getText();
  const query = selection.isEmpty
    ? queryAt(splitQueries(text), document.offsetAt(selection.active))
    : selectionQuery(text, document.offsetAt(selection.start), document.offsetAt(selection.end));
  if (query && !selection.isEmpty) {
    // a selection inherits the connection of the query it starts in
    query.connection = queryAt(splitQueries(text), query.start)?.connection;
  }
  return query && { document, query };
}
