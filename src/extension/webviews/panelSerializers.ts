import * as vscode from 'vscode';
import type { KeptContent, RestoreInfo, WebviewEntry } from '../../shared/protocol';
import { checkRestoredState } from '../../shared/protocolSchema';
import { WebviewPanels } from '../ids';
import { reportDropped } from './droppedMessages';
import type { PanelRecords } from './panelRecords';
import { reviveUnderId, unclaimedId } from './webviewPanelHost';

/**
 * What a panel VS Code kept across a window reload is rebuilt from: where it was (`restore`),
 * from the host's own record of the panel, and what it showed (`kept`), from its webview's
 * state. A reviver shows that again and sends nothing to PuppetDB; the panel's "Run again" /
 * "Load again" does, when the user asks, from `restore` alone: `kept` is only shown.
 */
export interface RevivedPanel<E extends WebviewEntry> {
  /** Undefined when the host holds no record of the panel: nothing may be fetched for it. */
  restore: Extract<RestoreInfo, { entry: E }> | undefined;
  kept: KeptContent<E> | undefined;
}

export type PanelReviver<E extends WebviewEntry> = (
  panel: vscode.WebviewPanel,
  saved: RevivedPanel<E>,
) => void | Promise<void>;

export type PanelRevivers = { [E in WebviewEntry]: PanelReviver<E> };

/** Rebuilds a panel of `entry` from the state its webview saved (VS Code's serializer, tests). */
export type PanelReviveFunction = (
  entry: WebviewEntry,
  panel: vscode.WebviewPanel,
  state: unknown,
) => Promise<void>;

export function registerPanelSerializers(
  log: vscode.LogOutputChannel,
  records: PanelRecords,
  revivers: Partial<PanelRevivers>,
): { disposables: vscode.Disposable[]; revive: PanelReviveFunction } {
  const revive: PanelReviveFunction = async (entry, panel, state) => {
    const reviver = revivers[entry] as PanelReviver<typeof entry> | undefined;
    if (!reviver) return panel.dispose();
    // the state was written by the webview: checked like any message it posts, and only its
    // panel id is used to find what the host recorded
    const { problem, panelId, kept } = checkRestoredState(entry, state);
    if (problem) reportDropped(log, entry, 'the saved state', problem);
    const restore = records.recall(entry, panelId);
    if (panelId && !restore) {
      reportDropped(
        log,
        entry,
        'the saved state',
        'the host holds no record of its panel id (closed, forgotten or made up)',
      );
    }
    if (restore && panelId) reviveUnderId(panel, panelId);
    await reviver(panel, { restore, kept } as RevivedPanel<typeof entry>);
    // a reviver that closed the panel instead (its connection is gone): its record goes too
    const unclaimed = unclaimedId(panel);
    if (unclaimed) records.forget(unclaimed);
  };
  const disposables = (Object.keys(revivers) as WebviewEntry[]).map((entry) =>
    vscode.window.registerWebviewPanelSerializer(WebviewPanels[entry], {
      deserializeWebviewPanel: (panel, state: unknown) => revive(entry, panel, state),
    }),
  );
  return { disposables, revive };
}
