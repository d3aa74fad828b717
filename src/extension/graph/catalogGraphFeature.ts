import * as vscode from 'vscode';
import type { CatalogGraphTarget } from '../commandTargets';
import type { Feature } from '../feature';
import { Commands } from '../ids';
import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import type { Services } from '../services';
import { CatalogGraphPanel, type GraphContext, type GraphPanelState } from './catalogGraphPanel';
import { CatalogHistory } from './catalogHistory';

/**
 * `openCatalogGraph` from the tree (a PuppetNodeNode), the PQL results, the events table and
 * report view (a CatalogGraphTarget), or the palette (asks for the connection and the node).
 * Returns the panel's state, for tests.
 */
export function registerCatalogGraph(services: Services): Feature {
  const context: GraphContext = {
    services,
    history: new CatalogHistory(services.context.workspaceState),
  };
  return {
    disposables: [
      registerGuardedCommand(
        services.errors,
        Commands.openCatalogGraph,
        async (argument?: unknown): Promise<GraphPanelState | undefined> => {
          const target = await graphTarget(services, argument);
          return target && (await CatalogGraphPanel.show(context, target)).state();
        },
      ),
    ],
    revivers: {
      // shows the catalog it showed; nothing is fetched until the user asks ("Load again")
      graph: (panel, { restore, kept }) => {
        if (!restore || !services.store.get(restore.connectionId)) {
          panel.dispose();
          return;
        }
        CatalogGraphPanel.restore(context, restore, panel, kept);
      },
    },
  };
}

async function graphTarget(
  services: Services,
  argument: unknown,
): Promise<CatalogGraphTarget | undefined> {
  const given = argument as
    | { connectionId?: unknown; certname?: unknown; focus?: unknown; node?: { name?: unknown } }
    | undefined;
  if (typeof given?.connectionId === 'string' && typeof given.certname === 'string') {
    const focus = typeof given.focus === 'string' ? given.focus : undefined;
    return { connectionId: given.connectionId, certname: given.certname, focus };
  }
  // a PuppetNodeNode of the tree
  if (typeof given?.connectionId === 'string' && typeof given.node?.name === 'string') {
    return { connectionId: given.connectionId, certname: given.node.name };
  }
  const connectionId = await pickConnection(services);
  if (!connectionId) return undefined;
  const client = await services.store.client(connectionId);
  const certnames = client
    .stream('pql', { query: 'nodes[certname] { order by certname }' })
    .toArray()
    .then((rows) => (rows as Array<{ certname: string }>).map((row) => row.certname));
  const certname = await vscode.window.showQuickPick(certnames, {
    title: 'Open the catalog graph of…',
    placeHolder: 'certname',
  });
  return certname ? { connectionId, certname } : undefined;
}

/** The active connection; with none active, the only one, or the user's pick. */
async function pickConnection(services: Services): Promise<string | undefined> {
  const active = services.statusBar.activeConnectionId;
  if (active && services.store.get(active)) return active;
  const connections = services.store.list();
  if (connections.length === 0) {
    void vscode.window.showErrorMessage('Add a PuppetDB connection first.');
    return undefined;
  }
  if (connections.length === 1) return connections[0]!.id;
  const picked = await vscode.window.showQuickPick(
    connections.map((connection) => ({
      label: connection.name,
      description: connection.url,
      id: connection.id,
    })),
    { title: 'Open the catalog graph: which PuppetDB?' },
  );
  return picked?.id;
}
