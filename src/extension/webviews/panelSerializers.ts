import * as vscode from 'vscode';
import type { RestoreInfo, WebviewEntry } from '../../shared/protocol';
import { WebviewPanels } from '../ids';

/** Rebuilds a panel VS Code kept across a window reload, from what its webview saved. */
export type PanelReviver<E extends WebviewEntry> = (
  panel: vscode.WebviewPanel,
  restore: Extract<RestoreInfo, { entry: E }> | undefined,
) => void | Promise<void>;

export type PanelRevivers = { [E in WebviewEntry]: PanelReviver<E> };

export function registerPanelSerializers(revivers: Partial<PanelRevivers>): vscode.Disposable[] {
  return (Object.keys(revivers) as WebviewEntry[]).map((entry) =>
    vscode.window.registerWebviewPanelSerializer(WebviewPanels[entry], {
      async deserializeWebviewPanel(panel, state: { restore?: RestoreInfo } | undefined) {
        const restore = state?.restore?.entry === entry ? state.restore : undefined;
        await (revivers[entry] as PanelReviver<typeof entry>)(panel, restore as never);
      },
    }),
  );
}
