import * as vscode from 'vscode';
import type { RevealNodeTarget } from '../commandTargets';
import { ContextValues, Views } from '../ids';
import type { Services } from '../services';
import { NodesFolder } from '../tree/nodesFolder';

/**
 * Shows a node in the explorer: its connection's Nodes folder is filtered to that certname
 * (on the server, so it works in fleets of any size) and the node is selected.
 */
export async function revealNode(services: Services, target: RevealNodeTarget): Promise<void> {
  const { explorer, treeView } = services;
  await vscode.commands.executeCommand(`${Views.explorer}.focus`);
  await explorer.getChildren();
  const root = explorer.root(target.connectionId);
  if (!root) throw new Error(`There is no PuppetDB connection "${target.connectionId}".`);
  const folder = (await explorer.getChildren(root)).find(
    (child): child is NodesFolder => child instanceof NodesFolder && child.filterable,
  );
  if (!folder) return;
  folder.setFilter({ namePattern: `^${escapeRegex(target.certname)}$` });
  explorer.refresh(folder);
  const children = await explorer.getChildren(folder);
  for (const child of children) {
    if ((await child.toTreeItem()).contextValue === ContextValues.node) {
      await treeView.reveal(child, { select: true, focus: true, expand: true });
      return;
    }
  }
  void vscode.window.showWarningMessage(
    vscode.l10n.t('{0} is not an active node of this PuppetDB.', target.certname),
  );
}

/** PostgreSQL (ARE) regular expressions take backslash escapes like JavaScript's. */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
