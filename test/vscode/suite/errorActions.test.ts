/**
 * What an error shown in place offers, in a real VS Code host: a PuppetDB that refuses
 * connections gives a tree error item carrying Retry, Show Log and Edit Connection (the menus of
 * package.json, keyed by its contextValue), and every panel's error banner (all eight views) posts
 * Show Log and Edit Connection messages its host takes. Show Log opens the extension's log, Edit Connection the
 * connection's form (its URL step, which is closed again here).
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import type { FactExplorerInfo } from '../../../src/extension/factExplorer/factExplorerPanel';
import type { GraphPanelState } from '../../../src/extension/graph/catalogGraphPanel';
import { Commands, ContextValues } from '../../../src/extension/ids';
import type { InventoryPanelInfo } from '../../../src/extension/inventory/inventoryPanel';
import type { OverviewPanelInfo } from '../../../src/extension/overview/overviewPanel';
import type { RunOutcome } from '../../../src/extension/pql/resultsPanel';
import type { EventsPanelInfo } from '../../../src/extension/reports/eventsPanel';
import type { ReportPanelInfo } from '../../../src/extension/reports/reportPanel';
import type { RecentRunsPanelInfo } from '../../../src/extension/runs/recentRunsPanel';
import type { ExplorerNode } from '../../../src/extension/tree/explorerNode';
import type { WebviewEntry } from '../../../src/shared/protocol';
import { until } from '../until';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'error-actions', name: 'Refusing PuppetDB' };
const HASH = '0123456789abcdef0123456789abcdef01234567';

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}

/** The commands package.json offers on a tree item of `contextValue` (inline, or its context menu). */
function itemCommands(contextValue: string, inline: boolean): string[] {
  const menus = (
    vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: { menus: { 'view/item/context': MenuEntry[] } };
    }
  ).contributes.menus['view/item/context'];
  return menus
    .filter(
      (entry) =>
        new RegExp(`viewItem == ${contextValue}\\b`).test(entry.when ?? '') &&
        (entry.group ?? '').startsWith('inline') === inline,
    )
    .map((entry) => entry.command);
}

describe('Error items and error banners offer Show Log and Edit Connection', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let url: string;
  /** What was opened while a test ran: the log (its show calls), the form (its input boxes). */
  const logShown: unknown[] = [];
  const boxes: vscode.InputBox[] = [];
  let restore: (() => void) | undefined;

  before(async () => {
    api = await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
    url = `http://127.0.0.1:${await closedPort()}`;
    await addConnection({
      connection: { ...CONNECTION, url },
      secrets: {},
    });
    const log = api.services.log as { show: (...args: unknown[]) => void };
    const show = log.show;
    log.show = (...args: unknown[]) => {
      logShown.push(args);
      show.apply(api.services.log, args);
    };
    const window = vscode.window as { createInputBox: () => vscode.InputBox };
    const createInputBox = window.createInputBox;
    window.createInputBox = () => {
      const box = createInputBox.call(vscode.window);
      boxes.push(box);
      return box;
    };
    restore = () => {
      log.show = show;
      window.createInputBox = createInputBox;
    };
  });

  beforeEach(() => {
    logShown.length = 0;
    boxes.length = 0;
  });

  after(async () => {
    restore?.();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.services.store.remove(CONNECTION.id);
  });

  /** Runs an action that opens the connection form, checks the form is this connection's, closes it. */
  async function opensTheForm(action: () => Thenable<unknown>): Promise<void> {
    const running = action();
    const box = await until('the connection form', () => boxes[0]);
    assert.equal(box.title, `Edit ${CONNECTION.name}: URL`);
    assert.equal(box.value, url, "the form holds this connection's URL");
    box.hide();
    await running;
    assert.equal(
      api.services.store.get(CONNECTION.id)?.url,
      url,
      'closing the form changed nothing',
    );
  }

  async function errorItem(): Promise<ExplorerNode> {
    const roots = await api.services.explorer.getChildren();
    for (const root of roots) {
      if (String((await root.toTreeItem()).label) !== CONNECTION.name) continue;
      for (const folder of await api.services.explorer.getChildren(root)) {
        if (String((await folder.toTreeItem()).label) !== 'Nodes') continue;
        const [item] = await api.services.explorer.getChildren(folder);
        return item!;
      }
    }
    throw new Error('no Nodes folder under the refusing connection');
  }

  it('a tree error item of a refused connection carries Retry, Edit Connection and Show Log', async () => {
    const item = await (await errorItem()).toTreeItem();
    assert.match(String(item.label), /connection refused/);
    assert.equal(item.contextValue, ContextValues.connectionError);
    assert.deepEqual(itemCommands(item.contextValue!, true), [
      Commands.retry,
      Commands.editConnection,
      Commands.showLog,
    ]);
    assert.deepEqual(itemCommands(item.contextValue!, false), [
      Commands.retry,
      Commands.editConnection,
      Commands.showLog,
    ]);
    // an error the connection's settings do not explain: Retry and Show Log only
    assert.deepEqual(itemCommands(ContextValues.error, true), [Commands.retry, Commands.showLog]);
  });

  it("the error item's Show Log opens the log, and Edit Connection this connection's form", async () => {
    const item = await errorItem();
    await vscode.commands.executeCommand(Commands.showLog, item);
    assert.equal(logShown.length, 1, 'the log was shown');
    await opensTheForm(() => vscode.commands.executeCommand(Commands.editConnection, item));
  });

  const panels: Array<{ entry: WebviewEntry; open(): Promise<string | undefined> }> = [
    {
      entry: 'results',
      async open() {
        const outcome = await vscode.commands.executeCommand<RunOutcome>(Commands.runQuery, {
          connectionId: CONNECTION.id,
          query: 'nodes[certname] {}',
        });
        assert.equal(outcome.state, 'error');
        const error = api.pqlResults()?.error;
        assert.equal(error?.editConnection, true, 'the banner offers Edit Connection');
        return error?.message;
      },
    },
    {
      entry: 'graph',
      async open() {
        const state = await vscode.commands.executeCommand<GraphPanelState>(
          Commands.openCatalogGraph,
          { connectionId: CONNECTION.id, certname: 'web01.example.com' },
        );
        return state.error;
      },
    },
    {
      entry: 'events',
      async open() {
        const info = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, {
          connectionId: CONNECTION.id,
          reportHash: HASH,
        });
        assert.equal(info.state, 'error');
        return info.error;
      },
    },
    {
      entry: 'report',
      async open() {
        const info = await vscode.commands.executeCommand<ReportPanelInfo>(Commands.openReport, {
          connectionId: CONNECTION.id,
          reportHash: HASH,
        });
        return info.error;
      },
    },
    {
      entry: 'inventory',
      async open() {
        const info = await vscode.commands.executeCommand<InventoryPanelInfo>(
          Commands.openInventory,
          { connectionId: CONNECTION.id },
        );
        assert.equal(info.state, 'error');
        return info.error;
      },
    },
    {
      entry: 'overview',
      async open() {
        const info = await vscode.commands.executeCommand<OverviewPanelInfo>(
          Commands.openOverview,
          { connectionId: CONNECTION.id },
        );
        return info.error;
      },
    },
    {
      entry: 'runs',
      async open() {
        const info = await vscode.commands.executeCommand<RecentRunsPanelInfo>(
          Commands.showRecentRuns,
          { connectionId: CONNECTION.id },
        );
        assert.equal(info.state, 'error');
        return info.error;
      },
    },
    {
      entry: 'factExplorer',
      async open() {
        const info = await vscode.commands.executeCommand<FactExplorerInfo>(Commands.exploreFact, {
          connectionId: CONNECTION.id,
          path: ['os', 'family'],
        });
        return info.error;
      },
    },
  ];

  for (const { entry, open } of panels) {
    it(`the ${entry} view's error banner: Show Log and Edit Connection are taken and done`, async () => {
      const error = await open();
      assert.match(error ?? '', /connection refused/, 'the panel shows the failure');
      assert.equal(await api.receiveFromWebview(entry, { type: 'showLog' }), 'handled');
      assert.equal(logShown.length, 1, 'the log was shown');
      await opensTheForm(() => api.receiveFromWebview(entry, { type: 'editConnection' }));
      // the messages are checked like any other: extra fields are not let through
      assert.equal(
        await api.receiveFromWebview(entry, { type: 'showLog', connectionId: 'other' }),
        'dropped',
      );
    });
  }
});
