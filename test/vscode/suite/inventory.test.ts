/**
 * The inventory table, the package search and a node's Packages inside a real VS Code extension
 * host, against the real PuppetDB loaded with the fleet fixture: counts are PuppetDB's own.
 * (What the inventory webview draws is checked by test/e2e/inventory.e2e.ts.)
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands } from '../../../src/extension/ids';
import type { InventoryPanelInfo } from '../../../src/extension/inventory/inventoryPanel';
import type { FindPackagesResult } from '../../../src/extension/packages/findPackages';
import type { ExplorerNode } from '../../../src/extension/tree/explorerNode';
import { compareDpkg } from '../../../src/shared/packageVersions';
import { httpClient, loadedFleet, testServer } from '../../integration/support/puppetdb';
import { startFaultProxy } from '../../support/faultProxy';
import { until } from '../until';
import { addConnection, testingApi } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'inventory-suite', name: 'Inventory suite PuppetDB' };

async function labelOf(node: ExplorerNode): Promise<string> {
  return String((await node.toTreeItem()).label);
}

async function childByLabel(parent: ExplorerNode, label: string): Promise<ExplorerNode> {
  for (const child of await parent.getChildren()) {
    if ((await labelOf(child)) === label) return child;
  }
  throw new Error(`no "${label}" under this node`);
}

function activeNodes() {
  const fleet = loadedFleet();
  return fleet.nodes.filter((node) => !fleet.deactivated.includes(node.certname));
}

describe('Inventory and packages', function () {
  let api: ExtensionApi;
  const server = testServer();
  const client = httpClient();

  before(async () => {
    const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
    api = await extension.activate();
    if (!api.services.store.get(CONNECTION.id)) {
      await addConnection({
        connection: { ...CONNECTION, url: `http://${server.host}:${server.httpPort}` },
      });
    }
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await client.disconnect();
  });

  it("the inventory table shows one row per node PuppetDB's inventory holds, with the setting's columns", async () => {
    const counted = (await client.query('inventory', {
      query: ['extract', [['function', 'count']]],
    })) as Array<{ count: number }>;
    const expected = counted[0]!.count;
    assert.equal(expected, activeNodes().length);
    const opened = await vscode.commands.executeCommand<InventoryPanelInfo>(
      Commands.openInventory,
      { connectionId: CONNECTION.id },
    );
    assert.equal(opened.state, 'done', opened.error);
    assert.equal(opened.loaded, expected);
    assert.deepEqual(opened.columns, [
      'certname',
      ...(vscode.workspace
        .getConfiguration('puppetdbExplorer')
        .get<string[]>('inventory.columns') ?? []),
    ]);
    // the webview says what it painted: every row, none filtered
    const shown = await until('the inventory webview to paint every row', async () => {
      const info = await vscode.commands.executeCommand<InventoryPanelInfo>(
        Commands.openInventory,
        { connectionId: CONNECTION.id },
      );
      return info.shown?.loaded === expected && info.shown;
    });
    assert.deepEqual(shown, { rows: expected, loaded: expected });
  });

  it('the first screen of rows shows before PuppetDB has sorted the whole inventory, which then replaces it', async () => {
    const expected = activeNodes().length;
    const proxy = await startFaultProxy({ target: { host: server.host, port: server.httpPort } });
    const slow = { id: 'inventory-suite-slow', name: 'Inventory suite, slow whole answer' };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    try {
      await addConnection({
        connection: { ...slow, url: proxy.url },
        secrets: {},
      });
      // the whole answer (no first-nodes subquery in it) is held until the first screen has been
      // checked; the first screen goes at once
      proxy.inject(
        { kind: 'hold', until: held },
        { match: /^\/pdb\/query\/v4\/inventory\?(?!.*%22from%22)/ },
      );
      const first = await vscode.commands.executeCommand<InventoryPanelInfo>(
        Commands.openInventory,
        { connectionId: slow.id, firstRows: true },
      );
      assert.equal(first.state, 'loading', 'the whole answer is still on its way');
      assert.equal(first.loaded, 0);
      // the 40-node fleet fits in one screen: the first screen is every row
      assert.deepEqual(first.shown, { rows: expected, loaded: expected });
      assert.ok(
        proxy.requests.some((request) => request.fault === 'hold'),
        'the whole answer was held back',
      );
      release();
      const whole = await vscode.commands.executeCommand<InventoryPanelInfo>(
        Commands.openInventory,
        { connectionId: slow.id, waitForPaint: true },
      );
      assert.equal(whole.state, 'done', whole.error);
      assert.equal(whole.loaded, expected);
      assert.deepEqual(whole.shown, { rows: expected, loaded: expected });
    } finally {
      release();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await api.services.store.remove(slow.id);
      await proxy.close();
    }
  });

  it("a node's Packages section lists the packages PuppetDB holds for it", async () => {
    const node = activeNodes()[2]!;
    const [root] = (await api.services.explorer.getChildren()).filter(
      (child) =>
        (child as unknown as { connection?: { id: string } }).connection?.id === CONNECTION.id,
    );
    assert.ok(root, 'the suite connection is in the tree');
    const nodes = await childByLabel(root, 'Nodes');
    const puppetNode = await childByLabel(nodes, node.certname);
    const packages = await childByLabel(puppetNode, 'Packages');
    let children = await packages.getChildren();
    while (
      children.length > 0 &&
      (await children.at(-1)!.toTreeItem()).contextValue === 'loadMore'
    ) {
      await vscode.commands.executeCommand(Commands.loadMore, children.at(-1));
      children = await packages.getChildren();
    }
    const listed = await Promise.all(
      children.map(async (child) => {
        const item = await child.toTreeItem();
        return `${String(item.label)} ${String(item.description)}`;
      }),
    );
    const expected = node.facts.package_inventory
      .map(([name, version, provider]) => `${name} ${version} · ${provider}`)
      .sort();
    assert.deepEqual([...listed].sort(), expected);
    // the hostile node's markup-named package is there, as a plain label
    if (node.hostile) {
      assert.ok(listed.some((line) => line.startsWith('<img src=x onerror=alert(1)>')));
    }
  });

  it('"older than" lists exactly the nodes whose version is older in the provider\'s ordering', async () => {
    const threshold = '1.0.0-1ubuntu1';
    const expected = activeNodes()
      .filter((node) =>
        node.facts.package_inventory.some(
          ([name, version]) => name === 'libacme' && compareDpkg(version, threshold) < 0,
        ),
      )
      .map((node) => node.certname)
      .sort();
    const older = new Set(['1.0~rc1', '1.0.0-1']);
    assert.deepEqual(
      expected,
      activeNodes()
        .filter((node) =>
          node.facts.package_inventory.some(
            ([name, version]) => name === 'libacme' && older.has(version),
          ),
        )
        .map((node) => node.certname)
        .sort(),
      'the fixture check: 1.0~rc1 and 1.0.0-1 are older than 1.0.0-1ubuntu1, 1:2.3 is not',
    );
    assert.ok(expected.length > 0 && expected.length < activeNodes().length);
    const folder = mkdtempSync(join(tmpdir(), 'pdbx-packages-'));
    const exportTo = join(folder, 'libacme.csv');
    const result = (await (
      await testingApi()
    ).findPackages(
      { connectionId: CONNECTION.id, name: 'libacme', olderThan: threshold },
      exportTo,
    ))!;
    assert.deepEqual(
      result.holders.map((holder) => holder.certname),
      expected,
    );
    assert.deepEqual(
      result.versions.map((entry) => entry.version),
      ['1.0.0-1', '1.0~rc1'],
      'newest first, in dpkg order',
    );
    const csv = readFileSync(exportTo, 'utf8').trim().split(/\r\n/);
    assert.equal(csv[0], 'package_name,certname,version,provider');
    assert.equal(csv.length, expected.length + 1);
  });

  it("a version's node list shows its holders, failures on top, with PuppetDB's run status and the version each holds", async () => {
    const threshold = '1.0.0-1ubuntu1';
    const unreported = api.services.settings.unreportedHours();
    const status = new Map<string, string | null | undefined>();
    for await (const node of client.nodes({ withStatus: true, unreported })) {
      status.set(node.name, node.status);
    }
    const held = new Map<string, string>();
    for (const node of activeNodes()) {
      const versions = node.facts.package_inventory
        .filter(([name, version]) => name === 'libacme' && compareDpkg(version, threshold) < 0)
        .map(([, version, provider]) => `${version} · ${provider}`);
      if (versions.length > 0) held.set(node.certname, versions.join(', '));
    }
    const shown = vscode.commands.executeCommand<FindPackagesResult>(Commands.findPackages, {
      connectionId: CONNECTION.id,
      name: 'libacme',
      olderThan: threshold,
      listNodes: true,
    });
    const result = await shown;
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    const listed = result.listed ?? [];
    assert.deepEqual(listed.map((node) => node.certname).sort(), [...held.keys()].sort());
    for (const node of listed) {
      assert.equal(node.status, status.get(node.certname), `${node.certname}'s status`);
      assert.equal(node.detail, held.get(node.certname), `${node.certname}'s version`);
    }
    const failed = listed.filter((node) => node.status === 'failed').length;
    assert.ok(failed > 0, 'the fixture has a failed holder');
    assert.ok(
      listed.slice(0, failed).every((node) => node.status === 'failed'),
      'failures are listed first',
    );
  });
});
