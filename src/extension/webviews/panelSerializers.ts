import * as vscode from 'vscode';
import type { WebviewEntry } from '../../shared/protocol';
import { checkRestoredState, type RestoredState } from '../../shared/protocolSchema';
import { WebviewPanels } from '../ids';
import { reportDropped } from './droppedMessages';

/**
 * Rebuilds a panel VS Code kept across a window reload, from what its webview saved: where it
 * was (`restore`) and what it showed (`kept`). A reviver shows that again and sends nothing to
 * PuppetDB; the panel's "Run again" / "Load again" does, when the user asks.
 */
export type PanelReviver<E extends WebviewEntry> = (
  panel: vscode.WebviewPanel,
  saved: Omit<RestoredState<E>, 'problem'>,
) => void | Promise<void>;

export type PanelRevivers = { [E in WebviewEntry]: PanelReviver<E> };

export function registerPanelSerializers(
  log: vscode.LogOutputChannel,
  revivers: Partial<PanelRevivers>,
): vscode.Disposable[] {
  return (Object.keys(revivers) as WebviewEntry[]).map((entry) =>
    vscode.window.registerWebviewPanelSerializer(WebviewPanels[entry], {
      async deserializeWebviewPanel(panel, state: unknown) {
        // the state was written by the webview: checked like any message it posts
        const { problem, ...saved } = checkRestoredState(entry, state);
        if (problem) reportDropped(log, entry, 'the saved state', problem);
        await (revivers[entry] as PanelReviver<typeof entry>)(panel, saved as never);
      },
    }),
  );
}
