import * as vscode from 'vscode';
import type { CountKey, HealthTile } from '../../shared/overview';
import { Commands, Views } from '../ids';
import type { Services } from '../services';
import type { NodeFilter } from '../tree/nodeFilter';
import type { NodesFolder } from '../tree/nodesFolder';

/** Where a count of the overview led: the tree's Nodes folder filtered, or a PQL node list. */
export type CountedNodes =
  { shown: 'tree'; filter: NodeFilter; folder: NodesFolder } | { shown: 'pql'; query: string };

/**
 * Shows the nodes behind one count of the overview. Statuses filter the explorer's Nodes folder
 * (the server-side filter of "Filter Nodes…", with the overview's exclusive statuses, so the
 * folder lists exactly the counted nodes);
 * the flags the filter has no word for (cached catalog, deactivated, expired: the tree lists only
 * active nodes) open as a PQL node list.
 */
export async function showCountedNodes(
  services: Services,
  connectionId: string,
  count: CountKey,
  environment: string | undefined,
): Promise<CountedNodes> {
  if (count === 'cached' || count === 'deactivated' || count === 'expired') {
    const query = countedNodesPql(count, environment);
    await vscode.commands.executeCommand(Commands.runQuery, { connectionId, query });
    return { shown: 'pql', query };
  }
  return showInTree(services, connectionId, {
    status: count,
    asCounted: true,
    ...(environment !== undefined && { environment }),
  });
}

/**
 * Shows the nodes behind a health tile: the explorer's Nodes folder with the node filter of the
 * same name (fleetHealth.ts asks both, so the folder lists exactly the counted nodes).
 */
export function showHealthNodes(
  services: Services,
  connectionId: string,
  tile: HealthTile,
  environment: string | undefined,
): Promise<CountedNodes> {
  return showInTree(services, connectionId, {
    health: tile,
    ...(environment !== undefined && { environment }),
  });
}

async function showInTree(
  services: Services,
  connectionId: string,
  filter: NodeFilter,
): Promise<CountedNodes> {
  const { explorer, treeView } = services;
  await vscode.commands.executeCommand(`${Views.explorer}.focus`);
  const folder = await explorer.nodesFolder(connectionId);
  folder.setFilter(filter);
  explorer.refresh(folder);
  await treeView.reveal(folder, { select: true, focus: true, expand: true });
  return { shown: 'tree', filter, folder };
}

/** The PQL of the nodes behind a flag; strings quoted as JSON (PQL's double-quoted strings). */
export function countedNodesPql(
  count: 'cached' | 'deactivated' | 'expired',
  environment: string | undefined,
): string {
  const clauses = {
    cached: 'cached_catalog_status in ["explicitly_requested", "on_failure"]',
    deactivated: 'node_state = "any" and deactivated is not null',
    expired: 'node_state = "any" and expired is not null',
  }[count];
  const where =
    environment === undefined
      ? clauses
      : `${clauses} and catalog_environment = ${JSON.stringify(environment)}`;
  return `nodes[certname, catalog_environment, latest_report_status, cached_catalog_status, report_timestamp, deactivated, expired] { ${where} order by certname }`;
}
