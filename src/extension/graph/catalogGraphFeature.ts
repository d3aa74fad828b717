import * as vscode from 'vscode';
import type { CatalogGraphTarget } from '../commandTargets';
import type { Feature } from '../feature';
import { Commands } from '../ids';
import type { Services } from '../services';
import { CatalogGraphPanel } from './catalogGraphPanel';

/** `openCatalogGraph` from the tree (a node), the results (a catalog row), or the palette. */
export function registerCatalogGraph(services: Services): Feature {
  return {
    disposables: [
      vscode.commands.registerCommand(Commands.openCatalogGraph, async (argument?: unknown) => {
        try {
          const target = await graphTarget(services, argument);
          if (target) return (await CatalogGraphPanel.show(services, target)).state();
        } catch (error) {
          void vscode.window.showErrorMessage(
            error instanceof Error ? error.message : String(error),
          );
        }
        return undefined;
      }),
    ],
    revivers: {
      graph: async (panel, restore) => {
        if (restore && services.store.get(restore.connectionId)) {
          const graph = await CatalogGraphPanel.show(services, restore, panel);
          if (restore.compareWith) await graph.compareTo(restore.compareWith);
        } else {
          panel.dispose();
        }
      },
    },
  };
}

async function graphTarget(
  services: Services,
  argument: unknown,
): Promise<CatalogGraphTarget | undefined> {
  const node = argument as
    { connectionId?: unknown; certname?: unknown; node?: { name?: unknown } } | undefined;
  if (typeof node?.connectionId === 'string' && typeof node.certname === 'string') {
    return argument as CatalogGraphTarget;
  }
  if (typeof node?.connectionId === 'string' && typeof node.node?.name === 'string') {
    return { connectionId: node.connectionId, certname: node.node.name };
  }
  const connectionId = services.statusBar.activeConnectionId;
  if (!connectionId) {
    void vscode.window.showErrorMessage('Add a PuppetDB connection first.');
    return undefined;
  }
  const client = await services.store.client(connectionId);
  const rows = (await client
    .stream('pql', { query: 'nodes[certname] { order by certname }' })
    .toArray()) as Array<{
    certname: string;
  }>;
  const certname = await vscode.window.showQuickPick(
    rows.map((row) => row.certname),
    { title: 'Open the catalog graph of…', placeHolder: 'certname' },
  );
  return certname ? { connectionId, certname } : undefined;
}
