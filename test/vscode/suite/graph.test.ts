/**
 * The catalog graph inside a real VS Code extension host, against the real PuppetDB: the command
 * takes every kind of argument (a CatalogGraphTarget, a tree node, nothing), the panel holds the
 * catalog the server has, its webview draws all of it (or the focus), and there is one panel per
 * node. (What the webview draws is checked in detail by test/e2e/graph.e2e.ts.)
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { addConnection } from '../testingApi';
import { until } from '../until';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'graph-suite', name: 'Graph suite PuppetDB' };

const openGraph = (argument?: unknown) =>
  vscode.commands.executeCommand<GraphPanelState | undefined>(Commands.openCatalogGraph, argument);

/**
 * Opens the graph (once), then waits until its webview has reported a drawing that `done`
 * accepts: the command returns when the catalog is sent, and the page draws it after.
 */
async function drawnState(
  api: ExtensionApi,
  argument: { connectionId: string; certname: string; focus?: string },
  done: (state: GraphPanelState) => boolean,
): Promise<GraphPanelState> {
  assert.ok(await openGraph(argument), 'the command returns the panel state');
  return until(
    `the webview to draw ${argument.certname} as expected`,
    () => api.graphPanels().find((state) => state.certname === argument.certname && done(state)),
    45_000,
  ).catch((error: unknown) => {
    const states = api.graphPanels().filter((state) => state.certname === argument.certname);
    throw new Error(`the webview did not draw as expected: ${JSON.stringify(states)}`, {
      cause: error,
    });
  });
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
      await addConnection({
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
    const state = await drawnState(api, target, (s) => s.drawn !== undefined);
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
    // shown in the first node's panel, a preview until kept (the next test)
    await expectWebviewTabs(WebviewPanels.graph, 1);
    assert.equal(webviewTabs(WebviewPanels.graph)[0]!.label, `Catalog: ${certname}`);
  });

  it("shows the next node's graph in the preview's panel until it is kept, as VS Code's editors do", async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const [first, second, third] = certnames.map((certname) => ({
      connectionId: CONNECTION.id,
      certname,
    }));
    assert.equal(await vscode.commands.executeCommand(Commands.keepView), false, 'no panel yet');
    await drawnState(api, first!, (s) => s.drawn !== undefined);
    const drawn = await drawnState(api, second!, (s) => s.drawn !== undefined);
    assert.equal(
      drawn.drawn!.nodes,
      catalogToDto(await client.catalog(second!.certname)).resources.length,
    );
    await expectWebviewTabs(WebviewPanels.graph, 1);
    assert.deepEqual(
      api.graphPanels().map((state) => state.certname),
      [second!.certname],
      'the first host let go of the panel',
    );
    // kept (Keep Open keeps the active panel): the next node opens a panel of its own, the preview now
    // (the host hears that the panel is active a moment after the tab model does)
    await until('Keep Open to keep the active preview', () =>
      Promise.resolve(vscode.commands.executeCommand<boolean>(Commands.keepView)),
    );
    await drawnState(api, third!, (s) => s.drawn !== undefined);
    await expectWebviewTabs(WebviewPanels.graph, 2);
    // a node kept open comes forward; the next one replaces the preview (the third's)
    await openGraph(second!);
    await drawnState(api, first!, (s) => s.drawn !== undefined);
    await expectWebviewTabs(WebviewPanels.graph, 2);
    assert.deepEqual(
      api
        .graphPanels()
        .map((state) => state.certname)
        .sort(),
      [first!.certname, second!.certname].sort(),
    );
  });

  it('opens a panel per node when VS Code keeps no previews (workbench.editor.enablePreview)', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const setting = vscode.workspace.getConfiguration('workbench.editor');
    await setting.update('enablePreview', false, vscode.ConfigurationTarget.Global);
    try {
      for (const certname of certnames.slice(0, 3)) {
        await openGraph({ connectionId: CONNECTION.id, certname });
      }
      await expectWebviewTabs(WebviewPanels.graph, 3);
    } finally {
      await setting.update('enablePreview', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('focuses on a resource when asked (as the events table and report view do)', async () => {
    const certname = certnames[2]!;
    const catalog = catalogToDto(await client.catalog(certname));
    const service = catalog.resources.find((resource) => resource.type === 'Service')!.id;
    const expected = focusSet(catalog, service).size;
    assert.ok(expected > 1 && expected < catalog.resources.length);
    const target = { connectionId: CONNECTION.id, certname, focus: service };
    const state = await drawnState(api, target, (s) => s.drawn?.nodes === expected);
    assert.equal(state.resources, catalog.resources.length);
    assert.ok(state.drawn!.edges < catalog.edges.length);
  });

  it("lays a new shape out in the host's thread, and draws it in a new panel with that layout", async () => {
    // a focus no other test asks for: a shape not laid out yet in this host
    const certname = certnames.at(-1)!;
    const catalog = catalogToDto(await client.catalog(certname));
    const service = catalog.resources.filter((resource) => resource.type === 'Service').at(-1)!.id;
    const expected = focusSet(catalog, service).size;
    const target = { connectionId: CONNECTION.id, certname, focus: service };
    const shown = async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await expectWebviewTabs(WebviewPanels.graph, 0);
      return (await drawnState(api, target, (s) => s.drawn?.nodes === expected)).drawn!;
    };
    const first = await shown();
    assert.equal(first.keptLayout, false, 'laid out by ELK the first time');
    // by the host's layout thread, which keeps ELK compiled from page to page
    assert.equal(first.hostLayout, true, "by the host's thread, not the page's worker");
    // the same graph in a page of its own: the host gave it the first page's layout
    const again = await shown();
    assert.equal(again.keptLayout, true, 'drawn with the layout kept');
    assert.equal(again.hostLayout, false);
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

  it('writes an export only to the file the user chose for it: nothing a page sends unasked', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const certname = certnames[0]!;
    const state = await drawnState(
      api,
      { connectionId: CONNECTION.id, certname },
      (s) => !!s.drawn,
    );
    const file = join(tmpdir(), `pdbx-graph-export-${process.pid}.svg`);
    rmSync(file, { force: true });
    // only the save dialog's answer is stubbed (and the error messages recorded)
    type Show = (...args: unknown[]) => unknown;
    const window = vscode.window as {
      showSaveDialog: Show;
      showErrorMessage: Show;
      showInformationMessage: Show;
    };
    const { showSaveDialog, showErrorMessage, showInformationMessage } = window;
    let dialogs = 0;
    const errors: string[] = [];
    const infos: string[] = [];
    window.showSaveDialog = () => (dialogs++, Promise.resolve(vscode.Uri.file(file)));
    window.showErrorMessage = (message: unknown, ...rest: unknown[]) => {
      errors.push(String(message));
      return showErrorMessage.call(vscode.window, message, ...rest);
    };
    window.showInformationMessage = (message: unknown, ...rest: unknown[]) => {
      infos.push(String(message));
      return showInformationMessage.call(vscode.window, message, ...rest);
    };
    try {
      // a subverted page posts a picture of its own, as the export message was before, and with
      // a token it made up: no dialog opens, nothing is written
      const hostile =
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';
      await api.receiveFromWebview('graph', { type: 'export', format: 'svg', data: hostile });
      await api.receiveFromWebview('graph', {
        type: 'export',
        format: 'svg',
        token: '0123456789abcdef0123456789abcdef',
        data: hostile,
      });
      assert.equal(dialogs, 0, 'no save dialog opened');
      assert.equal(existsSync(file), false, 'nothing written');
      assert.deepEqual(errors, [
        'The SVG export of the graph was not saved: no export was asked for in the save dialog.',
      ]);

      // the user's way: Export as SVG pressed (the page asks), the file chosen in the dialog,
      // then the page's own picture, checked, is written there
      assert.equal(
        await api.receiveFromWebview('graph', { type: 'askExport', format: 'svg' }),
        'handled',
      );
      // (said once the file is written)
      const saved = `Saved the graph to ${file}.`;
      for (const deadline = Date.now() + 30_000; !infos.includes(saved);) {
        assert.ok(Date.now() < deadline, `the export was never written: ${infos.join(' / ')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const svg = readFileSync(file, 'utf8');
      assert.equal(dialogs, 1);
      assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      // a background, then one box per resource drawn
      assert.equal(svg.match(/<rect /g)!.length - 1, state.drawn!.nodes);
      assert.equal(errors.length, 1, errors.join('\n'));
    } finally {
      window.showSaveDialog = showSaveDialog;
      window.showErrorMessage = showErrorMessage;
      window.showInformationMessage = showInformationMessage;
      rmSync(file, { force: true });
    }
  });
});
