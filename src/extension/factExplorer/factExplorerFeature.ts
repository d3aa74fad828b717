import * as vscode from 'vscode';
import { isFactPath, type FactPath } from '../../shared/factExplorer';
import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import type { Feature } from '../feature';
import { Commands } from '../ids';
import { pickConnection } from '../pickers';
import type { Services } from '../services';
import { FactExplorerPanel, type FactExplorerInfo } from './factExplorerPanel';
import { pathOfFact, pickFact } from './pickFactPath';

/**
 * "PuppetDB: Explore Fact…": from the palette (the active connection, or a pick, then a fact
 * name and, for a structured fact, one of its paths), a "Fact names" leaf of the tree, a fact
 * name's hover in a .pql file, or `{ connectionId?, fact? | path?, waitForPaint? }` (tests, the
 * bench: then it answers once the webview has painted). One panel per connection: exploring
 * another fact shows it in the open panel.
 */
export function registerFactExplorer(services: Services): Feature {
  const panels = new Map<string, FactExplorerPanel>();
  const keep = (panel: FactExplorerPanel) => {
    panels.get(panel.connectionId)?.dispose();
    panels.set(panel.connectionId, panel);
    panel.onDidDispose(() => {
      if (panels.get(panel.connectionId) === panel) panels.delete(panel.connectionId);
    });
    return panel;
  };

  const explore = async (argument?: unknown): Promise<FactExplorerInfo | undefined> => {
    const given = targetOf(argument);
    const connectionId =
      given.connectionId ??
      services.statusBar.activeConnectionId ??
      (await pickConnection(services));
    if (!connectionId) return undefined;
    if (!services.store.get(connectionId)) {
      throw new Error(
        vscode.l10n.t('Explore Fact: there is no PuppetDB connection "{0}".', connectionId),
      );
    }
    const path =
      given.path ??
      (given.fact !== undefined
        ? await pathOfFact(services, connectionId, given.fact)
        : await pickFact(services, connectionId));
    if (!path) return undefined;
    const existing = panels.get(connectionId);
    if (existing) existing.panel.reveal();
    const panel = existing ?? keep(FactExplorerPanel.create(services, connectionId, path));
    await (existing ? existing.show(path) : panel.loaded);
    if (given.waitForPaint) await panel.painted();
    return panel.info();
  };

  return {
    disposables: [
      registerGuardedCommand(services.errors, Commands.exploreFact, explore),
      { dispose: () => [...panels.values()].forEach((panel) => panel.dispose()) },
    ],
    revivers: {
      factExplorer: (panel, { restore, kept }) => {
        if (!restore) return panel.dispose();
        keep(FactExplorerPanel.restore(services, panel, restore, kept));
      },
    },
  };
}

/** What a command argument says (anything may be passed to a command: checked here). */
function targetOf(argument: unknown): {
  connectionId?: string;
  fact?: string;
  path?: FactPath;
  waitForPaint: boolean;
} {
  if (typeof argument !== 'object' || argument === null) return { waitForPaint: false };
  const { connectionId, fact, path, waitForPaint } = argument as Record<string, unknown>;
  if (path !== undefined && !isFactPath(path)) {
    throw new Error(vscode.l10n.t('Explore Fact: {0} is not a fact path.', JSON.stringify(path)));
  }
  return {
    ...(typeof connectionId === 'string' && { connectionId }),
    ...(typeof fact === 'string' && fact.length > 0 && { fact }),
    ...(path !== undefined && { path }),
    waitForPaint: waitForPaint === true,
  };
}
