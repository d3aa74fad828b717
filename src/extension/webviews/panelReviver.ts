import type * as vscode from 'vscode';
import type { KeptContent, WebviewEntry } from '../../shared/protocol';
import { checkRestoredState } from '../../shared/protocol/schema';
import { reportDropped } from './droppedMessages';
import type { PanelRecords } from './panelRecords';
import type { InfoOf } from './webviewPanelHost';

/**
 * What a panel VS Code kept across a window reload is rebuilt from: where it was (`info`), from
 * the host's own record of the panel (under `panelId`), and what it showed (`kept`), from its
 * webview's state. It shows that again and sends nothing to PuppetDB; the panel's "Run again" /
 * "Load again" does, when the user asks, from `info` alone: `kept` is only shown.
 */
export interface RevivedPanel<E extends WebviewEntry> {
  panelId: string;
  info: InfoOf<E>;
  kept: KeptContent<E> | undefined;
}

/**
 * Rebuilds a panel of its view, or closes it: `saved` is undefined when the host holds no record
 * of the panel (nothing may be fetched for it). It answers whether it kept the panel.
 */
export type PanelReviver<E extends WebviewEntry> = (
  panel: vscode.WebviewPanel,
  saved: RevivedPanel<E> | undefined,
) => boolean;

/** One reviver per view: a view without one does not compile. */
export type PanelRevivers = { [E in WebviewEntry]: PanelReviver<E> };

/**
 * Rebuilds a panel of `entry` from the state its webview saved (tests; and VS Code's serializers,
 * which the startup shell registers before the extension loads: startup/startupShell.ts).
 */
export type PanelReviveFunction = (
  entry: WebviewEntry,
  panel: vscode.WebviewPanel,
  state: unknown,
) => Promise<void>;

export function panelReviver(
  log: vscode.LogOutputChannel,
  records: PanelRecords,
  revivers: PanelRevivers,
): PanelReviveFunction {
  return async (entry, panel, state) => {
    // the state was written by the webview: checked like any message it posts, and only its
    // panel id is used to find what the host recorded
    const { problem, panelId, kept } = checkRestoredState(entry, state);
    if (problem) reportDropped(log, entry, 'the saved state', problem);
    const info = records.recall(entry, panelId);
    if (panelId && !info) {
      reportDropped(
        log,
        entry,
        'the saved state',
        'the host holds no record of its panel id (closed, forgotten or made up)',
      );
    }
    const reviver = revivers[entry] as PanelReviver<typeof entry>;
    const saved = panelId && info ? { panelId, info, kept } : undefined;
    // a reviver that closed the panel instead (its connection is gone): its record goes too
    if (!reviver(panel, saved as RevivedPanel<typeof entry> | undefined) && panelId && info) {
      records.forget(panelId);
    }
    return Promise.resolve();
  };
}
