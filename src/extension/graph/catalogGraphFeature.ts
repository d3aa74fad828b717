import type { CatalogGraphTarget } from '../commandTargets';
import type { Feature } from '../feature';
import { Commands } from '../ids';
import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import { pickCertname, pickConnection } from '../pickers';
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
    history: new CatalogHistory(services.context.workspaceState, () =>
      services.settings.keptCatalogLimits(),
    ),
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
  const certname = await pickCertname(services, connectionId);
  return certname ? { connectionId, certname } : undefined;
}
