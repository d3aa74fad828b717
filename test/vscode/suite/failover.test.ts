/**
 * A connection with a failover server, in the real extension host: two real PuppetDBs on one
 * database (a second JVM started here against this run's database, stopped mid-test). The tree
 * and the status bar keep working through the server that is left, and say which one answered.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands, ContextValues } from '../../../src/extension/ids';
import { INERT_JOINER } from '../../../src/extension/inertText';
import type { ExplorerNode } from '../../../src/extension/tree/explorerNode';
import {
  loadedFleet,
  serverIn,
  testServer,
  type TestServer,
} from '../../integration/support/puppetdb';
import { until } from '../until';
import { addConnection } from '../testingApi';

const run = promisify(execFile);
const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'failover', name: 'Failover PuppetDB' };

/** The repository's scripts/puppetdb, found from this bundle's folder (out/test/vscode/suite). */
function script(name: string): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const path = join(dir, 'scripts', 'puppetdb', name);
    if (existsSync(path)) return path;
  }
  throw new Error(`scripts/puppetdb/${name} not found above ${__dirname}`);
}

/** The label as a person reads it (inert() puts invisible joiners in the hostile node's). */
async function labelOf(node: ExplorerNode): Promise<string> {
  return String((await node.toTreeItem()).label).replaceAll(INERT_JOINER, '');
}

async function kindOf(node: ExplorerNode | undefined): Promise<string | undefined> {
  return node ? (await node.toTreeItem()).contextValue : undefined;
}

describe('a connection with a failover server (two PuppetDBs, one database)', function () {
  // the second JVM starts in 30-90 s on a busy machine
  this.timeout(900_000);
  let api: ExtensionApi;
  const main = testServer();
  const secondDir = `${main.stateDir}-failover-host`;
  let second: TestServer;
  let previousActive: string | undefined;
  const url = (server: TestServer) => `http://${server.host}:${server.httpPort}`;
  const stopSecond = () => run('bash', [script('stop.sh'), secondDir, '--keep-postgres']);

  before(async () => {
    api = await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
    await run('bash', [script('start.sh'), secondDir], {
      env: {
        ...process.env,
        PDB_SHARE_DATABASE_OF: main.stateDir,
        PDB_POOL_SIZE: '4',
        PDB_HEAP: '512m',
        PDB_READY_TIMEOUT: process.env.PDB_READY_TIMEOUT ?? '600',
      },
    });
    second = serverIn(secondDir);
    previousActive = api.services.statusBar.activeConnectionId;
    // the second JVM first, so that stopping it leaves this run's server to the other suites
    await addConnection({
      connection: { ...CONNECTION, url: url(second), serverUrls: [url(main)] },
      secrets: {},
    });
  });

  after(async () => {
    await api?.services.store.remove(CONNECTION.id);
    if (previousActive) await api?.services.statusBar.setActive(previousActive);
    await stopSecond();
  });

  async function nodesFolder(): Promise<ExplorerNode> {
    const roots = await api.services.explorer.getChildren();
    const labels = await Promise.all(roots.map(labelOf));
    const root = roots[labels.indexOf(CONNECTION.name)];
    assert.ok(root, `no "${CONNECTION.name}" root; found ${labels.join(', ')}`);
    const folders = await root.getChildren();
    const folderLabels = await Promise.all(folders.map(labelOf));
    return folders[folderLabels.findIndex((label) => label.startsWith('Nodes'))]!;
  }

  /** The certnames the Nodes folder shows on its first page (an error item fails the test). */
  async function firstPageOfNodes(): Promise<string[]> {
    const children = await (await nodesFolder()).getChildren();
    for (const child of children) {
      const kind = await kindOf(child);
      if (kind === ContextValues.error || kind === ContextValues.connectionError) {
        assert.fail(`the Nodes folder shows an error: ${await labelOf(child)}`);
      }
    }
    const names: string[] = [];
    for (const child of children) {
      if ((await kindOf(child)) !== ContextValues.loadMore) names.push(await labelOf(child));
    }
    return names;
  }

  it('Test Connection reports each server’s version and state', async () => {
    const result = await vscode.commands.executeCommand<{
      servers: Array<{ url: string; version?: string; state?: string; error?: string }>;
    }>(Commands.testConnection, CONNECTION.id);
    assert.deepEqual(
      result.servers.map((server) => [server.url, server.state, server.error]),
      [
        [url(second), 'running', undefined],
        [url(main), 'running', undefined],
      ],
    );
    assert.ok(result.servers.every((server) => /^7\./.test(server.version ?? '')));
  });

  it('the tree keeps working through the second server when the first is stopped', async () => {
    const fleet = loadedFleet();
    const active = fleet.nodes
      .filter((node) => !fleet.deactivated.includes(node.certname))
      .map((node) => node.certname)
      .sort();
    await api.services.statusBar.setActive(CONNECTION.id);
    const before = await firstPageOfNodes();
    assert.ok(before.length > 0 && before.every((name) => active.includes(name)), before.join());
    const client = await api.services.store.client(CONNECTION.id);
    assert.equal(client.lastServer, url(second));
    await until('the status bar to say PuppetDB answered', () =>
      api.services.statusBar.health === 'healthy' ? true : undefined,
    );
    assert.doesNotMatch(api.services.statusBar.text, /via/);

    await stopSecond();
    await vscode.commands.executeCommand(Commands.refresh);
    assert.deepEqual(await firstPageOfNodes(), before);
    assert.equal(client.lastServer, url(main));
    // the status bar says which server answered once it is not the first
    const text = await until('the status bar to name the failover server', () =>
      /via /.test(api.services.statusBar.text) ? api.services.statusBar.text : undefined,
    );
    assert.ok(text.includes(`via ${main.host}:${main.httpPort}`), text);
    assert.equal(api.services.statusBar.health, 'healthy');

    const result = await vscode.commands.executeCommand<{
      servers: Array<{ url: string; error?: string }>;
    }>(Commands.testConnection, CONNECTION.id);
    assert.match(result.servers[0]!.error ?? '', /connection refused/);
    assert.equal(result.servers[1]!.error, undefined);
  });
});
