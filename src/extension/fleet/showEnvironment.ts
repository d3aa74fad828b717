/**
 * An Environments leaf of the tree: the fleet narrowed to one environment, in the explorer's
 * Nodes folder (the server-side filter of "Filter Nodes…") and in the overview.
 */
import * as vscode from 'vscode';
import { Commands } from '../ids';
import type { Services } from '../services';
import type { NodeFilter } from '../tree/nodeFilter';
import type { OverviewPanelInfo } from '../overview/overviewPanel';

/** What the command answers (host tests): the tree's filter and the overview opened. */
export interface ShownEnvironment {
  connectionId: string;
  filter: NodeFilter;
  overview: OverviewPanelInfo | undefined;
}

export async function showEnvironment(
  services: Services,
  argument: unknown,
): Promise<ShownEnvironment | undefined> {
  const { connectionId, environment } = (argument ?? {}) as Record<string, unknown>;
  if (typeof connectionId !== 'string' || typeof environment !== 'string') {
    throw new Error(vscode.l10n.t('Show Environment needs a connection and an environment.'));
  }
  const { explorer, treeView } = services;
  const folder = await explorer.nodesFolder(connectionId);
  const filter: NodeFilter = { environment };
  folder.setFilter(filter);
  explorer.refresh(folder);
  await treeView.reveal(folder, { select: false, focus: false, expand: true });
  const overview = await vscode.commands.executeCommand<OverviewPanelInfo | undefined>(
    Commands.openOverview,
    { connectionId, environment },
  );
  return { connectionId, filter, overview };
}
