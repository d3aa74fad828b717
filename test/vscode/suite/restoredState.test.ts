/**
 * A panel revived after a window reload, in the real VS Code host against the real PuppetDB: it
 * shows again what its webview kept, but what it fetches, opens or runs comes from the host's own
 * record of the panel. The saved states below are what a webview could have written (VS Code
 * hands them back to the panel serializer as they are): another connection, another query, a
 * file and line of their own. Each connection reaches PuppetDB through a fault proxy (passing
 * everything), which records what was asked of it.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import type { GraphPanelState } from '../../../src/extension/graph/catalogGraphPanel';
import { Commands } from '../../../src/extension/ids';
import type { RunOutcome } from '../../../src/extension/pql/resultsPanel';
import type { EventsPanelInfo } from '../../../src/extension/reports/eventsPanel';
import type { RestoreInfo, WebviewEntry } from '../../../src/shared/protocol';
import { httpClient, testServer } from '../../integration/support/puppetdb';
import { startFaultProxy, type FaultProxy } from '../../support/faultProxy';
import { until } from '../until';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'restored-suite', name: 'Restored suite PuppetDB' };
/** A connection the user has too: a saved state may name it, and must not reach it so. */
const OTHER = { id: 'restored-suite-other', name: 'Restored suite, other PuppetDB' };
const MANIFEST = 'site-modules/profile/manifests/web.pp';
const SAVED_AT = '2026-01-01T00:00:00.000Z';

type WireEvent = { certname: string; file: string; line: number; report: string };

const workspaceFile = (path: string) =>
  vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, path);

/** The queries a proxy forwarded (health checks of the status bar aside). */
function queries(through: FaultProxy): string[] {
  return through.requests
    .map((request) => request.url)
    .filter((url) => url.startsWith('/pdb/query/'));
}

/** The text editors open on `path`. */
function editorsOn(path: string): vscode.Tab[] {
  const uri = workspaceFile(path).toString();
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri);
}

describe('A restored panel shows what it kept, and acts only on what the host recorded', function () {
  this.timeout(90_000);
  const server = testServer();
  const client = httpClient();
  let api: ExtensionApi;
  /** In front of CONNECTION. */
  let proxy: FaultProxy;
  /** In front of OTHER. */
  let otherProxy: FaultProxy;
  /** An event of the fleet at MANIFEST:3 (a line web.pp declares a resource on). */
  let event: WireEvent;

  /** A line of MANIFEST that no event of `event`'s report is declared at. */
  const FORGED_LINE = 1;

  const closeAll = () => vscode.commands.executeCommand('workbench.action.closeAllEditors');
  /** The id the newest panel of `entry` gave its webview (what a window reload hands back). */
  const keptId = (entry: WebviewEntry) =>
    until(`the ${entry} webview to keep its panel id`, () => api.panelId(entry));

  /**
   * What each kind of panel's webview could have saved: a restore info (the state's shape before
   * the host kept its own records) naming OTHER, content naming MANIFEST:FORGED_LINE, and the
   * messages of its actions that fetch, run or open something.
   */
  const forgedStates = (): Array<{
    entry: WebviewEntry;
    restore: RestoreInfo;
    content?: unknown;
    actions: unknown[];
  }> => [
    {
      entry: 'results',
      restore: { entry: 'results', connectionId: OTHER.id, query: 'nodes[certname] { limit 1 }' },
      content: {
        runId: 7,
        query: 'resources[file, line] {}',
        connectionName: OTHER.name,
        entity: 'resources',
        rows: [{ file: event.file, line: FORGED_LINE }],
        state: 'done',
        elapsedMs: 1,
        hasMore: true,
      },
      actions: [
        { type: 'openManifest', runId: 7, row: 0 },
        { type: 'loadMore', runId: 7 },
        { type: 'rerun' },
      ],
    },
    {
      entry: 'events',
      restore: { entry: 'events', connectionId: OTHER.id, source: { reportHash: event.report } },
      content: {
        title: 'Events',
        certname: event.certname,
        events: [{ file: event.file, line: FORGED_LINE }],
      },
      actions: [{ type: 'openManifest', file: event.file, line: FORGED_LINE }, { type: 'reload' }],
    },
    {
      entry: 'report',
      restore: { entry: 'report', connectionId: OTHER.id, reportHash: event.report },
      content: {
        certname: event.certname,
        hash: event.report,
        events: [],
        logs: [{ file: event.file, line: FORGED_LINE }],
        metrics: [],
      },
      actions: [{ type: 'openManifest', file: event.file, line: FORGED_LINE }, { type: 'reload' }],
    },
    {
      entry: 'graph',
      restore: { entry: 'graph', connectionId: OTHER.id, certname: event.certname },
      content: {
        catalog: {
          certname: event.certname,
          version: '1',
          environment: 'production',
          resources: [
            { id: 'File[/forged]', type: 'File', title: '/forged', file: event.file, line: 1 },
          ],
          edges: [],
        },
      },
      actions: [{ type: 'openManifest', resource: 'File[/forged]' }, { type: 'refresh' }],
    },
    {
      entry: 'inventory',
      restore: { entry: 'inventory', connectionId: OTHER.id, columns: ['certname'] },
      actions: [{ type: 'reload' }],
    },
    {
      entry: 'overview',
      restore: { entry: 'overview', connectionId: OTHER.id, range: 'hours' },
      actions: [{ type: 'refresh', range: 'hours' }],
    },
    {
      entry: 'runs',
      restore: { entry: 'runs', connectionId: OTHER.id, filter: { window: { last: '24h' } } },
      actions: [{ type: 'reload' }],
    },
    {
      entry: 'factExplorer',
      restore: { entry: 'factExplorer', connectionId: OTHER.id, path: ['os', 'family'] },
      actions: [{ type: 'refresh' }],
    },
  ];

  before(async () => {
    api = await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
    const target = { host: server.host, port: server.httpPort };
    proxy = await startFaultProxy({ target });
    otherProxy = await startFaultProxy({ target });
    for (const [connection, through] of [
      [CONNECTION, proxy],
      [OTHER, otherProxy],
    ] as const) {
      await addConnection({
        connection: { ...connection, url: through.url },
        secrets: {},
      });
    }
    const [found] = (await client
      .stream('events', {
        query: [
          'and',
          ['~', 'file', '/profile/manifests/web\\.pp$'],
          ['=', 'line', 3],
          ['=', 'latest_report?', true],
        ],
      })
      .toArray()) as WireEvent[];
    assert.ok(found, `the fleet has an event at ${MANIFEST}:3`);
    event = found;
  });

  beforeEach(async () => {
    await closeAll();
    proxy.clearRecords();
    otherProxy.clearRecords();
  });

  after(async () => {
    await closeAll();
    await api.services.store.remove(CONNECTION.id);
    await api.services.store.remove(OTHER.id);
    await proxy.close();
    await otherProxy.close();
  });

  it('a saved state the host never recorded fetches, runs and opens nothing', async () => {
    for (const { entry, restore, content, actions } of forgedStates()) {
      const kept = content === undefined ? undefined : { savedAt: SAVED_AT, content };
      // as written before panels had ids, and with an id this host never gave out
      for (const state of [
        { restore, kept },
        { panelId: randomUUID(), restore, kept },
      ]) {
        await api.revivePanel(entry, state);
        for (const action of actions) {
          const receipt = await api.receiveFromWebview(entry, action);
          assert.notEqual(
            receipt,
            'dropped',
            `${entry}: ${JSON.stringify(action)} fits the protocol`,
          );
        }
        assert.deepEqual(
          queries(otherProxy),
          [],
          `${entry}: nothing was asked of the connection the saved state named`,
        );
        assert.deepEqual(editorsOn(MANIFEST), [], `${entry}: no manifest was opened`);
        await closeAll();
      }
    }
  });

  it("another panel's id, given to another kind of panel, rebuilds nothing", async () => {
    const info = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, {
      connectionId: CONNECTION.id,
      reportHash: event.report,
    });
    assert.equal(info.state, 'done', info.error);
    const eventsId = await keptId('events');
    proxy.clearRecords();
    await api.revivePanel('report', {
      panelId: eventsId,
      restore: { entry: 'report', connectionId: OTHER.id, reportHash: event.report },
    });
    await api.receiveFromWebview('report', { type: 'reload' });
    assert.deepEqual(queries(otherProxy), [], 'nothing was asked of the other connection');
    assert.deepEqual(queries(proxy), [], "nor of the events panel's");
  });

  it("a restored events table shows what it kept; its Open Manifest and Load again use the host's record", async () => {
    const opened = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, {
      connectionId: CONNECTION.id,
      reportHash: event.report,
    });
    assert.equal(opened.state, 'done', opened.error);
    const forged = forgedStates().find((state) => state.entry === 'events')!;
    const panelId = await keptId('events');
    proxy.clearRecords();
    await api.revivePanel('events', {
      panelId,
      restore: forged.restore,
      kept: { savedAt: SAVED_AT, content: forged.content },
    });
    const target = { connectionId: CONNECTION.id, reportHash: event.report };
    const restored = await vscode.commands.executeCommand<EventsPanelInfo>(
      Commands.openEvents,
      target,
    );
    assert.equal(restored.eventCount, 1, 'the kept events are shown, nothing was fetched');
    assert.equal(restored.title, 'Events');
    assert.deepEqual([...queries(proxy), ...queries(otherProxy)], [], 'nothing was fetched');

    // a line the kept rows name but the report does not: fetched again, then not found
    await api.receiveFromWebview('events', {
      type: 'openManifest',
      file: event.file,
      line: FORGED_LINE,
    });
    assert.deepEqual(editorsOn(MANIFEST), [], 'the kept rows chose no line');
    assert.ok(
      queries(proxy).some((url) => url.startsWith('/pdb/query/v4/events')),
      "the events were fetched again from the record's connection",
    );
    assert.deepEqual(queries(otherProxy), []);
    // a line of the events fetched again opens
    await api.receiveFromWebview('events', {
      type: 'openManifest',
      file: event.file,
      line: event.line,
    });
    await until(`${MANIFEST} is open`, () => editorsOn(MANIFEST).length === 1);

    proxy.clearRecords();
    await api.receiveFromWebview('events', { type: 'reload' });
    const reloaded = await vscode.commands.executeCommand<EventsPanelInfo>(
      Commands.openEvents,
      target,
    );
    assert.equal(reloaded.state, 'done', reloaded.error);
    assert.equal(reloaded.eventCount, opened.eventCount, "the report's events, from PuppetDB");
    assert.ok(queries(proxy).some((url) => url.startsWith('/pdb/query/v4/events')));
    assert.deepEqual(queries(otherProxy), []);
  });

  it("restored PQL results show the kept rows; Run again runs the host's query, and kept rows open nothing", async () => {
    const query = 'nodes[certname] { order by certname limit 3 }';
    const outcome = await vscode.commands.executeCommand<RunOutcome>(Commands.runQuery, {
      connectionId: CONNECTION.id,
      query,
    });
    assert.equal(outcome.state, 'done');
    const forged = forgedStates().find((state) => state.entry === 'results')!;
    await api.revivePanel('results', {
      panelId: await keptId('results'),
      restore: forged.restore,
      kept: { savedAt: SAVED_AT, content: forged.content },
    });
    const restored = api.pqlResults()!;
    assert.deepEqual(restored.rows, [{ file: event.file, line: FORGED_LINE }], 'the kept rows');
    assert.ok(restored.restored, 'marked as restored');
    proxy.clearRecords();
    for (const action of forged.actions.filter((action) => action !== forged.actions.at(-1))) {
      await api.receiveFromWebview('results', action);
    }
    assert.deepEqual(editorsOn(MANIFEST), [], 'a kept row opened nothing');
    assert.deepEqual([...queries(proxy), ...queries(otherProxy)], [], 'nor paged on its own');

    await api.receiveFromWebview('results', { type: 'rerun' });
    const rerun = api.pqlResults()!;
    assert.equal(rerun.state, 'done', rerun.error?.message);
    assert.equal(rerun.query, query, "the host's query ran again");
    assert.deepEqual(rerun.rows, await client.stream('pql', { query }).toArray());
    assert.deepEqual(queries(otherProxy), []);
  });

  it("a restored graph's Open Manifest looks at the catalog fetched again, not the kept one", async () => {
    await vscode.commands.executeCommand<GraphPanelState>(Commands.openCatalogGraph, {
      connectionId: CONNECTION.id,
      certname: event.certname,
    });
    const forged = forgedStates().find((state) => state.entry === 'graph')!;
    await api.revivePanel('graph', {
      panelId: await keptId('graph'),
      restore: forged.restore,
      kept: { savedAt: SAVED_AT, content: forged.content },
    });
    proxy.clearRecords();
    await api.receiveFromWebview('graph', { type: 'openManifest', resource: 'File[/forged]' });
    assert.deepEqual(editorsOn(MANIFEST), [], 'the kept catalog chose no file');
    assert.ok(
      queries(proxy).some((url) => url.startsWith('/pdb/query/v4/catalogs/')),
      "the catalog was fetched again from the record's connection",
    );
    assert.deepEqual(queries(otherProxy), []);
  });
});
