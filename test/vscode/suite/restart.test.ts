/**
 * PuppetDB restarts while the explorer is open (its JVM stopped and started again in place): the
 * tree shows the error, the status bar goes unreachable, and once PuppetDB is back one Refresh
 * brings everything back. Through the same restart, two clients of the library called straight
 * and through a load balancer fail with clear errors meanwhile and work again afterwards
 * (test/support/clientsThroughRestart.ts): one PuppetDB start serves both.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands, ContextValues } from '../../../src/extension/ids';
import type { ExplorerNode } from '../../../src/extension/tree/explorerNode';
import { testServer } from '../../integration/support/puppetdb';
import { clientsThroughRestart } from '../../support/clientsThroughRestart';
import { restartPuppetDB } from '../../support/puppetdbRestart';
import { until } from '../until';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';

async function kinds(nodes: ExplorerNode[]): Promise<Array<string | undefined>> {
  return Promise.all(nodes.map(async (node) => (await node.toTreeItem()).contextValue));
}

describe('PuppetDB restarts while the explorer is open', function () {
  // a restart is a JVM start: up to PDB_READY_TIMEOUT (300 s) on a busy machine
  this.timeout((Number(process.env.PDB_READY_TIMEOUT ?? 300) + 120) * 1000);

  it('the tree shows the error, the status bar goes unreachable, and one Refresh brings everything back; the clients meanwhile fail clearly, then work again', async () => {
    const api = await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
    const { explorer, statusBar, store } = api.services;
    const server = testServer();
    const settings = vscode.workspace.getConfiguration('puppetdbExplorer');
    await addConnection({
      connection: {
        id: 'restarting',
        name: 'Restarting PuppetDB',
        url: `http://${server.host}:${server.httpPort}`,
        timeout: 2,
      },
      secrets: {},
    });
    const previous = statusBar.activeConnectionId;
    await settings.update('healthCheckSeconds', 2, vscode.ConfigurationTarget.Global);
    await statusBar.setActive('restarting');
    const nodesFolder = async (): Promise<ExplorerNode> => {
      await explorer.getChildren();
      return (await explorer.getChildren(explorer.root('restarting')!))[0]!;
    };
    let restart: Promise<void> | undefined;
    const clients = await clientsThroughRestart(server);
    try {
      await until('the status bar to be healthy', () => statusBar.health === 'healthy');
      assert.equal(
        (await kinds(await explorer.getChildren(await nodesFolder())))[0],
        ContextValues.node,
      );

      restart = restartPuppetDB(server.stateDir);
      // the clients' calls meanwhile, beside the tree's (a failure is seen once the restart ended)
      const clientsMeanwhile = clients.during(restart);
      clientsMeanwhile.catch(() => undefined);
      const errorItem = await until(
        'an error item in Nodes while PuppetDB is down',
        async () => {
          const folder = await nodesFolder();
          await vscode.commands.executeCommand(Commands.refresh, folder);
          const [first] = await explorer.getChildren(folder);
          const kind = (await first?.toTreeItem())?.contextValue;
          return (kind === ContextValues.error || kind === ContextValues.connectionError) && first;
        },
        60_000,
      );
      assert.match(String((await errorItem.toTreeItem()).label), /127\.0\.0\.1:\d+/);
      await until(
        'the status bar to say unreachable',
        () => statusBar.health === 'unreachable',
        60_000,
      );

      await restart;
      restart = undefined;
      console.log(`[pdbx]     while PuppetDB restarted: ${JSON.stringify(await clientsMeanwhile)}`);
      await clients.after();
      await vscode.commands.executeCommand(Commands.refresh);
      const children = await explorer.getChildren(await nodesFolder());
      assert.equal(
        (await kinds(children))[0],
        ContextValues.node,
        'one Refresh lists the nodes again',
      );
      await until('the status bar to be healthy again', () => statusBar.health === 'healthy');
    } finally {
      await restart?.catch(() => undefined);
      await clients.close();
      await settings.update('healthCheckSeconds', undefined, vscode.ConfigurationTarget.Global);
      if (previous) await statusBar.setActive(previous);
      await store.remove('restarting');
    }
  });
});
