import * as vscode from 'vscode';
import { Notebooks } from '../ids';
import { inert } from '../inertText';
import type { Services } from '../services';
import { cellConnection } from './notebookConnection';

/**
 * The connection each PQL cell will run on, in the cell's status bar: the user sees where a
 * notebook's queries go before running it, and in Restricted Mode that it waits for trust.
 */
export class CellConnectionStatusBar implements vscode.NotebookCellStatusBarItemProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCellStatusBarItems = this.changed.event;

  constructor(private readonly services: Services) {}

  /** Registers it, refreshed when connections, the active one or trust change. */
  register(): vscode.Disposable {
    return vscode.Disposable.from(
      this.changed,
      vscode.notebooks.registerNotebookCellStatusBarItemProvider(Notebooks.type, this),
      this.services.store.onDidChange(() => this.changed.fire()),
      this.services.statusBar.onDidChangeActive(() => this.changed.fire()),
      this.services.trust.onDidGrant(() => this.changed.fire()),
    );
  }

  provideCellStatusBarItems(cell: vscode.NotebookCell): vscode.NotebookCellStatusBarItem[] {
    if (cell.kind !== vscode.NotebookCellKind.Code) return [];
    const { connection, connections, name } = cellConnection(this.services, cell);
    let text: string;
    if (!this.services.trust.isTrusted) {
      text = name
        ? vscode.l10n.t('$(workspace-untrusted) Restricted Mode: would run on {0}', inert(name))
        : vscode.l10n.t('$(workspace-untrusted) Restricted Mode: runs once trusted');
    } else if (connection) {
      // a cell on several connections names each (its `# @connection east, west` line)
      const names = (connections ?? [connection]).map((each) => inert(each.name)).join(', ');
      text = vscode.l10n.t('$(database) {0}', names);
    } else {
      text = name
        ? vscode.l10n.t('$(warning) No connection named {0}', inert(name))
        : vscode.l10n.t('$(warning) No connection');
    }
    const item = new vscode.NotebookCellStatusBarItem(
      text,
      vscode.NotebookCellStatusBarAlignment.Right,
    );
    item.tooltip = vscode.l10n.t('The PuppetDB connection this cell runs on');
    return [item];
  }
}
