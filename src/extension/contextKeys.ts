import * as vscode from 'vscode';
import type { ConnectionStore } from './connections/connectionStore';
import { Contexts } from './ids';
import type { ExplorerNode } from './tree/explorerNode';
import { PuppetNodeNode } from './tree/puppetNodeNode';

/**
 * Keeps the context keys of `Contexts` in step with what the user has: the palette hides the
 * commands that need a PuppetDB until a connection exists, and the walkthrough sees its steps done.
 */
export function trackContextKeys(
  store: ConnectionStore,
  treeView: vscode.TreeView<ExplorerNode>,
): vscode.Disposable[] {
  const showConnections = () =>
    void vscode.commands.executeCommand(
      'setContext',
      Contexts.hasConnections,
      store.list().length > 0,
    );
  showConnections();
  return [
    store.onDidChange(showConnections),
    treeView.onDidExpandElement(({ element }) => {
      if (element instanceof PuppetNodeNode) {
        void vscode.commands.executeCommand('setContext', Contexts.nodeBrowsed, true);
      }
    }),
  ];
}
