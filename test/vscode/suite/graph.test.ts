/**
 * The catalog graph inside a real VS Code extension host, against the real PuppetDB: the command
 * takes every kind of argument (a CatalogGraphTarget, a tree node, nothing), the panel holds the
 * catalog the server has, its webview draws all of it (or the focus), and there is one panel per
 * node. (What the webview draws is checked in detail by test/e2e/graph.e2e.ts.)
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import type { GraphPanelState } from '../../../src/extension/graph/catalogGraphPanel';
import { catalogToDto } from '../../../src/extension/graph/catalogToDto';
import { Commands, WebviewPanels } from '../../../src/extension/ids';
import type { ExplorerNode } from '../../../src/extension/tree/explorerNode';
import { focusSet } from '../../../src/shared/catalogGraphModel';
import { httpClient, loadedFleet, testServer } from '../../integration/support/puppetdb';
import { acceptQuickPicks } from '../quickPicks';
import { expectWebviewTabs, webviewTabs } from '../tabs';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'graph-suite', name: 'Graph suite PuppetDB' };

const openGraph = (argument?: unknown) =>
  vscode.commands.executeCommand<GraphPanelState | undefined>(Commands.openCatalogGraph, argument);

/**
 * Asks again until the webview has reported a drawing that `done` accepts. Asking again reveals
 * the open panel and fetches the catalog anew; an unchanged catalog is not drawn again.
 */
async function drawnState(
  argument: unknown,
  done: (state: GraphPanelState) => boolean,
): Promise<GraphPanelState> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const state = await openGraph(argument);
    assert.ok(state, 'the command returns the panel state');
    if (done(state)) return state;
    if (Date.now() > deadline) {
      assert.fail(`the webview did not draw as expected: ${JSON.stringify(state)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function childByLabel(parent: ExplorerNode, label: string): Promise<ExplorerNode> {
  for (const child of await parent.getChildren()) {
    if (String((await child.toTreeItem()).label) === label) return child;
  }
  throw new Error(`no "${label}" under this node`);
}

describe('Catalog graph', function () {
  let api: ExtensionApi;
  const server = testServer();
  const client = httpClient();
  const fleet = loadedFleet();
  const certnames = fleet.nodes
    .filter((node) => !fleet.deactivated.includes(node.certname))
    .map((node) => node.certname)
    .sort();

  before(async () => {
    const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
    api = await extension.activate();
    if (!api.services.store.get(CONNECTION.id)) {
      await vscode.commands.executeCommand(Commands.addConnection, {
        connection: { ...CONNECTION, url: `http://${server.host}:${server.httpPort}` },
      });
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("opens a node's catalog: the server's resources and edges, all drawn", async () => {
    const certname = certnames[0]!;
    const catalog = catalogToDto(await client.catalog(certname));
    const target = { connectionId: CONNECTION.id, certname };
    const state = await drawnState(target, (s) => s.drawn !== undefined);
    assert.equal(state.certname, certname);
    assert.equal(state.version, catalog.version);
    assert.equal(state.resources, catalog.resources.length);
    assert.equal(state.edges, catalog.edges.length);
    assert.ok(state.resources > 10 && state.edges > 10);
    assert.equal(state.drawn!.nodes, catalog.resources.length);
    assert.equal(state.drawn!.edges, catalog.edges.length);
    assert.equal(state.comparedWith, undefined);
    await expectWebviewTabs(WebviewPanels.graph, 1);
    assert.equal(webviewTabs(WebviewPanels.graph)[0]!.label, `Catalog: ${certname}`);
  });

  it('keeps one panel per node: opening it again brings the same panel forward', async () => {
    const target = { connectionId: CONNECTION.id, certname: certnames[0]! };
    await openGraph(target);
    await openGraph(target);
    await expectWebviewTabs(WebviewPanels.graph, 1);
  });

  it('takes a node of the explorer tree', async () => {
    let connection: ExplorerNode | undefined;
    for (const root of await api.services.explorer.getChildren()) {
      if ((await root.toTreeItem()).label === CONNECTION.name) connection = root;
    }
    assert.ok(connection, 'the suite connection is in the tree');
    const certname = certnames[1]!;
    const node = await childByLabel(await childByLabel(connection, 'Nodes'), certname);
    const state = await openGraph(node);
    assert.equal(state?.certname, certname);
    assert.equal(state?.resources, catalogToDto(await client.catalog(certname)).resources.length);
    await expectWebviewTabs(WebviewPanels.graph, 2);
  });

  it('focuses on a resource when asked (as the events table and report view do)', async () => {
    const certname = certnames[2]!;
    const catalog = catalogToDto(await client.catalog(certname));
    const service = catalog.resources.find((resource) => resource.type === 'Service')!.id;
    const expected = focusSet(catalog, service).size;
    assert.ok(expected > 1 && expected < catalog.resources.length);
    const target = { connectionId: CONNECTION.id, certname, focus: service };
    const state = await drawnState(target, (s) => s.drawn?.nodes === expected);
    assert.equal(state.resources, catalog.resources.length);
    assert.ok(state.drawn!.edges < catalog.edges.length);
  });

  it('asks for the node when given nothing (the command palette)', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // the connection pick lists the active connection first; other suites leave theirs active
    // (some point at a stopped server, whose certname pick would wait for typing forever)
    const previousActive = api.services.statusBar.activeConnectionId;
    await api.services.statusBar.setActive(CONNECTION.id);
    try {
      // a connection pick comes first when there are several, then the certname: accept the
      // first item of each as it shows, until the graph opens
      const state = await acceptQuickPicks(openGraph());
      assert.equal(state?.certname, certnames[0]);
      await expectWebviewTabs(WebviewPanels.graph, 1);
    } finally {
      if (previousActive) await api.services.statusBar.setActive(previousActive);
    }
  });

  it('says so in the panel when the node has no catalog, and draws nothing', async () => {
    const state = await openGraph({
      connectionId: CONNECTION.id,
      certname: 'no-such-node.example',
    });
    assert.ok(state);
    assert.ok(state.error, 'the panel has a message to show');
    assert.match(state.error, /no-such-node\.example|not found|404/i);
    assert.equal(state.version, undefined);
    assert.equal(state.resources, 0);
    assert.equal(state.drawn, undefined);
  });
});
