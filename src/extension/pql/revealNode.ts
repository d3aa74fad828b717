import * as vscode from 'vscode';
import type { RevealNodeTarget } from '../commandTargets';
import { ContextValues, Views } from '../ids';
import { inert } from '../inertText';
import type { Services } from '../services';
import type { ExplorerNode } from '../tree/explorerNode';

/**
 * Shows a node in the explorer: its connection's Nodes folder is filtered to that certname
 * (on the server, so it works in fleets of any size) and the node is selected.
 */
export async function revealNode(services: Services, target: RevealNodeTarget): Promise<void> {
  const { explorer, treeView } = services;
  await vscode.commands.executeCommand(`${Views.explorer}.focus`);
  // Twice at most: when the view still held other objects for these ids (a refresh it had not
  // run yet), the first reveal selects nothing; the tree is then listed anew and asked again.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) explorer.refresh();
    const node = await filteredNode(services, target);
    if (!node) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('{0} is not an active node of this PuppetDB.', inert(target.certname)),
      );
      return;
    }
    const selected = nextSelection(treeView);
    await treeView.reveal(node, { select: true, focus: true, expand: true });
    if ((await selected).includes(node)) return;
  }
}

/** The connection's Nodes folder filtered to the certname (on the server), and its node. */
async function filteredNode(
  services: Services,
  target: RevealNodeTarget,
): Promise<ExplorerNode | undefined> {
  const { explorer } = services;
  const folder = await explorer.nodesFolder(target.connectionId);
  folder.setFilter({ namePattern: `^${escapeRegex(target.certname)}$` });
  explorer.refresh(folder);
  for (const child of await explorer.getChildren(folder)) {
    if ((await child.toTreeItem()).contextValue === ContextValues.node) return child;
  }
  return undefined;
}

/**
 * The selection after the next change of it, or as it is after SELECTION_WAIT_MS without one.
 * The wait is generous: the workbench reports a selection back some time after the reveal has
 * resolved, and on a loaded machine a second's wait took a late report for a failed reveal, whose
 * second reveal then took the focus again from whatever the user had gone on to (a palette).
 */
function nextSelection(treeView: vscode.TreeView<ExplorerNode>): Promise<readonly ExplorerNode[]> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      listener.dispose();
      resolve(treeView.selection);
    }, SELECTION_WAIT_MS);
    const listener = treeView.onDidChangeSelection(({ selection }) => {
      clearTimeout(timer);
      listener.dispose();
      resolve(selection);
    });
  });
}

const SELECTION_WAIT_MS = 5000;

/** PostgreSQL (ARE) regular expressions take backslash escapes like JavaScript's. */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
