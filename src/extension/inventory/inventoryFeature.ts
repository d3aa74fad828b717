import type * as vscode from 'vscode';
import type { Feature } from '../feature';
import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import { Commands } from '../ids';
import { findPackages } from '../packages/findPackages';
import { pickConnection } from '../pickers';
import type { Services } from '../services';
import { ConnectionNode } from '../tree/connectionNode';
import { InventoryPanel, type InventoryPanelInfo } from './inventoryPanel';

/**
 * `puppetdbExplorer.openInventory`: a connection node, `{ connectionId, waitForPaint?,
 * firstRows? }`, or nothing (asked). It answers once the rows are loaded; with `waitForPaint`
 * (tests, the bench) once the webview has painted every loaded row; with `firstRows` (the bench)
 * as soon as it painted the first rows.
 */
export interface InventoryTarget {
  connectionId: string;
  waitForPaint?: boolean;
  firstRows?: boolean;
}

/**
 * The fleet's inventory table and the package search: their commands, and the inventory's
 * reviver after a window reload. One inventory panel per connection.
 */
export function registerInventory(services: Services): Feature {
  const panels = new Map<string, InventoryPanel>();
  const add = (panel: InventoryPanel) => {
    panels.get(panel.connectionId)?.dispose();
    panels.set(panel.connectionId, panel);
    panel.onDidDispose(() => {
      if (panels.get(panel.connectionId) === panel) panels.delete(panel.connectionId);
    });
    return panel;
  };

  const openInventory = async (argument?: unknown): Promise<InventoryPanelInfo | undefined> => {
    const target = argument as Partial<InventoryTarget> | undefined;
    const connectionId =
      argument instanceof ConnectionNode
        ? argument.connection.id
        : typeof target?.connectionId === 'string' && services.store.get(target.connectionId)
          ? target.connectionId
          : await pickConnection(services);
    if (!connectionId) return undefined;
    const open = panels.get(connectionId);
    if (open) open.panel.reveal();
    const panel =
      open ??
      add(InventoryPanel.create(services, connectionId, services.settings.inventoryColumns()));
    if (target?.firstRows === true) return panel.firstRowsShown().then(() => panel.info());
    await panel.loaded;
    if (target?.waitForPaint === true) await panel.painted();
    return panel.info();
  };

  const disposeAll: vscode.Disposable = {
    dispose: () => {
      for (const panel of [...panels.values()]) panel.dispose();
      panels.clear();
    },
  };

  return {
    disposables: [
      registerGuardedCommand(services.errors, Commands.openInventory, openInventory),
      registerGuardedCommand(services.errors, Commands.findPackages, (argument?: unknown) => {
        if (typeof argument === 'object' && argument !== null && 'exportTo' in argument) {
          services.log.warn(
            'Find Packages ignored "exportTo": a command argument never chooses a file to write; the list\'s Save button asks where.',
          );
        }
        return findPackages(services, argument);
      }),
      disposeAll,
    ],
    revivers: {
      inventory: (panel, { restore, kept }) => {
        if (!restore) return panel.dispose();
        add(InventoryPanel.restore(services, panel, restore, kept));
      },
    },
  };
}
