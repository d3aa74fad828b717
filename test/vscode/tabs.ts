import * as vscode from 'vscode';
import { until } from './until';

/** The tabs of the webview panels of one view type (ours are prefixed by VS Code). */
export function webviewTabs(viewType: string): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter(
      (tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(viewType),
    );
}

/**
 * Waits until VS Code's tab model lists `count` panels of a view type, and checks the count again
 * after a round trip to the window. The tab model is updated from the window after a panel is
 * created or revealed, so right after a command that opened one it may not list it yet; a panel
 * made by mistake (a second one for one source) is asked for before that round trip, so the second
 * look sees it.
 */
export async function expectWebviewTabs(viewType: string, count: number): Promise<void> {
  await until(
    `${count} "${viewType}" tab(s), seeing ${webviewTabs(viewType).length}`,
    () => webviewTabs(viewType).length === count,
  ).catch((error: unknown) => {
    throw new Error(
      `expected ${count} "${viewType}" tab(s), VS Code lists ${webviewTabs(viewType).length}`,
      { cause: error },
    );
  });
  await vscode.commands.getCommands(true);
  if (webviewTabs(viewType).length !== count) {
    throw new Error(
      `expected ${count} "${viewType}" tab(s), VS Code lists ${webviewTabs(viewType).length}`,
    );
  }
}
