import * as vscode from 'vscode';
import { Commands } from '../ids';
import { inert } from '../inertText';
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
    // a notebook cell runs with its own Run button, on the notebook's connection
    if (document.uri.scheme === 'vscode-notebook-cell') return [];
    return splitQueries(document.getText()).map((query) => {
      const { connection, problem } = resolveConnection(this.services, query.connection);
      const range = new vscode.Range(
        document.positionAt(query.start),
        document.positionAt(query.start),
      );
      // the connection named in the file, and the file's query: text, never an icon
      return new vscode.CodeLens(range, {
        title: connection
          ? vscode.l10n.t('▶ Run on {0}', inert(connection.name))
          : vscode.l10n.t('▶ Run ({0})', problem ? inert(problem) : vscode.l10n.t('no connection')),
        tooltip: connection
          ? `${inert(connection.url)}\n${inert(query.text, { multiline: true })}`
          : problem && inert(problem),
        command: Commands.runQuery,
        arguments: [{ uri: document.uri.toString(), offset: query.start }],
      });
    });
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
