/**
 * The fact explorer and the Environments leaves inside a real VS Code extension host, against the
 * real PuppetDB: every count of a distribution equals what PuppetDB's own fact rows say (counted
 * here from the facts themselves, not from an aggregate), a structured path is read from its
 * fact's value, a click on a value lists exactly the nodes holding it, and an Environments leaf
 * narrows the tree's Nodes folder and the overview to exactly that environment's nodes. (What
 * the webview draws is checked by test/e2e/factExplorer.e2e.ts.)
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import type { FactExplorerInfo } from '../../../src/extension/factExplorer/factExplorerPanel';
import type { ShownEnvironment } from '../../../src/extension/fleet/showEnvironment';
import { Commands, ContextValues, WebviewPanels } from '../../../src/extension/ids';
import { INERT_JOINER } from '../../../src/extension/inertText';
import type { ExplorerNode } from '../../../src/extension/tree/explorerNode';
import type { EventsPanelInfo } from '../../../src/extension/reports/eventsPanel';
import type { RecentRunsPanelInfo } from '../../../src/extension/runs/recentRunsPanel';
import type { NodesFolder } from '../../../src/extension/tree/nodesFolder';
import type { FactPath, FactValue } from '../../../src/shared/factExplorer';
import { bucketBounds } from '../../../src/shared/overview';
import { httpClient, testServer } from '../../integration/support/puppetdb';
import { discardEditor, openUntitledPql } from '../untitledPql';
import { until } from '../until';
import { expectWebviewTabs, webviewTabs } from '../tabs';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'fact-explorer-suite', name: 'Fact explorer suite PuppetDB' };

const explore = (argument: unknown) =>
  vscode.commands.executeCommand<FactExplorerInfo | undefined>(Commands.exploreFact, argument);

async function childByLabel(parent: ExplorerNode, label: string): Promise<ExplorerNode> {
  for (const child of await parent.getChildren()) {
    if (String((await child.toTreeItem()).label) === label) return child;
  }
  throw new Error(`no "${label}" under this node`);
}

/** Runs a tree item's click command, as a click in the tree does. */
async function click(node: ExplorerNode): Promise<unknown> {
  const { command } = await node.toTreeItem();
  assert.ok(command, 'the item does something on a click');
  return vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
}

/** The value at `path` inside a fact's value, or undefined when it has none there. */
function valueAt(value: unknown, path: FactPath): unknown {
  let at = value;
  for (const segment of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[segment];
  }
  return at;
}

describe('Fact explorer', function () {
  let api: ExtensionApi;
  const server = testServer();
  const client = httpClient();

  /**
   * What PuppetDB's own rows say: every active node's value of the fact `path[0]` (the facts
   * endpoint, one row per node), read at the rest of the path here.
   */
  async function holders(path: FactPath): Promise<Map<string, unknown>> {
    const rows = (await client.query('facts', {
      query: ['extract', ['certname', 'value'], ['=', 'name', path[0]]],
    })) as Array<{ certname: string; value: unknown }>;
    const values = new Map<string, unknown>();
    for (const row of rows) {
      const value = valueAt(row.value, path.slice(1));
      if (value !== undefined && (value === null || typeof value !== 'object')) {
        values.set(row.certname, value);
      }
    }
    return values;
  }

  function countsOf(values: Map<string, unknown>): Map<string, number> {
    const counts = new Map<string, number>();
    for (const value of values.values()) {
      const key = JSON.stringify(value);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }

  async function expectDistribution(
    info: FactExplorerInfo | undefined,
    path: FactPath,
    minValues = 2,
  ) {
    assert.ok(info, 'the explorer opened');
    assert.equal(info.error, undefined);
    const distribution = info.distribution!;
    assert.deepEqual(distribution.path, path);
    const expected = countsOf(await holders(path));
    assert.ok(expected.size >= minValues, `the fleet has values of ${path.join('.')}`);
    assert.deepEqual(
      new Map(distribution.values.map(({ value, nodes }) => [JSON.stringify(value), nodes])),
      expected,
    );
    assert.equal(distribution.distinct, expected.size);
    assert.equal(
      distribution.nodes,
      [...expected.values()].reduce((sum, count) => sum + count, 0),
    );
    // most common first
    const counts = distribution.values.map((row) => row.nodes);
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => b - a),
    );
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

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("counts a fact's values exactly as PuppetDB's own fact rows say, opened from a Fact names leaf", async () => {
    await api.services.explorer.getChildren();
    const root = api.services.explorer.root(CONNECTION.id)!;
    const leaf = await childByLabel(await childByLabel(root, 'Fact names'), 'role');
    await click(leaf);
    // the leaf opened the panel; the command on the same fact says what it shows, once painted
    const info = await explore({ connectionId: CONNECTION.id, fact: 'role', waitForPaint: true });
    await expectDistribution(info, ['role']);
    await expectWebviewTabs(WebviewPanels.factExplorer, 1);
    assert.deepEqual(info!.restore, {
      entry: 'factExplorer',
      connectionId: CONNECTION.id,
      path: ['role'],
    });
  });

  it('counts a structured fact by its path (os.release.major, processors.count)', async () => {
    for (const path of [
      ['os', 'release', 'major'],
      ['processors', 'count'],
    ]) {
      const info = await explore({ connectionId: CONNECTION.id, path, waitForPaint: true });
      await expectDistribution(info, path);
    }
    // a fact whose name has a dot: PuppetDB's dotted paths can't name it (fact_contents can)
    const dotted = await explore({
      connectionId: CONNECTION.id,
      path: ['os.family'],
      waitForPaint: true,
    });
    await expectDistribution(dotted, ['os.family'], 1);
    // one panel per connection: each path replaced the one before
    await expectWebviewTabs(WebviewPanels.factExplorer, 1);
  });

  it('a click on a value lists exactly the nodes holding it', async () => {
    for (const [path, value] of [
      [['os', 'release', 'major'], '12'],
      [['processors', 'count'], 16],
      [['os.family'], 'dotted fact name'],
    ] as Array<[FactPath, FactValue]>) {
      await explore({ connectionId: CONNECTION.id, path });
      const expected = [...(await holders(path))]
        .filter(([, held]) => held === value)
        .map(([certname]) => certname)
        .sort();
      assert.ok(expected.length > 0, `some nodes have ${path.join('.')} = ${String(value)}`);
      // as the chart's mark or the table's row posts it; handled once the list has loaded
      assert.equal(
        await api.receiveFromWebview('factExplorer', { type: 'openNodes', value }),
        'handled',
      );
      const info = await explore({ connectionId: CONNECTION.id, path });
      assert.deepEqual(info!.valueNodes?.value, value);
      assert.deepEqual([...info!.valueNodes!.certnames!].sort(), expected);
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
  });

  it('"Open as PQL" writes a query PuppetDB answers with the same counts', async () => {
    const path = ['os', 'release', 'major'];
    const info = await explore({ connectionId: CONNECTION.id, path });
    assert.equal(await api.receiveFromWebview('factExplorer', { type: 'openAsPql' }), 'handled');
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.languageId, 'puppetdb-pql');
    const [header, query] = editor.document.getText().split('\n');
    assert.equal(header, `# @connection ${CONNECTION.name}`);
    const rows = (await client.pql(query!).toArray()) as unknown as Array<
      Record<string, unknown> & { count: number }
    >;
    // the value's column is named after the path (inventory) or `value` (fact_contents)
    const valueOf = (row: Record<string, unknown>) =>
      Object.entries(row).find(([key]) => key !== 'count')?.[1];
    assert.deepEqual(
      new Map(rows.map((row) => [JSON.stringify(valueOf(row)), row.count])),
      new Map(info!.distribution!.values.map((row) => [JSON.stringify(row.value), row.nodes])),
    );
    await discardEditor(editor);
  });

  it('a fact name in a .pql file offers the explorer in its hover', async () => {
    const document = await openUntitledPql(
      'facts[certname, value] { name = "role" }\ninventory[certname] { facts.os.release.major = "12" }\n',
    );
    const hoverText = async (line: number, character: number) =>
      (
        await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          document.uri,
          new vscode.Position(line, character),
        )
      )
        .flatMap((hover) => hover.contents.map((part) => (part as vscode.MarkdownString).value))
        .join('\n');
    const argument = (fact: unknown) =>
      `command:${Commands.exploreFact}?${encodeURIComponent(JSON.stringify([fact]))}`;
    // a document just opened may be hovered before the language features have it: wait for it
    await until('the hover of a fact name', async () =>
      (await hoverText(0, 34)).includes(argument({ fact: 'role' })),
    );
    assert.ok((await hoverText(1, 35)).includes(argument({ path: ['os', 'release', 'major'] })));
  });

  it('the hover of a file whose "# @connection" names another connection explores on that one', async () => {
    const second = { id: 'fact-explorer-second', name: 'Fact explorer second PuppetDB' };
    await addConnection({
      connection: { ...second, url: `http://${server.host}:${server.httpPort}` },
    });
    try {
      // the active connection is another one: the file's line must win, as it does for a run
      await vscode.commands.executeCommand(Commands.switchConnection, CONNECTION.id);
      const document = await openUntitledPql(
        `# @connection ${second.name}\nfacts[certname, value] { name = "role" }\n`,
      );
      const links = async () =>
        (
          await vscode.commands.executeCommand<vscode.Hover[]>(
            'vscode.executeHoverProvider',
            document.uri,
            new vscode.Position(1, 34),
          )
        )
          .flatMap((hover) => hover.contents.map((part) => (part as vscode.MarkdownString).value))
          .flatMap((text) => [...text.matchAll(/\]\(command:([\w.]+)\?([^)]*)\)/g)])
          .map(([, command, argument]) => ({
            command,
            argument: JSON.parse(decodeURIComponent(argument!)) as unknown[],
          }));
      await until('the hover of a fact name', async () => (await links()).length > 0);
      const [link] = await links();
      assert.deepEqual(link, {
        command: Commands.exploreFact,
        argument: [{ connectionId: second.id, fact: 'role' }],
      });
      // the click opens the explorer of that connection
      const info = await explore(link!.argument[0]);
      assert.equal(info?.restore.connectionId, second.id);
      await expectDistribution(info, ['role']);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await api.services.store.remove(second.id);
    }
  });

  it('drops what the webview may not ask', async () => {
    await explore({ connectionId: CONNECTION.id, path: ['role'] });
    for (const message of [
      { type: 'openNodes', value: { nested: true } },
      { type: 'openNodes', value: ['web'] },
      { type: 'openNodes' },
      { type: 'choosePath', path: ['os'] },
      { type: 'runQuery', query: 'nodes {}' },
    ]) {
      assert.equal(await api.receiveFromWebview('factExplorer', message), 'dropped');
    }
  });
});

describe('Environments leaves', function () {
  let api: ExtensionApi;
  const server = testServer();
  const client = httpClient();

  before(async () => {
    const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    api = await extension!.activate();
    if (!api.services.store.get(CONNECTION.id)) {
      await addConnection({
        connection: { ...CONNECTION, url: `http://${server.host}:${server.httpPort}` },
      });
    }
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("narrows the Nodes folder and the overview to exactly the environment's nodes", async () => {
    const nodes = (await client.query('nodes', {
      query: ['extract', ['certname', 'catalog_environment']],
    })) as Array<{ certname: string; catalog_environment: string | null }>;
    const byEnvironment = new Map<string, string[]>();
    for (const node of nodes) {
      if (node.catalog_environment === null) continue;
      byEnvironment.set(node.catalog_environment, [
        ...(byEnvironment.get(node.catalog_environment) ?? []),
        node.certname,
      ]);
    }
    // the smallest environment with nodes: a filter that lets everything through would fail
    const [environment, certnames] = [...byEnvironment].sort(
      (a, b) => a[1].length - b[1].length,
    )[0]!;
    assert.ok(certnames.length < nodes.length, 'the environment holds only part of the fleet');

    await api.services.explorer.getChildren();
    const root = api.services.explorer.root(CONNECTION.id)!;
    const leaf = await childByLabel(await childByLabel(root, 'Environments'), environment);
    const shown = (await click(leaf)) as ShownEnvironment;
    const folder = (await root.getChildren()).find(
      (child) => (child as Partial<NodesFolder>).filterable === true,
    ) as NodesFolder;
    try {
      assert.deepEqual(shown.filter, { environment });
      assert.deepEqual(folder.currentFilter(), { environment });
      const listed: string[] = [];
      for (const child of await folder.getChildren()) {
        const item = await child.toTreeItem();
        // as a person reads it: inert() puts invisible joiners in the hostile node's label
        if (item.contextValue === ContextValues.node) {
          listed.push(String(item.label).replaceAll(INERT_JOINER, ''));
        }
      }
      assert.deepEqual(listed.sort(), [...certnames].sort());
      const overview = shown.overview!.overview!;
      assert.equal(overview.environment, environment);
      assert.equal(overview.fleet.active, certnames.length);
      assert.deepEqual(
        overview.environments.map((row) => row.name),
        [environment],
      );
      assert.equal(shown.overview!.restore.entry, 'overview');
      // "All environments" in the overview: the whole fleet again
      assert.equal(
        await api.receiveFromWebview('overview', { type: 'showAllEnvironments' }),
        'handled',
      );
      const all = await vscode.commands.executeCommand<{ overview: { fleet: { active: number } } }>(
        Commands.openOverview,
        { connectionId: CONNECTION.id },
      );
      assert.equal(all.overview.fleet.active, nodes.length);
    } finally {
      await vscode.commands.executeCommand(Commands.clearNodeFilter, folder);
    }
  });

  it("the environment's overview opens only that environment's failing events and runs", async () => {
    // the latest runs' failed events: an environment and a resource that failed there and
    // elsewhere too, so that a click which forgot the environment would list more events
    const failed = (await client.query('events', {
      query: [
        'extract',
        ['environment', 'resource_type', 'resource_title'],
        ['and', ['=', 'latest_report?', true], ['=', 'status', 'failure']],
      ],
    })) as Array<{ environment: string; resource_type: string; resource_title: string }>;
    const resourceOf = (event: (typeof failed)[number]) =>
      `${event.resource_type}[${event.resource_title}]`;
    const pick = failed.find(
      (event) =>
        failed.filter((other) => resourceOf(other) === resourceOf(event)).length >
        failed.filter(
          (other) =>
            resourceOf(other) === resourceOf(event) && other.environment === event.environment,
        ).length,
    );
    assert.ok(pick, 'a resource fails in more than one environment');
    const { environment } = pick;
    const expectedEvents = failed.filter(
      (event) => resourceOf(event) === resourceOf(pick) && event.environment === environment,
    ).length;

    await api.services.explorer.getChildren();
    const root = api.services.explorer.root(CONNECTION.id)!;
    const leaf = await childByLabel(await childByLabel(root, 'Environments'), environment);
    const shown = (await click(leaf)) as ShownEnvironment;
    const folder = (await root.getChildren()).find(
      (child) => (child as Partial<NodesFolder>).filterable === true,
    ) as NodesFolder;
    try {
      const overview = shown.overview!.overview!;
      assert.equal(overview.environment, environment);
      assert.ok(
        overview.failingResources.some(
          (row) => row.type === pick.resource_type && row.title === pick.resource_title,
        ),
        'the overview lists the resource',
      );

      // a "what is going wrong" row: the webview says the resource, the host the environment
      const filter = {
        status: 'failure' as const,
        resourceType: pick.resource_type,
        resourceTitle: pick.resource_title,
      };
      const eventTabs = webviewTabs(WebviewPanels.events).length;
      assert.equal(
        await api.receiveFromWebview('overview', { type: 'openEvents', filter }),
        'handled',
      );
      await expectWebviewTabs(WebviewPanels.events, eventTabs + 1);
      // the same source again brings that very panel forward (one panel per source)
      const events = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, {
        connectionId: CONNECTION.id,
        fleet: { ...filter, environment },
      });
      await expectWebviewTabs(WebviewPanels.events, eventTabs + 1);
      assert.equal(events.state, 'done', events.error);
      assert.equal(events.eventCount, expectedEvents);
      assert.ok(events.title.includes(`(${environment})`), events.title);

      // a bar of the runs chart: the runs of that hour in that environment, as many as it counts
      const total = (entry: (typeof overview.runs.buckets)[number]) =>
        entry.counts.failed + entry.counts.changed + entry.counts.unchanged;
      const bucket = [...overview.runs.buckets].reverse().find((entry) => total(entry) > 0);
      assert.ok(bucket, 'the environment ran in the last 24 hours');
      const window = bucketBounds(overview.runs.range, bucket.key)!;
      const reportsIn = async (bounds: { since: string; until?: string }) =>
        (
          (await client.query('reports', {
            query: [
              'extract',
              ['hash'],
              [
                'and',
                ['>=', 'end_time', bounds.since],
                ...(bounds.until === undefined ? [] : [['<', 'end_time', bounds.until]]),
                ['=', 'environment', environment],
              ],
            ],
          })) as Array<{ hash: string }>
        )
          .map((report) => report.hash)
          .sort();
      const expectedRuns = await reportsIn(window);
      assert.equal(expectedRuns.length, total(bucket), "the bar counts the window's runs");
      assert.equal(
        await api.receiveFromWebview('overview', { type: 'openRuns', bucket: bucket.key }),
        'handled',
      );
      const runsShown = () =>
        vscode.commands.executeCommand<RecentRunsPanelInfo>(Commands.showRecentRuns, {
          connectionId: CONNECTION.id,
        });
      let runs = await runsShown();
      assert.deepEqual(runs.filter, { window, environment });
      assert.equal(runs.state, 'done', runs.error);
      assert.deepEqual(runs.runs.map((run) => run.hash).sort(), expectedRuns);

      // a status segment of that bar: that status's runs only
      const status = (['failed', 'changed', 'unchanged'] as const).find(
        (key) => bucket.counts[key] > 0,
      )!;
      assert.equal(
        await api.receiveFromWebview('overview', {
          type: 'openRuns',
          bucket: bucket.key,
          status,
        }),
        'handled',
      );
      runs = await runsShown();
      assert.deepEqual(runs.filter, { window, status, environment });
      assert.equal(runs.runs.length, bucket.counts[status]);
      assert.ok(runs.runs.every((run) => run.status === status && run.environment === environment));

      // the header's "Recent runs": the chart's whole range, as many runs as its bars hold
      assert.equal(await api.receiveFromWebview('overview', { type: 'openRuns' }), 'handled');
      runs = await runsShown();
      const since = bucketBounds(overview.runs.range, overview.runs.buckets[0]!.key)!.since;
      assert.deepEqual(runs.filter, { window: { since }, environment });
      assert.deepEqual(runs.runs.map((run) => run.hash).sort(), await reportsIn({ since }));
      assert.equal(
        runs.runs.length,
        overview.runs.buckets.reduce((sum, entry) => sum + total(entry), 0),
      );
    } finally {
      await vscode.commands.executeCommand(Commands.clearNodeFilter, folder);
    }
  });
});
