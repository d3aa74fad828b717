/**
 * The soak's four activities, each as a user does it through the extension's real commands and
 * VS Code's real tree view and tabs: each returns only once the work is done and, for panels,
 * once the panel's tab is closed again (whether the extension let go of it is for the probes).
 */
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/extension';
import type { GraphPanelState } from '../../src/extension/graph/catalogGraphPanel';
import { Commands, ContextValues, WebviewPanels } from '../../src/extension/ids';
import type { EventsPanelInfo } from '../../src/extension/reports/eventsPanel';
import type { ExplorerNode } from '../../src/extension/tree/explorerNode';
import { until } from '../../test/vscode/until';
import { webviewTabs } from './probes';

export interface SoakTarget {
  api: ExtensionApi;
  connectionId: string;
  /** Active certnames, in the order the tree lists them. */
  certnames: string[];
  /** The PQL query of every run, and how many rows it must give. */
  query: string;
  rowsPerRun: number;
}

const PANEL_TIMEOUT_MS = 120_000;
/**
 * Every this many refreshes the sections are also revealed in the real tree view (VS Code then
 * fetches them again itself, which doubles a cycle's time; one in ten keeps the soak within
 * ~10 minutes on two cores and still runs VS Code's tree registry a hundred times).
 */
const REVEAL_EVERY = 10;

async function labelOf(api: ExtensionApi, node: ExplorerNode): Promise<string> {
  const item = await api.services.explorer.getTreeItem(node);
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

/**
 * One tree refresh (the Refresh button: everything dropped, health checked again), then the
 * connection, its Nodes folder and the `index`-th node down to the children of its Facts,
 * Resources and Reports, through the provider as VS Code asks it; every REVEAL_EVERY-th time the
 * sections are also revealed expanded in the real tree view, so that VS Code's tree takes part.
 * Returns how many items the three sections held.
 */
export async function treeCycle(target: SoakTarget, index: number): Promise<number> {
  const { api } = target;
  const explorer = api.services.explorer;
  await vscode.commands.executeCommand(Commands.refresh);
  await explorer.getChildren(); // the roots, as the view asks for them first
  const root = explorer.root(target.connectionId);
  if (!root) throw new Error(`the explorer does not show the connection ${target.connectionId}`);
  const [nodesFolder] = await explorer.getChildren(root);
  const nodes = await explorer.getChildren(nodesFolder);
  const node = nodes[index % target.certnames.length]!;
  const nodeItem = await explorer.getTreeItem(node);
  if (nodeItem.contextValue !== ContextValues.node) {
    throw new Error(`the Nodes folder lists "${String(nodeItem.label)}" where a node was expected`);
  }
  const reveal = api.services.treeView.visible && index % REVEAL_EVERY === 0;
  let items = 0;
  for (const section of await explorer.getChildren(node)) {
    const children = await explorer.getChildren(section);
    for (const child of children) {
      const item = await explorer.getTreeItem(child);
      if (item.contextValue === ContextValues.error) {
        throw new Error(
          `${String(nodeItem.label)} › ${await labelOf(api, section)}: ${String(item.label)}`,
        );
      }
    }
    items += children.length;
    if (reveal) {
      await api.services.treeView.reveal(section, { expand: true, select: false, focus: false });
    }
  }
  if (reveal) {
    // collapsed again, so that the next refresh does not re-fetch every section opened so far
    await vscode.commands.executeCommand(
      'workbench.actions.treeView.puppetdbExplorer.explorer.collapseAll',
    );
  }
  return items;
}

/**
 * One PQL run through Run Query into the results panel, waited for until the webview has painted
 * every row; `close` closes the panel's tab afterwards (the next run opens a new panel).
 */
export async function pqlRun(target: SoakTarget, close: boolean): Promise<void> {
  const { api } = target;
  const outcome = await vscode.commands.executeCommand<{ state: string; rows: number }>(
    Commands.runQuery,
    { connectionId: target.connectionId, query: target.query },
  );
  if (outcome?.state !== 'done') throw new Error(`the query ended ${outcome?.state}`);
  if (outcome.rows !== target.rowsPerRun) {
    throw new Error(`the query gave ${outcome.rows} rows, not ${target.rowsPerRun}`);
  }
  await until(
    'the results panel to paint every row',
    () => api.pqlResults()?.shownAllMs !== undefined,
    PANEL_TIMEOUT_MS,
  );
  if (!close) return;
  await closeTabs(WebviewPanels.results);
  await until('the results panel to be let go', () => api.pqlResults() === undefined);
}

/**
 * Opens a node's catalog graph, waits until its webview has drawn it (asking the command again,
 * which reveals the open panel: the graph tests' way), then closes the tab.
 */
export async function graphCycle(target: SoakTarget, index: number): Promise<void> {
  const certname = target.certnames[index % target.certnames.length]!;
  const open = () =>
    vscode.commands.executeCommand<GraphPanelState | undefined>(Commands.openCatalogGraph, {
      connectionId: target.connectionId,
      certname,
    });
  const deadline = Date.now() + PANEL_TIMEOUT_MS;
  for (;;) {
    const state = await open();
    if (state?.error) throw new Error(`the graph of ${certname}: ${state.error}`);
    if (state?.drawn) break;
    if (Date.now() > deadline) throw new Error(`the graph of ${certname} was not drawn`);
    // asking again fetches the catalog again: not too often
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await closeTabs(WebviewPanels.graph);
}

/** Opens the events table of a node's latest report, waits for every event, closes the tab. */
export async function eventsCycle(target: SoakTarget, index: number): Promise<number> {
  const certname = target.certnames[index % target.certnames.length]!;
  const info = await vscode.commands.executeCommand<EventsPanelInfo | undefined>(
    Commands.openEvents,
    { connectionId: target.connectionId, certname },
  );
  if (info?.state !== 'done') {
    throw new Error(`the events of ${certname}: ${info?.state} ${info?.error ?? ''}`);
  }
  await closeTabs(WebviewPanels.events);
  return info.eventCount;
}

/**
 * Closes the extension's panels of a view type as the user does (the tab's ×), and waits. The
 * cycle opened one: VS Code's tab model lists it a little after the command returned, so it is
 * waited for first, and any tab listed later is closed too.
 */
async function closeTabs(viewType: string): Promise<void> {
  await until(`the ${viewType} tab to be listed`, () => webviewTabs(viewType).length > 0);
  await until(`the ${viewType} tabs to close`, async () => {
    const tabs = webviewTabs(viewType);
    if (tabs.length === 0) return true;
    await vscode.window.tabGroups.close(tabs);
    return false;
  });
}
