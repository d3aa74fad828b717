import * as vscode from 'vscode';

/**
 * Accepts the selected item of each quick pick that `opening` (a command that asks) shows, as a
 * user pressing Enter would, until the command settles. The accept does nothing while no quick
 * pick is open or its items are still loading, so it is tried again every 250 ms, up to `ms`.
 */
export async function acceptQuickPicks<T>(opening: Thenable<T>, ms = 30_000): Promise<T> {
  let settled = false;
  const done = Promise.resolve(opening).finally(() => (settled = true));
  const deadline = Date.now() + ms;
  while (!settled) {
    if (Date.now() > deadline) {
      throw new Error(`the command did not settle within ${ms / 1000} s of accepting its picks`);
    }
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 250))]);
  }
  return done;
}
