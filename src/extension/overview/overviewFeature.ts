import * as vscode from 'vscode';
import type { Feature } from '../feature';
import { Commands } from '../ids';
import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import { pickConnection } from '../pickers';
import type { Services } from '../services';
import { ConnectionNode } from '../tree/connectionNode';
import { OverviewPanel, type OverviewPanelInfo } from './overviewPanel';

/**
 * "PuppetDB: Open Overview": from the palette (the active connection, or a pick), a connection
 * of the tree, the status bar's menu, or `{ connectionId, environment?, waitForPaint? }` (an
 * Environments leaf narrows it to one environment; tests, the bench:
 * then it answers once the webview has painted the overview). One panel per connection: opening
 * it again brings it forward and refreshes it.
 */
export function registerOverview(services: Services): Feature {
  const panels = new Map<string, OverviewPanel>();
  const keep = (panel: OverviewPanel) => {
    panels.get(panel.connectionId)?.dispose();
    panels.set(panel.connectionId, panel);
    panel.onDidDispose(() => {
      if (panels.get(panel.connectionId) === panel) panels.delete(panel.connectionId);
    });
    return panel;
  };

  const open = async (argument?: unknown): Promise<OverviewPanelInfo | undefined> => {
    const target = await overviewTarget(services, argument);
    if (!target) return undefined;
    const existing = panels.get(target.connectionId);
    if (existing) existing.panel.reveal();
    const panel =
      existing ?? keep(OverviewPanel.create(services, target.connectionId, target.environment));
    await (existing ? existing.showEnvironment(target.environment) : panel.loaded);
    if (target.waitForPaint) await panel.painted();
    return panel.info();
  };

  return {
    disposables: [
      registerGuardedCommand(services.errors, Commands.openOverview, open),
      { dispose: () => [...panels.values()].forEach((panel) => panel.dispose()) },
    ],
    revivers: {
      overview: (panel, { restore, kept }) => {
        if (!restore) return panel.dispose();
        keep(OverviewPanel.restore(services, panel, restore, kept));
      },
    },
  };
}

async function overviewTarget(
  services: Services,
  argument: unknown,
): Promise<
  { connectionId: string; waitForPaint: boolean; environment: string | undefined } | undefined
> {
  if (argument instanceof ConnectionNode) {
    return { connectionId: argument.connection.id, waitForPaint: false, environment: undefined };
  }
  if (typeof argument === 'object' && argument !== null) {
    const { connectionId, waitForPaint, environment } = argument as Record<string, unknown>;
    if (typeof connectionId === 'string' && services.store.get(connectionId)) {
      return {
        connectionId,
        waitForPaint: waitForPaint === true,
        environment: typeof environment === 'string' ? environment : undefined,
      };
    }
    throw new Error(
      vscode.l10n.t('Open Overview: there is no PuppetDB connection "{0}".', String(connectionId)),
    );
  }
  const connectionId = services.statusBar.activeConnectionId ?? (await pickConnection(services));
  return connectionId ? { connectionId, waitForPaint: false, environment: undefined } : undefined;
}
