/**
 * Each surface of the extension against the real PuppetDB behind the fault-injecting proxy, in the
 * real VS Code host: for every (surface × fault) of the matrix below, a clear message appears
 * within the connection's timeout (an error item, a panel's error state, the status bar
 * unreachable, completion still answering with its static items), nothing stays loading, nothing
 * is half-rendered, and once the fault is gone the surface's own Retry (the tree's retry, Load
 * more again, the panel's rerun/reload/refresh, a Refresh) succeeds.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import type { GraphPanelState } from '../../../src/extension/graph/catalogGraphPanel';
import { Commands, ContextValues } from '../../../src/extension/ids';
import type { RunOutcome } from '../../../src/extension/pql/resultsPanel';
import type { EventsPanelInfo } from '../../../src/extension/reports/eventsPanel';
import type { ReportPanelInfo } from '../../../src/extension/reports/reportPanel';
import type { ExplorerNode } from '../../../src/extension/tree/explorerNode';
import { httpClient, loadedFleet, testServer } from '../../integration/support/puppetdb';
import { startFaultProxy, type Fault, type FaultProxy } from '../../support/faultProxy';
import { describeError } from '../../../src/extension/errorText';
import { openUntitledPql } from '../untitledPql';
import { until } from '../until';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'faults-suite', name: 'Faults suite PuppetDB' };
/** The connection's timeout (seconds): short, so a stalled body fails fast. */
const TIMEOUT_S = 2;
/**
 * The message must come by then: a surface makes up to three requests, each given up after
 * TIMEOUT_S of silence, plus slack for a loaded 2-core machine. Later than that is a hang.
 */
const MESSAGE_WITHIN_MS = 10_000;
/** Nodes per tree page: the 40-node fleet then has a "Load more". */
const PAGE_SIZE = 10;
const PQL = 'nodes[certname] { order by certname }';
/** In the completion document: after `facts { name = "os` (live fact names complete there). */
const FACT_NAME_AT = new vscode.Position(2, 18);

/**
 * The faults of the matrix (`fault` undefined: the proxy refuses connections), and what a clear
 * message about each says.
 */
const FAULTS: Array<{ name: string; fault: Fault | undefined; says: RegExp }> = [
  { name: 'stall mid-body (timeout)', fault: { kind: 'stallMidBody' }, says: /timed out|timeout/i },
  {
    name: '503 HTML from a load balancer',
    fault: { kind: 'loadBalancer', status: 503 },
    says: /503/,
  },
  {
    name: 'reset mid-body',
    fault: { kind: 'resetMidBody' },
    says: /reset|incomplete|ended|closed/i,
  },
  { name: 'refused connection', fault: undefined, says: /refused/i },
];

interface Surface {
  name: string;
  /** Completion shows no message: it answers with what it has, without nagging. */
  quiet?: boolean;
  /** The requests the fault hits; the others (health checks, earlier steps) pass through. */
  match: RegExp;
  /** Brings the surface to where the faulted action starts (fault-free). */
  prepare?(): Promise<void>;
  /**
   * Does the action under the fault; checks that nothing loads or is half shown, and gives the
   * message the user sees (undefined where the surface shows none: completion stays quiet).
   */
  failUnderFault(): Promise<string | undefined>;
  /** With the fault gone: the surface's Retry, and the full answer. */
  retry(): Promise<void>;
}

/** Settles with `work`, or fails after MESSAGE_WITHIN_MS (a hang must not wait for mocha). */
async function withinHangLimit<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: nothing after ${MESSAGE_WITHIN_MS} ms`)),
      MESSAGE_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([work, hang]);
  } finally {
    clearTimeout(timer);
  }
}

async function labelOf(node: ExplorerNode): Promise<string> {
  return String((await node.toTreeItem()).label);
}

async function contextOf(node: ExplorerNode | undefined): Promise<string | undefined> {
  return (await node?.toTreeItem())?.contextValue;
}

describe('Each surface survives each fault (real VS Code host)', function () {
  this.timeout(60_000);
  const server = testServer();
  const client = httpClient();
  const fleet = loadedFleet();
  const certname = fleet.nodes
    .filter((node) => !fleet.deactivated.includes(node.certname))
    .map((node) => node.certname)
    .sort()[0]!;
  let api: ExtensionApi;
  let proxy: FaultProxy;
  let reportHash: string;
  let previousActive: string | undefined;
  /** What the guarded commands showed (the real error messages, spied on). */
  const shown: Array<{ what: string; error: unknown }> = [];
  let restoreShow: (() => void) | undefined;
  const settings = () => vscode.workspace.getConfiguration('puppetdbExplorer');

  const root = async (): Promise<ExplorerNode> => {
    for (const node of await api.services.explorer.getChildren()) {
      if ((await labelOf(node)) === CONNECTION.name) return node;
    }
    throw new Error('the suite connection is not in the tree');
  };
  const child = async (parent: ExplorerNode, label: string): Promise<ExplorerNode> => {
    for (const node of await api.services.explorer.getChildren(parent)) {
      if ((await labelOf(node)) === label) return node;
    }
    throw new Error(`no "${label}" under ${await labelOf(parent)}`);
  };
  const nodesFolder = async () => child(await root(), 'Nodes');
  const factsFolder = async () => child(await child(await nodesFolder(), certname), 'Facts');

  const openPqlDocument = async (text: string): Promise<vscode.TextEditor> => {
    return vscode.window.showTextDocument(await openUntitledPql(text));
  };
  const completionLabels = async (
    editor: vscode.TextEditor,
    position: vscode.Position,
  ): Promise<string[]> => {
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      editor.document.uri,
      position,
    );
    return list.items.map((item) =>
      typeof item.label === 'string' ? item.label : item.label.label,
    );
  };

  // ---- the surfaces ------------------------------------------------------------------------

  let loadMoreFirstPage = 0;
  let completionEditor: vscode.TextEditor | undefined;

  const SURFACES: Surface[] = [
    {
      name: "tree expand (a node's Facts)",
      match: /^\/pdb\/query\/v4\/facts(\?|$)/,
      async prepare() {
        await vscode.commands.executeCommand(Commands.refresh, await factsFolder());
      },
      async failUnderFault() {
        const [first, ...rest] = await api.services.explorer.getChildren(await factsFolder());
        assert.ok(
          [ContextValues.error, ContextValues.connectionError].includes(
            (await contextOf(first)) as typeof ContextValues.error,
          ),
          'an error item, not facts',
        );
        assert.equal(rest.length, 0, 'no fact beside the error item');
        return labelOf(first!);
      },
      async retry() {
        const folder = await factsFolder();
        const [errorItem] = await api.services.explorer.getChildren(folder);
        await vscode.commands.executeCommand(Commands.retry, errorItem);
        const facts = await api.services.explorer.getChildren(await factsFolder());
        assert.ok(facts.length > 0);
        assert.equal(await contextOf(facts[0]), ContextValues.fact, 'the retry lists facts');
      },
    },
    {
      name: 'Load more (Nodes)',
      match: /^\/pdb\/query\/v4\/nodes(\?|$)/,
      async prepare() {
        await vscode.commands.executeCommand(Commands.refresh, await nodesFolder());
        const children = await api.services.explorer.getChildren(await nodesFolder());
        assert.equal(await contextOf(children.at(-1)), ContextValues.loadMore);
        loadMoreFirstPage = children.length - 1;
        assert.equal(loadMoreFirstPage, PAGE_SIZE);
      },
      async failUnderFault() {
        const children = await api.services.explorer.getChildren(await nodesFolder());
        shown.length = 0;
        await vscode.commands.executeCommand(Commands.loadMore, children.at(-1));
        assert.equal(shown.length, 1, 'one error message for the failed page');
        assert.match(shown[0]!.what, /loadMore/);
        const after = await api.services.explorer.getChildren(await nodesFolder());
        assert.equal(
          after.length,
          loadMoreFirstPage + 1,
          'the first page and "Load more", no half page',
        );
        assert.equal(await contextOf(after.at(-1)), ContextValues.loadMore, '"Load more" stays');
        return describeError(shown[0]!.error);
      },
      async retry() {
        const children = await api.services.explorer.getChildren(await nodesFolder());
        shown.length = 0;
        await vscode.commands.executeCommand(Commands.loadMore, children.at(-1));
        assert.equal(shown.length, 0, 'no error once the fault is gone');
        const after = await api.services.explorer.getChildren(await nodesFolder());
        assert.equal(after.length, 2 * PAGE_SIZE + 1, 'the second page is listed');
      },
    },
    {
      name: 'PQL run (results panel)',
      match: /^\/pdb\/query\/v4\?/,
      async failUnderFault() {
        const outcome = await vscode.commands.executeCommand<RunOutcome>(Commands.runQuery, {
          connectionId: CONNECTION.id,
          query: PQL,
        });
        assert.equal(outcome.state, 'error');
        const results = api.pqlResults()!;
        assert.equal(results.state, 'error', 'the panel shows the error, not done nor running');
        assert.equal(results.hasMore, false);
        return results.error?.message;
      },
      async retry() {
        const expected = await client.stream('pql', { query: PQL }).toArray();
        assert.equal(
          await api.receiveFromWebview('results', { type: 'rerun' }),
          'handled',
          'the panel takes its rerun',
        );
        const results = api.pqlResults()!;
        assert.equal(results.state, 'done', results.error?.message);
        assert.deepEqual(results.rows, expected);
        assert.equal(results.error, undefined);
      },
    },
    {
      name: 'catalog graph',
      match: /^\/pdb\/query\/v4\/catalogs\//,
      async prepare() {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      },
      async failUnderFault() {
        const state = await vscode.commands.executeCommand<GraphPanelState>(
          Commands.openCatalogGraph,
          { connectionId: CONNECTION.id, certname },
        );
        assert.equal(state.resources, 0, 'no half catalog');
        assert.equal(state.drawn, undefined, 'nothing drawn');
        return state.error;
      },
      async retry() {
        assert.equal(await api.receiveFromWebview('graph', { type: 'refresh' }), 'handled');
        const state = await vscode.commands.executeCommand<GraphPanelState>(
          Commands.openCatalogGraph,
          { connectionId: CONNECTION.id, certname },
        );
        assert.equal(state.error, undefined);
        const catalog = await client.catalog(certname);
        assert.equal(state.resources, catalog.resources.size);
      },
    },
    {
      name: 'events table',
      match: /^\/pdb\/query\/v4\/events(\?|$)/,
      async prepare() {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      },
      async failUnderFault() {
        const info = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, {
          connectionId: CONNECTION.id,
          reportHash,
        });
        assert.equal(info.state, 'error', 'not loading, not done');
        return info.error;
      },
      async retry() {
        assert.equal(await api.receiveFromWebview('events', { type: 'reload' }), 'handled');
        const info = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, {
          connectionId: CONNECTION.id,
          reportHash,
        });
        const expected = await client.events({ query: ['=', 'report', reportHash] }).toArray();
        assert.equal(info.state, 'done', info.error);
        assert.equal(info.eventCount, expected.length);
      },
    },
    {
      name: 'report view',
      match: /^\/pdb\/query\/v4\/reports(\?|$)/,
      async prepare() {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      },
      async failUnderFault() {
        const info = await vscode.commands.executeCommand<ReportPanelInfo>(Commands.openReport, {
          connectionId: CONNECTION.id,
          reportHash,
        });
        assert.equal(info.report, undefined, 'no half report');
        return info.error;
      },
      async retry() {
        assert.equal(await api.receiveFromWebview('report', { type: 'reload' }), 'handled');
        const info = await vscode.commands.executeCommand<ReportPanelInfo>(Commands.openReport, {
          connectionId: CONNECTION.id,
          reportHash,
        });
        assert.equal(info.error, undefined);
        assert.equal(info.report?.certname, certname);
      },
    },
    {
      name: 'status bar',
      match: /^\/(status\/v1\/services|pdb\/meta\/v1\/version)/,
      async failUnderFault() {
        await api.services.statusBar.update();
        const health = api.services.statusBar.health;
        assert.ok(health === 'unreachable' || health === 'unhealthy', `health ${health}`);
        assert.match(api.services.statusBar.text, /unreachable|\$\(warning\)/);
        return api.services.statusBar.tooltip;
      },
      async retry() {
        await vscode.commands.executeCommand(Commands.refresh);
        await until(
          'the status bar to be healthy',
          () => api.services.statusBar.health === 'healthy',
        );
      },
    },
    {
      name: 'completion (live fact names)',
      quiet: true,
      match: /^\/pdb\/query\/v4\/fact-names/,
      async prepare() {
        completionEditor = await openPqlDocument('fa\n\nfacts { name = "os');
        // saving the connection again empties the live values' one-minute cache
        const { store } = api.services;
        await store.save(store.get(CONNECTION.id)!);
      },
      async failUnderFault() {
        const labels = await completionLabels(completionEditor!, FACT_NAME_AT);
        const start = await completionLabels(completionEditor!, new vscode.Position(0, 2));
        assert.ok(start.includes('facts'), 'the static items still answer');
        assert.ok(!labels.includes('osfamily'), 'no live fact names while the server fails');
        return undefined;
      },
      async retry() {
        const labels = await until('live fact names once the fault is gone', async () => {
          const now = await completionLabels(completionEditor!, FACT_NAME_AT);
          return now.includes('osfamily') && now;
        });
        assert.ok(labels.includes('os'));
      },
    },
  ];

  before(async () => {
    api = await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
    proxy = await startFaultProxy({ target: { host: server.host, port: server.httpPort } });
    await addConnection({
      connection: { ...CONNECTION, url: proxy.url, timeout: TIMEOUT_S },
      secrets: {},
    });
    await settings().update('pageSize', PAGE_SIZE, vscode.ConfigurationTarget.Global);
    previousActive = api.services.statusBar.activeConnectionId;
    await api.services.statusBar.setActive(CONNECTION.id);
    const reports = (await client.query('reports', {
      query: [
        'extract',
        ['hash'],
        ['and', ['=', 'certname', certname], ['=', 'latest_report?', true]],
      ],
    })) as Array<{ hash: string }>;
    reportHash = reports[0]!.hash;
    const errors = api.services.errors;
    const show = errors.show.bind(errors);
    errors.show = async (what, error, actions) => {
      shown.push({ what, error });
      return show(what, error, actions);
    };
    restoreShow = () => {
      errors.show = show;
    };
  });

  afterEach(async () => {
    proxy.passThrough();
    await proxy.acceptConnections();
  });

  after(async () => {
    restoreShow?.();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await settings().update('pageSize', undefined, vscode.ConfigurationTarget.Global);
    if (previousActive) await api.services.statusBar.setActive(previousActive);
    await api.services.store.remove(CONNECTION.id);
    await proxy.close();
  });

  for (const surface of SURFACES) {
    for (const { name, fault, says } of FAULTS) {
      it(`${surface.name} × ${name}`, async () => {
        await surface.prepare?.();
        proxy.clearRecords();
        if (fault) proxy.inject(fault, { match: surface.match });
        else await proxy.refuseConnections();
        const message = await withinHangLimit(
          `${surface.name} under ${name}`,
          surface.failUnderFault(),
        );
        if (!surface.quiet) {
          assert.ok(message, 'a message says what went wrong');
          assert.match(message, says, 'the message says what happened');
          assert.doesNotMatch(message, /<(html|body|h1)/i, "no load balancer's HTML in it");
          assert.match(message, new RegExp(`127\\.0\\.0\\.1:${proxy.port}`), 'names the server');
        }
        if (fault) {
          assert.ok(
            proxy.requests.some((request) => request.fault === fault.kind),
            'the fault was hit',
          );
        }
        proxy.passThrough();
        await proxy.acceptConnections();
        await withinHangLimit(`${surface.name}'s retry after ${name}`, surface.retry());
      });
    }
  }
});
