import * as vscode from 'vscode';
import type { OrderBy, PuppetDB } from '../../client';
import { columnOfFactPath } from '../../shared/inventoryTable';
import { MAX_LIST_ROWS } from '../boundedRows';
import { rowsAtMost } from '../truncationNotice';

/**
 * A fact path to add as an inventory column, from PuppetDB's fact-paths (every path of every
 * structured fact, with its type), filtered as the user types; a path typed by hand
 * (`facts.os.name`) is taken too. Paths the inventory's extract can't name are left out.
 */
export async function pickFactPathColumn(
  client: PuppetDB,
  shown: readonly string[],
): Promise<string | undefined> {
  const quickPick = vscode.window.createQuickPick();
  quickPick.title = vscode.l10n.t('Add an inventory column');
  quickPick.placeholder = vscode.l10n.t('Fact path, e.g. os.distro.codename');
  quickPick.ignoreFocusOut = true;
  quickPick.matchOnDescription = true;
  quickPick.busy = true;
  quickPick.show();
  const controller = new AbortController();
  const factPaths = (options: { query?: unknown[]; orderBy?: OrderBy }) =>
    rowsAtMost(
      client.stream('fact-paths', { ...options, signal: controller.signal }),
      MAX_LIST_ROWS,
      vscode.l10n.t('The fact paths'),
    ) as Promise<Array<{ path?: unknown; type?: unknown }>>;
  void factPaths({
    // arrays' items (integer path segments) can't be extracted one by one
    query: ['not', ['=', 'type', 'integer-index']],
    orderBy: [{ field: 'path', order: 'asc' }],
  })
    .catch(() => factPaths({}))
    .then((rows) => {
      const seen = new Set<string>();
      const items: vscode.QuickPickItem[] = [];
      for (const row of rows) {
        const column = Array.isArray(row.path) ? columnOfFactPath(row.path) : undefined;
        if (!column || shown.includes(column) || seen.has(column)) continue;
        seen.add(column);
        items.push({ label: column.slice('facts.'.length), description: String(row.type ?? '') });
      }
      quickPick.items = items;
    })
    .catch((error: unknown) => {
      if (!controller.signal.aborted) {
        quickPick.placeholder = vscode.l10n.t(
          'Type a fact path (paths could not be listed: {0})',
          error instanceof Error ? error.message : String(error),
        );
      }
    })
    .finally(() => (quickPick.busy = false));
  return new Promise((resolve) => {
    quickPick.onDidAccept(() => {
      const typed = quickPick.selectedItems[0]?.label ?? quickPick.value.trim();
      const column = typed.startsWith('facts.') ? typed : `facts.${typed}`;
      resolve(
        columnOfFactPath(column.slice('facts.'.length).split('.')) && typed ? column : undefined,
      );
      quickPick.hide();
    });
    quickPick.onDidHide(() => {
      controller.abort();
      resolve(undefined);
      quickPick.dispose();
    });
  });
}
