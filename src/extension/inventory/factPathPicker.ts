import * as vscode from 'vscode';
import type { OrderBy, PuppetDB } from '../../client';
import { columnOfFactPath } from '../../shared/inventoryTable';
import { MAX_LIST_ROWS } from '../boundedRows';
import { inert } from '../inertText';
import { pickFromServer } from '../pickers';
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
  const picked = await pickFromServer({
    title: vscode.l10n.t('Add an inventory column'),
    placeholder: vscode.l10n.t('Fact path, e.g. os.distro.codename'),
    failedPlaceholder: (message) =>
      vscode.l10n.t('Type a fact path (paths could not be listed: {0})', message),
    load: async (signal) => {
      const factPaths = (options: { query?: unknown[]; orderBy?: OrderBy }) =>
        rowsAtMost(
          client.stream('fact-paths', { ...options, signal }),
          MAX_LIST_ROWS,
          vscode.l10n.t('The fact paths'),
        ) as Promise<Array<{ path?: unknown; type?: unknown }>>;
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
      return items;
    },
  });
  const typed = picked?.item?.column.slice('facts.'.length) ?? picked?.typed;
  if (!typed) return undefined;
  const column = typed.startsWith('facts.') ? typed : `facts.${typed}`;
  return columnOfFactPath(column.slice('facts.'.length).split('.')) ? column : undefined;
}
