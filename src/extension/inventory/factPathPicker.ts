import * as vscode from 'vscode';
import type { OrderBy, PuppetDB } from '../../client';
import { columnOfFactPath } from '../../shared/inventoryTable';
import { MAX_LIST_ROWS } from '../boundedRows';
import { inert } from '../inertText';
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
  const quickPick = vscode.window.createQuickPick<vscode.QuickPickItem & { column: string }>();
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
  void (async () => {
    try {
      const rows = await factPaths({
        // arrays' items (integer path segments) can't be extracted one by one
        query: ['not', ['=', 'type', 'integer-index']],
        orderBy: [{ field: 'path', order: 'asc' }],
      }).catch(() => factPaths({}));
      const seen = new Set<string>();
      const items: Array<vscode.QuickPickItem & { column: string }> = [];
      for (const row of rows) {
        const column = Array.isArray(row.path) ? columnOfFactPath(row.path) : undefined;
        if (!column || shown.includes(column) || seen.has(column)) continue;
        seen.add(column);
        // the column is kept as it is; the label shows it inert (a link or an icon stays text)
        items.push({
          label: inert(column.slice('facts.'.length)),
          description: inert(row.type ?? ''),
          column,
        });
      }
      quickPick.items = items;
    } catch (error) {
      if (!controller.signal.aborted) {
        quickPick.placeholder = vscode.l10n.t(
          'Type a fact path (paths could not be listed: {0})',
          inert(error instanceof Error ? error.message : String(error)),
        );
      }
    }
    quickPick.busy = false;
  })();
  return new Promise((resolve) => {
    quickPick.onDidAccept(() => {
      const picked = quickPick.selectedItems[0]?.column.slice('facts.'.length);
      const typed = picked ?? quickPick.value.trim();
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
