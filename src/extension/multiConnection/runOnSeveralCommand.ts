import * as vscode from 'vscode';
import type { Services } from '../services';
import type { Panels } from '../webviews/definePanel';
import type { ResultsPanel, RunOutcome } from '../pql/resultsPanel';
import { queryToRun } from '../pql/runQueryCommand';
import { pickConnections } from './pickConnections';

/**
 * `runQueryOnSeveral`'s argument, when it has one: a query to run as it is on connections the
 * user has (another view, tests). Without one, the selection (or the query under the cursor) of
 * the PQL editor runs on connections the user picks.
 */
export interface RunOnSeveralArgument {
  connectionIds: string[];
  query: string;
}

/**
 * Runs one query on several connections at once: the results panel shows their rows merged with
 * a `connection` column, and each connection's rows, total or error beside the others'. The
 * query history keeps runs on one connection only (what running it from there again does).
 */
export async function runQueryOnSeveral(
  services: Services,
  results: Panels<'results', ResultsPanel>,
  argument?: unknown,
): Promise<RunOutcome | undefined> {
  const named = namedRun(services, argument);
  if (named) return runOn(results, named.connectionIds, named.query);
  const target = queryToRun(undefined);
  if (!target) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Put the cursor in a PQL query (or select one) to run it.'),
    );
    return undefined;
  }
  const connectionIds = await pickConnections(services);
  return connectionIds && runOn(results, connectionIds, target.query.text);
}

/** The argument's connections and query, each connection one of the user's; else undefined. */
function namedRun(services: Services, argument: unknown): RunOnSeveralArgument | undefined {
  if (typeof argument !== 'object' || argument === null || argument instanceof vscode.Uri) {
    return undefined;
  }
  const { connectionIds, query } = argument as Partial<Record<keyof RunOnSeveralArgument, unknown>>;
  if (
    !Array.isArray(connectionIds) ||
    connectionIds.length === 0 ||
    typeof query !== 'string' ||
    !query.trim()
  ) {
    throw new Error(
      vscode.l10n.t(
        'Run Query on Several Connections takes connection ids and a query; nothing was run.',
      ),
    );
  }
  for (const id of connectionIds) {
    if (typeof id !== 'string' || !services.store.get(id)) {
      throw new Error(
        vscode.l10n.t(
          'There is no PuppetDB connection "{0}"; nothing was run.',
          String(id).slice(0, 200),
        ),
      );
    }
  }
  return { connectionIds: [...new Set(connectionIds as string[])], query };
}

function runOn(
  results: Panels<'results', ResultsPanel>,
  connectionIds: string[],
  query: string,
): Promise<RunOutcome> {
  const [connectionId] = connectionIds as [string];
  const { panel } = results.show({ entry: 'results', connectionId, query, connectionIds });
  return panel.run({ connectionId, query, connectionIds });
}
