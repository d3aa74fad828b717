import * as vscode from 'vscode';
import { Commands } from '../ids';
import type { Services } from '../services';
import { resolveConnection } from './connectionResolver';
import { splitQueries } from './language/querySplitter';

/** "▶ Run on <connection>" above each query of a .pql file. */
export class PqlCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly services: Services) {
    this.subscriptions = [
      this.changed,
      services.store.onDidChange(() => this.changed.fire()),
      services.statusBar.onDidChangeActive(() => this.changed.fire()),
    ];
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    return splitQueries(document.getText()).map((query) => {
      const { connection, problem } = resolveConnection(this.services, query.connection);
      const range = new vscode.Range(
        document.positionAt(query.start),
        document.positionAt(query.start),
      );
      return new vscode.CodeLens(range, {
        title: connection
          ? vscode.l10n.t('▶ Run on {0}', connection.name)
          : vscode.l10n.t('▶ Run ({0})', problem ?? vscode.l10n.t('no connection')),
        tooltip: connection ? `${connection.url}\n${query.text}` : problem,
        command: Commands.runQuery,
        arguments: [{ uri: document.uri.toString(), offset: query.start }],
      });
    });
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
