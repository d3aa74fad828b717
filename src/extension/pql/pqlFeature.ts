import * as vscode from 'vscode';
import type { RevealNodeTarget } from '../commandTargets';
import type { Feature } from '../feature';
import { Commands, PqlLanguageId } from '../ids';
import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import type { Services } from '../services';
import type { Panels } from '../webviews/definePanel';
import { LiveValues } from './liveValues';
import { PqlCodeLensProvider } from './pqlCodeLensProvider';
import { PqlCompletionProvider } from './pqlCompletionProvider';
import { PqlDiagnostics } from './pqlDiagnostics';
import { PqlHoverProvider } from './pqlHoverProvider';
import { showQueryHistory, type OpenQueryAsNotebook } from './queryHistoryPicker';
import type { ResultsPanel } from './resultsPanel';
import { revealNode } from './revealNode';
import { runQuery, type RunQueryArgument } from './runQueryCommand';
import { runQueryOnSeveral } from '../multiConnection/runOnSeveralCommand';

const NEW_QUERY_TEMPLATE = `# Run a query with Ctrl+Enter (Cmd+Enter on macOS) or "▶ Run" above it.
# Queries are separated by blank lines or ";". Lines starting with # are the editor's own.
# "# @connection <name>" runs the queries below it on that connection.
nodes[certname, latest_report_status, report_timestamp] {
  order by certname
  limit 20
}
`;

/** PQL as a language: running queries, results, history, completion, hover, diagnostics. */
export function registerPql(
  services: Services,
  results: Panels<'results', ResultsPanel>,
  openAsNotebook?: OpenQueryAsNotebook,
): Feature {
  const selector: vscode.DocumentSelector = { language: PqlLanguageId };
  const { history } = services;
  const liveValues = new LiveValues(services.store);
  const diagnostics = new PqlDiagnostics(services);
  const codeLenses = new PqlCodeLensProvider(services);
  return {
    disposables: [
      diagnostics,
      codeLenses,
      services.store.onDidChange(() => liveValues.clear()),
      vscode.languages.registerCodeLensProvider(selector, codeLenses),
      vscode.languages.registerCompletionItemProvider(
        selector,
        new PqlCompletionProvider(services, liveValues),
        '.',
        '"',
        "'",
        '[',
        '{',
        ' ',
        '$',
      ),
      vscode.languages.registerHoverProvider(selector, new PqlHoverProvider(services)),
      registerGuardedCommand(
        services.errors,
        Commands.runQuery,
        (argument?: RunQueryArgument | vscode.Uri) =>
          runQuery(services, results, history, diagnostics, argument),
      ),
      registerGuardedCommand(services.errors, Commands.runQueryOnSeveral, (argument?: unknown) =>
        runQueryOnSeveral(services, results, argument),
      ),
      registerGuardedCommand(services.errors, Commands.newQuery, async () => {
        const document = await vscode.workspace.openTextDocument({
          language: PqlLanguageId,
          content: NEW_QUERY_TEMPLATE,
        });
        return vscode.window.showTextDocument(document);
      }),
      registerGuardedCommand(services.errors, Commands.showQueryHistory, () =>
        showQueryHistory(
          services,
          history,
          (entry) =>
            runQuery(services, results, history, diagnostics, {
              connectionId: entry.connectionId,
              query: entry.query,
            }),
          openAsNotebook,
        ),
      ),
      registerGuardedCommand(services.errors, Commands.revealNode, (target: RevealNodeTarget) =>
        revealNode(services, target),
      ),
    ],
  };
}
