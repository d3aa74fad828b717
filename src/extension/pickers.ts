/**
 * The questions the view commands ask when they were not told: which PuppetDB, and which node.
 * Every fetch behind them can be cancelled (closing the picker aborts the request).
 */
import * as vscode from 'vscode';
import type { Services } from './services';

/** The active connection first; no question when there is only one. */
export async function pickConnection(services: Services): Promise<string | undefined> {
  const connections = services.store.list();
  if (connections.length === 0) {
    void vscode.window.showWarningMessage('No PuppetDB connection yet: add one first.');
    return undefined;
  }
  if (connections.length === 1) return connections[0]!.id;
  const active = services.statusBar.activeConnectionId;
  const items = connections
    .map((connection) => ({
      label: connection.name,
      description: connection.id === active ? `${connection.url} · active` : connection.url,
      id: connection.id,
    }))
    .sort((a, b) => Number(b.id === active) - Number(a.id === active));
  return (await vscode.window.showQuickPick(items, { placeHolder: 'PuppetDB connection' }))?.id;
}

/** The connection's active nodes, failed ones marked, or a certname typed by hand. */
export async function pickCertname(
  services: Services,
  connectionId: string,
): Promise<string | undefined> {
  const quickPick = vscode.window.createQuickPick<vscode.QuickPickItem>();
  quickPick.placeholder = 'Node (certname)';
  // like the steps after it: a view or a notification taking focus must not close it
  quickPick.ignoreFocusOut = true;
  quickPick.busy = true;
  quickPick.show();
  const controller = new AbortController();
  void (async () => {
    try {
      const client = await services.store.client(connectionId);
      const nodes = (await client
        .stream('nodes', {
          query: ['extract', ['certname', 'latest_report_status'], ['=', 'node_state', 'active']],
          orderBy: [{ field: 'certname', order: 'asc' }],
          signal: controller.signal,
        })
        .toArray()) as Array<{ certname: string; latest_report_status: string | null }>;
      quickPick.items = nodes.map((node) => ({
        label: node.certname,
        description: node.latest_report_status ?? 'no report',
        iconPath: new vscode.ThemeIcon(
          node.latest_report_status === 'failed' ? 'error' : 'vm',
          node.latest_report_status === 'failed'
            ? new vscode.ThemeColor('testing.iconFailed')
            : undefined,
        ),
      }));
    } catch (error) {
      if (!controller.signal.aborted) {
        quickPick.placeholder = `Type a certname (nodes could not be listed: ${error instanceof Error ? error.message : String(error)})`;
      }
    } finally {
      quickPick.busy = false;
    }
  })();
  return new Promise((resolve) => {
    quickPick.onDidAccept(() => {
      resolve(quickPick.selectedItems[0]?.label ?? (quickPick.value.trim() || undefined));
      quickPick.hide();
    });
    quickPick.onDidHide(() => {
      controller.abort();
      resolve(undefined);
      quickPick.dispose();
    });
  });
}
