import * as vscode from 'vscode';
import { quickButton } from '../pickers';
import { PqlLanguageId } from '../ids';
import { inert } from '../inertText';
import type { Services } from '../services';
import type { HistoryEntry, QueryHistory } from '../queryHistory';

/** Opens a query of the history as a PQL notebook on the connection it ran on. */
export type OpenQueryAsNotebook = (query: string, connectionName: string) => Promise<unknown>;

/** The query history: pick one to run it again, or open it in a .pql editor or a notebook. */
export async function showQueryHistory(
  services: Services,
  history: QueryHistory,
  run: (entry: HistoryEntry) => Promise<unknown>,
  openAsNotebook?: OpenQueryAsNotebook,
): Promise<void> {
  const entries = history.entries();
  if (entries.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No PQL query has run yet.'));
    return;
  }
  // made here, not at load, so they are worded after VS Code has read the extension's bundle
  const [runAgain, open, notebook] = [
    quickButton('play', vscode.l10n.t('Run again')),
    quickButton('go-to-file', vscode.l10n.t('Open in an editor')),
    quickButton('notebook', vscode.l10n.t('Open as Notebook')),
  ];
  const picker = vscode.window.createQuickPick<vscode.QuickPickItem & { entry: HistoryEntry }>();
  picker.title = vscode.l10n.t('PQL query history');
  picker.placeholder = vscode.l10n.t('Enter runs the query again');
  picker.matchOnDetail = true;
  // a query may come from a workspace's .pql file: its words are text, never an icon
  picker.items = entries.map((entry) => ({
    label: `${icon(entry)} ${inert(entry.query.replace(/\s+/g, ' '), { maxChars: 100 })}`,
    description: [
      inert(services.store.get(entry.connectionId)?.name ?? entry.connectionId),
      vscode.l10n.t('{0} rows', entry.rows.toLocaleString('en-US')),
      vscode.l10n.t('{0} ms', entry.elapsedMs),
      inert(new Date(entry.ranAt).toLocaleString()),
    ].join(' · '),
    detail: entry.query.includes('\n') ? inert(entry.query) : undefined,
    buttons: openAsNotebook ? [runAgain, open, notebook] : [runAgain, open],
    entry,
  }));
  const act = async (entry: HistoryEntry, open: boolean, asNotebook = false) => {
    picker.hide();
    const connectionName = services.store.get(entry.connectionId)?.name ?? entry.connectionId;
    if (asNotebook && openAsNotebook) {
      await openAsNotebook(entry.query, connectionName);
    } else if (open) {
      const document = await vscode.workspace.openTextDocument({
        language: PqlLanguageId,
        content: `# @connection ${connectionName}\n${entry.query}\n`,
      });
      await vscode.window.showTextDocument(document);
    } else {
      await run(entry);
    }
  };
  picker.onDidTriggerItemButton(
    (event) => void act(event.item.entry, event.button === open, event.button === notebook),
  );
  picker.onDidAccept(() => {
    const picked = picker.selectedItems[0];
    if (picked) void act(picked.entry, false);
  });
  picker.onDidHide(() => picker.dispose());
  picker.show();
}

function icon(entry: HistoryEntry): string {
  switch (entry.outcome) {
    case 'done':
      return '$(pass)';
    case 'error':
      return '$(error)';
    default:
      return '$(circle-slash)';
  }
}
