/**
 * The fleet overview inside a real VS Code extension host, against the real PuppetDB: every count
 * equals what PuppetDB's own rows say (counted here from the nodes, reports and events
 * themselves, not from aggregates), and a click on a count or a row lands on exactly the nodes
 * or events behind it. (What the webview draws is checked by test/e2e/overview.e2e.ts.)
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands, WebviewPanels } from '../../../src/extension/ids';
import type { OverviewPanelInfo } from '../../../src/extension/overview/overviewPanel';
import type { EventsPanelInfo } from '../../../src/extension/reports/eventsPanel';
import {
  COUNT_KEYS,
  bucketKeys,
  emptyCounts,
  rangeStart,
  type Counts,
} from '../../../src/shared/overview';
import { httpClient, testServer } from '../../integration/support/puppetdb';
import { listedNodes, nodesFolderOf } from '../nodesFolder';
import { expectWebviewTabs, webviewTabs } from '../tabs';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'overview-suite', name: 'Overview suite PuppetDB' };
const CACHED = ['explicitly_requested', 'on_failure'];

describe('Fleet overview', function () {
  let api: ExtensionApi;
  const server = testServer();
  const client = httpClient();
  let info: OverviewPanelInfo;

  before(async () => {
    const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
    api = await extension.activate();
    if (!api.services.store.get(CONNECTION.id)) {
      await addConnection({
        connection: { ...CONNECTION, url: `http://${server.host}:${server.httpPort}` },
      });
    }
    info = await vscode.commands.executeCommand<OverviewPanelInfo>(Commands.openOverview, {
      connectionId: CONNECTION.id,
      waitForPaint: true,
    });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("counts nodes by status and environment exactly as PuppetDB's own node rows say", async () => {
    assert.equal(info.error, undefined);
    const overview = info.overview!;
    const now = new Date(overview.fetchedAt);
    // every active node, with the status the tree shows (the client's Node.status)
    const nodes = await client
      .nodes({
        withStatus: true,
        withEventNumbers: false,
        unreported: overview.unreportedHours,
        now,
      })
      .toArray();
    const inactive = (await client.query('nodes', {
      query: [
        'and',
        ['=', 'node_state', 'any'],
        ['or', ['null?', 'deactivated', false], ['null?', 'expired', false]],
      ],
    })) as Array<{ catalog_environment: string | null; deactivated: unknown; expired: unknown }>;
    const expected = new Map<string | null, Counts>();
    const fleet = emptyCounts();
    const add = (environment: string | null, key: keyof Counts) => {
      if (!expected.has(environment)) expected.set(environment, emptyCounts());
      expected.get(environment)![key] += 1;
      fleet[key] += 1;
    };
    for (const node of nodes) {
      add(node.catalogEnvironment, node.status as keyof Counts);
      add(node.catalogEnvironment, 'active');
      if (CACHED.includes(node.cachedCatalogStatus ?? '')) add(node.catalogEnvironment, 'cached');
    }
    for (const node of inactive) {
      if (node.deactivated !== null) add(node.catalog_environment, 'deactivated');
      if (node.expired !== null) add(node.catalog_environment, 'expired');
    }
    assert.ok(fleet.failed > 0 && fleet.changed > 0 && fleet.unchanged > 0, 'the fleet has each');
    assert.ok(fleet.deactivated > 0, 'the fleet has deactivated nodes');
    assert.deepEqual(overview.fleet, fleet);
    assert.deepEqual(
      new Map(overview.environments.map(({ name, counts }) => [name, counts])),
      expected,
    );
    assert.equal(fleet.active, nodes.length);
    for (const key of COUNT_KEYS) assert.equal(typeof overview.fleet[key], 'number');
  });

  it("counts runs per hour and per day as PuppetDB's own report rows say", async () => {
    for (const range of ['days', 'hours'] as const) {
      // the range toggle of the webview, then the panel's state (opening it again refreshes it)
      assert.equal(await api.receiveFromWebview('overview', { type: 'refresh', range }), 'handled');
      const overview = (
        await vscode.commands.executeCommand<OverviewPanelInfo>(Commands.openOverview, {
          connectionId: CONNECTION.id,
        })
      ).overview!;
      assert.equal(overview.runs.range, range);
      const now = new Date(overview.fetchedAt);
      // by the run's end, as "Show Recent Runs" windows them (a bar's click lists its runs)
      const reports = (await client.query('reports', {
        query: ['extract', ['end_time', 'status'], ['>=', 'end_time', rangeStart(range, now)]],
      })) as Array<{ end_time: string; status: 'failed' | 'changed' | 'unchanged' }>;
      const expected = bucketKeys(range, now).map((key) => ({
        key,
        counts: { failed: 0, changed: 0, unchanged: 0 },
      }));
      for (const report of reports) {
        const iso = new Date(report.end_time).toISOString();
        const key =
          range === 'hours' ? `${iso.slice(0, 10)} ${iso.slice(11, 13)}` : iso.slice(0, 10);
        const bucket = expected.find((entry) => entry.key === key);
        if (bucket) bucket.counts[report.status] += 1;
      }
      assert.ok(reports.length > 0, 'the fleet has recent reports');
      assert.deepEqual(overview.runs.buckets, expected);
    }
  });

  it('lists the failing resources of the latest runs with how many nodes, as the events say', async () => {
    const overview = info.overview!;
    const events = (await client.query('events', {
      query: [
        'extract',
        ['certname', 'resource_type', 'resource_title'],
        ['and', ['=', 'latest_report?', true], ['=', 'status', 'failure']],
      ],
    })) as Array<{ certname: string; resource_type: string; resource_title: string }>;
    const nodesOf = new Map<string, Set<string>>();
    for (const event of events) {
      const key = `${event.resource_type}[${event.resource_title}]`;
      nodesOf.set(key, (nodesOf.get(key) ?? new Set()).add(event.certname));
    }
    assert.ok(overview.failingResources.length > 0, 'the fleet has failing resources');
    for (const resource of overview.failingResources) {
      assert.equal(resource.nodes, nodesOf.get(`${resource.type}[${resource.title}]`)?.size);
    }
    // a row opens the events table of exactly those events
    const top = overview.failingResources[0]!;
    const filter = { status: 'failure' as const, resourceType: top.type, resourceTitle: top.title };
    // the handler opens the panel and returns once it has loaded
    assert.equal(
      await api.receiveFromWebview('overview', { type: 'openEvents', filter }),
      'handled',
    );
    await expectWebviewTabs(WebviewPanels.events, 1);
    // the same source again brings that panel forward and says what it holds
    const opened = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, {
      connectionId: CONNECTION.id,
      fleet: filter,
    });
    await expectWebviewTabs(WebviewPanels.events, 1);
    assert.equal(opened.state, 'done', opened.error);
    assert.equal(opened.eventCount, top.nodes);
    assert.deepEqual(opened.restore, {
      entry: 'events',
      connectionId: CONNECTION.id,
      source: { fleet: filter },
    });
  });

  it("a flapping resource's changes open on exactly its nodes (a POSTed query), and a row it does not show opens nothing", async () => {
    // the fixtures run once per node, so nothing flaps: the narrowed source is opened as the
    // overview's handler opens it, on nodes chosen here from PuppetDB's own changes
    const since = new Date(Date.now() - 8 * 24 * 3_600_000).toISOString();
    const changes = (await client.query('events', {
      query: [
        'extract',
        ['certname', 'resource_type', 'resource_title'],
        ['and', ['=', 'status', 'success'], ['>=', 'timestamp', since]],
      ],
    })) as Array<{ certname: string; resource_type: string; resource_title: string }>;
    const nodesOf = new Map<string, Set<string>>();
    for (const change of changes) {
      const key = JSON.stringify([change.resource_type, change.resource_title]);
      nodesOf.set(key, (nodesOf.get(key) ?? new Set()).add(change.certname));
    }
    const [key, nodes] = [...nodesOf].find(([, certnames]) => certnames.size >= 3)!;
    assert.ok(key, 'a resource changed on three nodes or more');
    const [resourceType, resourceTitle] = JSON.parse(key) as [string, string];
    const certnames = [...nodes].sort().slice(0, 2);
    const expected = changes.filter(
      (change) =>
        change.resource_type === resourceType &&
        change.resource_title === resourceTitle &&
        certnames.includes(change.certname),
    ).length;
    const fleet = { status: 'success' as const, resourceType, resourceTitle, since, certnames };
    const opened = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, {
      connectionId: CONNECTION.id,
      fleet,
    });
    assert.equal(opened.state, 'done', opened.error);
    assert.equal(opened.eventCount, expected);
    assert.ok(
      expected < changes.filter((change) => change.resource_title === resourceTitle).length,
    );
    assert.match(opened.title, / · on 2 nodes$/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    // a flapping row the overview does not show: logged and dropped, no panel
    await vscode.commands.executeCommand(Commands.openOverview, { connectionId: CONNECTION.id });
    await api.receiveFromWebview('overview', {
      type: 'openFlapping',
      resourceType: 'File',
      resourceTitle: '/not/flapping',
    });
    await expectWebviewTabs(WebviewPanels.events, 0);
  });

  it('a click on the failed count filters the tree to exactly the failed nodes', async () => {
    const overview = info.overview!;
    const now = new Date(overview.fetchedAt);
    const failed = (
      await client
        .nodes({
          withStatus: true,
          withEventNumbers: false,
          unreported: overview.unreportedHours,
          now,
        })
        .toArray()
    )
      .filter((node) => node.status === 'failed')
      .map((node) => node.name)
      .sort();
    assert.equal(
      await api.receiveFromWebview('overview', { type: 'openNodes', count: 'failed' }),
      'handled',
    );
    const folder = await nodesFolderOf(api, CONNECTION.id);
    try {
      assert.deepEqual(folder.currentFilter(), { status: 'failed', asCounted: true });
      // every page of the filtered folder, whatever the page size
      const shown = await listedNodes(folder);
      assert.ok(failed.length > 0);
      assert.deepEqual(shown, failed);
    } finally {
      await vscode.commands.executeCommand(Commands.clearNodeFilter, folder);
    }
  });

  it('drops what the webview may not ask, and keeps one panel per connection', async () => {
    for (const message of [
      { type: 'openNodes', count: 'everything' },
      { type: 'openNodes', count: 'failed', environment: 42 },
      { type: 'openEvents', filter: { status: 'failure', resourceType: 'File', extra: true } },
      { type: 'refresh', range: 'years' },
      // the environment of a row's events is the overview's own, never the webview's word
      { type: 'openEvents', filter: { status: 'failure', environment: 'production' } },
      { type: 'openRuns', bucket: 42 },
      { type: 'openRuns', bucket: '2026-11-24T13:00:00.000Z' },
      { type: 'openRuns', status: 'noop' },
      { type: 'openRuns', since: '1970-01-01T00:00:00.000Z' },
    ]) {
      assert.equal(await api.receiveFromWebview('overview', message), 'dropped');
    }
    // well formed, but no bucket of the chart shown: the host opens nothing
    const runsTabs = webviewTabs(WebviewPanels.runs).length;
    for (const bucket of ['1999-01-01 00', '1999-01-01']) {
      await api.receiveFromWebview('overview', { type: 'openRuns', bucket });
    }
    await expectWebviewTabs(WebviewPanels.runs, runsTabs);
    await vscode.commands.executeCommand(Commands.openOverview, { connectionId: CONNECTION.id });
    await expectWebviewTabs(WebviewPanels.overview, 1);
    assert.deepEqual(info.restore, {
      entry: 'overview',
      connectionId: CONNECTION.id,
      range: 'hours',
    });
  });
});
