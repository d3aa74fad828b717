/** The explorer's Nodes folder of a connection, and the nodes it lists (every page of them). */
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/extension';
import { Commands, ContextValues } from '../../src/extension/ids';
import type { NodesFolder } from '../../src/extension/tree/nodesFolder';

export async function nodesFolderOf(api: ExtensionApi, connectionId: string): Promise<NodesFolder> {
  await api.services.explorer.getChildren();
  const root = api.services.explorer.root(connectionId)!;
  // the test bundle has its own copy of the classes: the folder is found by what it does
  return (await root.getChildren()).find(
    (child) => (child as Partial<NodesFolder>).filterable === true,
  ) as NodesFolder;
}

/** The certnames a folder lists, every page of it loaded ("Load more"), whatever the page size. */
export async function listedNodes(folder: NodesFolder): Promise<string[]> {
  let children = await folder.getChildren();
  while (
    children.length > 0 &&
    (await children.at(-1)!.toTreeItem()).contextValue === ContextValues.loadMore
  ) {
    await vscode.commands.executeCommand(Commands.loadMore, children.at(-1));
    children = await folder.getChildren();
  }
  const shown: string[] = [];
  for (const child of children) {
    const item = await child.toTreeItem();
    if (item.contextValue === ContextValues.node) shown.push(String(item.label));
  }
  return shown;
}
