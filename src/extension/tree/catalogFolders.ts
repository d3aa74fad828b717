import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import type { RowBatches } from '../boundedRows';
import { Commands } from '../ids';
import { inert } from '../inertText';
import type { TreeContext } from './treeContext';
import { withLoadProgress } from './loading';
import { CommandLeaf, ListFolder } from './simpleNodes';
import { MAX_TREE_ITEMS } from '../boundedRows';
import { rowsAtMost } from '../truncationNotice';

/** The environments PuppetDB knows: a click on one shows the fleet narrowed to it. */
export class EnvironmentsFolder extends ListFolder {
  constructor(connectionId: string, context: TreeContext) {
    super(context, 'Environments', vscode.l10n.t('Environments'), 'layers', async () => {
      const environments = (await fleetRows(
        context,
        connectionId,
        vscode.l10n.t('Loading environments…'),
        vscode.l10n.t('The environments'),
        (client, signal) =>
          client.stream('environments', { orderBy: [{ field: 'name', order: 'asc' }], signal }),
      )) as Array<{ name?: unknown }>;
      return environments.map(({ name }) => {
        const environment = String(name);
        // the Nodes folder and the overview
        return new CommandLeaf(
          environment,
          'layers',
          vscode.l10n.t('Show the nodes and the overview of {0}', inert(environment)),
          {
            command: Commands.showEnvironment,
            title: vscode.l10n.t('Show Environment'),
            arguments: [{ connectionId, environment }],
          },
        );
      });
    });
  }
}

/** Every fact name in the fleet: a click on one opens its value distribution (the fact explorer). */
export class FactNamesFolder extends ListFolder {
  constructor(connectionId: string, context: TreeContext) {
    super(context, 'Fact names', vscode.l10n.t('Fact names'), 'symbol-key', async () => {
      const names = await fleetRows(
        context,
        connectionId,
        vscode.l10n.t('Loading fact names…'),
        vscode.l10n.t('The fact names'),
        (client, signal) => client.stream('fact-names', { signal }),
      );
      return names.map((name) => {
        const fact = String(name);
        return new CommandLeaf(
          fact,
          'symbol-key',
          vscode.l10n.t('Explore the values of {0} across the fleet', inert(fact)),
          {
            command: Commands.exploreFact,
            title: vscode.l10n.t('Explore Fact'),
            arguments: [{ connectionId, fact }],
          },
        );
      });
    });
  }
}

/** What a fleet-wide listing of the connection returns, at most MAX_TREE_ITEMS rows, with progress. */
async function fleetRows<T>(
  context: TreeContext,
  connectionId: string,
  loading: string,
  what: string,
  request: (client: PuppetDB, signal: AbortSignal) => RowBatches<T>,
): Promise<T[]> {
  const client = await context.store.client(connectionId);
  return withLoadProgress(loading, (signal) =>
    rowsAtMost(request(client, signal), MAX_TREE_ITEMS, what),
  );
}
