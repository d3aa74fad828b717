/**
 * Fleet questions inside a real VS Code extension host, against the real PuppetDB: "Find Nodes
 * with Resource" lists exactly the active nodes whose catalogs hold the resource (what PuppetDB's
 * own resources endpoint says), failures first, and picking one shows it in the explorer tree.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import type { FoundNodes } from '../../../src/extension/fleet/findNodesWithResource';
import { Commands } from '../../../src/extension/ids';
import type { ExplorerNode } from '../../../src/extension/tree/explorerNode';
import { httpClient, testServer } from '../../integration/support/puppetdb';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'fleet-suite', name: 'Fleet suite PuppetDB' };

const findNodes = (argument?: unknown) =>
  vscode.commands.executeCommand<FoundNodes | undefined>(Commands.findNodesWithResource, argument);

async function childByLabel(parent: ExplorerNode, label: string): Promise<ExplorerNode> {
  for (const child of await parent.getChildren()) {
    if (String((await child.toTreeItem()).label) === label) return child;
  }
  throw new Error(`no "${label}" under this node`);
}

describe('Find Nodes with Resource', function () {
  let api: ExtensionApi;
  const server = testServer();
  const client = httpClient();

  /**
   * What PuppetDB itself says: the certnames its resources endpoint lists for type[title], with
   * each node's status as the tree shows it (unreported after the same hours).
   */
  async function holders(type: string, title: string): Promise<Map<string, string | undefined>> {
    const rows = (await client
      .stream('resources', {
        query: ['extract', ['certname'], ['and', ['=', 'type', type], ['=', 'title', title]]],
      })
      .toArray()) as Array<{ certname: string }>;
    const holding = new Set(rows.map((row) => row.certname));
    const statuses = new Map<string, string | undefined>();
    const unreported = api.services.settings.unreportedHours();
    for await (const node of client.nodes({ withStatus: true, unreported })) {
      if (holding.has(node.name)) statuses.set(node.name, node.status);
    }
    assert.equal(statuses.size, holding.size, 'every holder is an active node');
    return statuses;
  }

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

  afterEach(() => vscode.commands.executeCommand('workbench.action.closeQuickOpen'));

  it('lists exactly the nodes whose catalogs hold Class[Profile::Web], failures first', async function () {
    this.timeout(60_000);
    const expected = await holders('Class', 'Profile::Web');
    assert.ok(expected.size > 1, 'the fleet has several web nodes');
    assert.ok([...expected.values()].includes('failed'), 'the fixture has a failed web node');

    const found = await findNodes({ connectionId: CONNECTION.id, resource: 'Class[Profile::Web]' });
    assert.ok(found);
    assert.equal(found.resource, 'Class[Profile::Web]');
    assert.deepEqual([...found.certnames].sort(), [...expected.keys()].sort());
    const statuses = found.certnames.map((certname) => expected.get(certname));
    const lastFailed = statuses.lastIndexOf('failed');
    const firstOther = statuses.findIndex((status) => status !== 'failed');
    assert.ok(lastFailed < firstOther, `failures come first: ${statuses.join(', ')}`);
  });

  it('reads a reference as people type it (lower case, quotes)', async function () {
    this.timeout(60_000);
    const found = await findNodes({
      connectionId: CONNECTION.id,
      resource: "class['profile::web']",
    });
    assert.equal(found?.resource, 'Class[Profile::Web]');
    assert.deepEqual(
      [...(found?.certnames ?? [])].sort(),
      [...(await holders('Class', 'Profile::Web')).keys()].sort(),
    );
  });

  it('says plainly when no node holds it, and refuses what is no reference', async function () {
    this.timeout(60_000);
    const none = await findNodes({
      connectionId: CONNECTION.id,
      resource: 'Package[no-such-package-<script>]',
    });
    assert.deepEqual(none?.certnames, []);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    const refused = await findNodes({ connectionId: CONNECTION.id, resource: 'not a reference' });
    assert.equal(refused, undefined, 'a malformed reference is refused with a message');
  });

  it('is offered on a resource of the tree', async function () {
    this.timeout(90_000);
    await vscode.commands.executeCommand('puppetdbExplorer.explorer.focus');
    const root = (await api.services.explorer.getChildren()).find(
      (node) => (node as { connection?: { id: string } }).connection?.id === CONNECTION.id,
    );
    assert.ok(root);
    const nodes = await childByLabel(root, 'Nodes');
    // every node holds Class[Profile::Base]: the first node of the first page will do
    const expected = await holders('Class', 'Profile::Base');
    const node = (await nodes.getChildren())[0]!;
    assert.ok(expected.has(String((await node.toTreeItem()).label)));
    const resources = await childByLabel(node, 'Resources');
    let resourceNode: ExplorerNode | undefined;
    for (const typeNode of await resources.getChildren()) {
      if (!String((await typeNode.toTreeItem()).label).startsWith('Class')) continue;
      resourceNode = await childByLabel(typeNode, 'Profile::Base');
    }
    assert.ok(resourceNode, 'the node lists Class[Profile::Base]');

    const found = await findNodes(resourceNode);
    assert.deepEqual([...(found?.certnames ?? [])].sort(), [...expected.keys()].sort());
  });
});
