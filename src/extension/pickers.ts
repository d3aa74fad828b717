/**
 * The questions the view commands ask when they were not told: which PuppetDB, and which node.
 * Every fetch behind them can be cancelled (closing the picker aborts the request).
 */
import * as vscode from 'vscode';
import { parseIsoRange } from '../shared/eventTableSource';
import { inert, type InertText } from './inertText';
import type { Services } from './services';
import { MAX_LIST_ROWS } from './boundedRows';
import { rowsAtMost } from './truncationNotice';

/** Says `message` as a warning and picks nothing: a picker's answer when there is no choice to offer. */
export function pickNothing(message: string): undefined {
  void vscode.window.showWarningMessage(message);
  return undefined;
}

/** The active connection first; no question when there is only one. */
export async function pickConnection(services: Services): Promise<string | undefined> {
  const connections = services.store.list();
  if (connections.length === 0) {
    return pickNothing(vscode.l10n.t('No PuppetDB connection yet: add one first.'));
  }
  if (connections.length === 1) return connections[0]!.id;
  const active = services.statusBar.activeConnectionId;
  const items = connections
    .map((connection) => ({
      label: inert(connection.name),
      description:
        connection.id === active
          ? vscode.l10n.t('{0} · active', inert(connection.url))
          : inert(connection.url),
      id: connection.id,
    }))
    .sort((a, b) => Number(b.id === active) - Number(a.id === active));
  return (
    await vscode.window.showQuickPick(items, {
      placeHolder: vscode.l10n.t('PuppetDB connection'),
    })
  )?.id;
}

/** The connection's active nodes, failed ones marked, or a certname typed by hand. */
export async function pickCertname(
  services: Services,
  connectionId: string,
): Promise<string | undefined> {
  const picked = await pickFromServer({
    placeholder: vscode.l10n.t('Node (certname)'),
    failedPlaceholder: (message) =>
      vscode.l10n.t('Type a certname (nodes could not be listed: {0})', message),
    load: async (signal) => {
      const client = await services.store.client(connectionId);
      const nodes = (await rowsAtMost(
        client.stream('nodes', {
          query: ['extract', ['certname', 'latest_report_status'], ['=', 'node_state', 'active']],
          orderBy: [{ field: 'certname', order: 'asc' }],
          signal,
        }),
        MAX_LIST_ROWS,
        vscode.l10n.t('The node list'),
      )) as Array<{ certname: string; latest_report_status: string | null }>;
      // the certname is kept as it is; the label shows it inert (a link or an icon stays text)
      return nodes.map((node) => ({
        certname: node.certname,
        label: inert(node.certname),
        description: node.latest_report_status
          ? inert(node.latest_report_status)
          : vscode.l10n.t('no report'),
        iconPath: new vscode.ThemeIcon(
          node.latest_report_status === 'failed' ? 'error' : 'vm',
          node.latest_report_status === 'failed'
            ? new vscode.ThemeColor('testing.iconFailed')
            : undefined,
        ),
      }));
    },
  });
  return picked?.item?.certname ?? picked?.typed;
}

export interface ServerPick<T extends vscode.QuickPickItem> {
  /** What was picked, or undefined when the user accepted text of their own. */
  item?: T;
  /** The text in the box when nothing listed was picked. */
  typed?: string;
}

/**
 * A picker whose items come from PuppetDB: it opens at once (busy) and fills in when they
 * arrive; closing it aborts the fetch. A failed fetch leaves it open for typing, and says why.
 */
export function pickFromServer<T extends vscode.QuickPickItem>(options: {
  placeholder: string;
  title?: string;
  /** The placeholder after a failed fetch, from the error's message (made inert). */
  failedPlaceholder(message: InertText): string;
  load(signal: AbortSignal): Promise<T[]>;
}): Promise<ServerPick<T> | undefined> {
  const quickPick = vscode.window.createQuickPick<T>();
  quickPick.title = options.title;
  quickPick.placeholder = options.placeholder;
  quickPick.matchOnDescription = true;
  // like the steps after it: a view or a notification taking focus must not close it
  quickPick.ignoreFocusOut = true;
  quickPick.busy = true;
  quickPick.show();
  const controller = new AbortController();
  void (async () => {
    try {
      const items = await options.load(controller.signal);
      quickPick.items = items;
    } catch (error) {
      if (controller.signal.aborted) return;
      quickPick.placeholder = options.failedPlaceholder(
        inert(error instanceof Error ? error.message : String(error)),
      );
    }
    quickPick.busy = false;
  })();
  return new Promise((resolve) => {
    quickPick.onDidAccept(() => {
      const item = quickPick.selectedItems[0];
      const typed = quickPick.value.trim();
      if (item) resolve({ item });
      else if (typed) resolve({ typed });
      else return;
      quickPick.hide();
    });
    quickPick.onDidHide(() => {
      controller.abort();
      resolve(undefined);
      quickPick.dispose();
    });
  });
}

/** A button of a quick pick (its title bar or an item): a codicon, and what it does. */
export function quickButton(icon: string, tooltip: string): vscode.QuickInputButton {
  return { iconPath: new vscode.ThemeIcon(icon), tooltip };
}

/** A time range typed as ISO-8601 "start / end" (the end optional; UTC unless a zone is given). */
export async function askIsoRange(
  prompt: string,
): Promise<{ since: string; until?: string } | undefined> {
  const input = await vscode.window.showInputBox({
    prompt,
    placeHolder: '2024-05-01T00:00Z / 2024-05-02T00:00Z',
    ignoreFocusOut: true,
    validateInput: (value) =>
      parseIsoRange(value)
        ? undefined
        : vscode.l10n.t('An ISO-8601 date or date-time, optionally "/ end".'),
  });
  return input === undefined ? undefined : parseIsoRange(input);
}
