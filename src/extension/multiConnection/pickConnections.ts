import * as vscode from 'vscode';
import { inert } from '../inertText';
import { pickNothing } from '../pickers';
import type { Services } from '../services';

/**
 * The connections a query runs on at once, picked from the user's (the active one picked
 * already, then in the order of the settings); undefined when the user cancelled or picked none.
 */
export async function pickConnections(services: Services): Promise<string[] | undefined> {
  const connections = services.store.list();
  if (connections.length < 2) {
    return pickNothing(
      vscode.l10n.t(
        'Running a query on several connections needs at least two PuppetDB connections: add another first.',
      ),
    );
  }
  const active = services.statusBar.activeConnectionId;
  const items = connections.map((connection) => ({
    label: inert(connection.name),
    description:
      connection.id === active
        ? vscode.l10n.t('{0} · active', inert(connection.url))
        : inert(connection.url),
    picked: connection.id === active,
    id: connection.id,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    canPickMany: true,
    title: vscode.l10n.t('Run Query on Several Connections'),
    placeHolder: vscode.l10n.t('The PuppetDB connections to run the query on'),
  });
  if (!picked || picked.length === 0) return undefined;
  // in the order of the settings, whatever the order of the clicks
  const ids = new Set(picked.map((item) => item.id));
  return connections.filter((connection) => ids.has(connection.id)).map(({ id }) => id);
}
