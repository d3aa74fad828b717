/**
 * Health beyond the latest status and corrective/intentional changes, inside a real VS Code
 * extension host against the real PuppetDB and the sample fleet's run histories: the overview's
 * health tiles and its runs by change, the tree's health filters, and recent runs' Change and
 * Last success columns each equal what PuppetDB's own rows say, read here raw (every report with
 * its status, end time, logs and metrics) and counted here, not through the extension's queries.
 * (What the webviews draw is checked by test/e2e/overview.e2e.ts and recentRuns.e2e.ts.)
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands } from '../../../src/extension/ids';
import type { OverviewPanelInfo } from '../../../src/extension/overview/overviewPanel';
import type { RecentRunsPanelInfo } from '../../../src/extension/runs/recentRunsPanel';
import type { NodeFilter } from '../../../src/extension/tree/nodeFilter';
import { rangeStart } from '../../../src/shared/overview';
import { httpClient, loadedFleet, testServer } from '../../integration/support/puppetdb';
import { listedNodes, nodesFolderOf } from '../nodesFolder';
import { addConnection } from '../testingApi';
import { until } from '../until';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'health-suite', name: 'Health suite PuppetDB' };
const SETTING = 'history.noSuccessWithinHours';

interface RawReport {
  hash: string;
  certname: string;
  status: string;
  end_time: string;
  corrective_change: boolean | null;
  logs: { data: Array<{ level: string }> };
  metrics: { data: Array<{ category: string; name: string; value: number }> };
}

/** A run's corrective and changed counts, as the agent sent them (the report's metrics). */
function resourceCounts(report: RawReport): { changed?: number; corrective?: number } {
  const of = (name: string) =>
    report.metrics.data.find((metric) => metric.category === 'resources' && metric.name === name)
      ?.value;
  return { changed: of('changed'), corrective: of('corrective_change') };
}

/** What a run changed, read off its raw row (PuppetDB FOSS: the field is null, the metric counts). */
function expectedChange(report: RawReport): string {
  if (report.status === 'unchanged') return 'none';
  const { changed, corrective } = resourceCounts(report);
  if (changed === 0) return 'none';
  if (changed === undefined || corrective === undefined) return 'unknown';
  if (corrective === 0) return 'intentional';
  return corrective >= changed ? 'corrective' : 'mixed';
}

describe('Health beyond the latest status', function () {
  let api: ExtensionApi;
  const server = testServer();
  const client = httpClient();
  let reports: RawReport[];
  let active: string[];

  /** The overview, asked again, once its health counts have joined it (they follow the rest). */
  const overviewWithHealth = async (hours: number) => {
    const info = await vscode.commands.executeCommand<OverviewPanelInfo>(Commands.openOverview, {
      connectionId: CONNECTION.id,
      waitForPaint: 'all',
    });
    assert.equal(info.error, undefined);
    assert.equal(info.overview?.health?.noSuccessWithinHours, hours);
    return info;
  };

  /** Every node the Nodes folder lists under `filter`, every page of it. */
  async function listed(expected: NodeFilter): Promise<string[]> {
    const folder = await nodesFolderOf(api, CONNECTION.id);
    assert.deepEqual(folder.currentFilter(), expected);
    return (await listedNodes(folder)).sort();
  }

  /** Active nodes whose every run since `hours` ago failed (or that had none), counted here. */
  function noSuccessWithin(hours: number, now: Date): string[] {
    const cutoff = now.getTime() - hours * 3_600_000;
    const succeeded = new Set(
      reports
        .filter((report) => report.status !== 'failed' && Date.parse(report.end_time) >= cutoff)
        .map((report) => report.certname),
    );
    return active.filter((certname) => !succeeded.has(certname)).sort();
  }

  /** The latest report of each active node. */
  function latestReports(): RawReport[] {
    const latest = new Map<string, RawReport>();
    for (const report of reports) {
      const seen = latest.get(report.certname);
      if (!seen || Date.parse(report.end_time) > Date.parse(seen.end_time)) {
        latest.set(report.certname, report);
      }
    }
    return active.flatMap((certname) => latest.get(certname) ?? []);
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
    reports = (await client
      .stream('reports', {
        query: [
          'extract',
          ['hash', 'certname', 'status', 'end_time', 'corrective_change', 'logs', 'metrics'],
          ['~', 'certname', '.'],
        ],
      })
      .toArray()) as RawReport[];
    active = (await client.nodes({}).toArray()).map((node) => node.name);
  });

  after(async () => {
    await vscode.commands.executeCommand(
      Commands.clearNodeFilter,
      await nodesFolderOf(api, CONNECTION.id),
    );
    await vscode.workspace
      .getConfiguration('puppetdbExplorer')
      .update(SETTING, undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('counts the nodes with no successful run within the setting and those unchanged with errors, as PuppetDB holds them; each tile opens exactly its nodes', async () => {
    const info = await overviewWithHealth(24);
    const health = info.overview!.health!;
    const now = new Date(info.overview!.fetchedAt);
    const noSuccess = noSuccessWithin(24, now);
    // the failing nodes and the failing-since story, whose last good run is days old
    assert.ok(noSuccess.length > 0, 'the fleet has nodes with no successful run within 24 h');
    assert.ok(
      noSuccess.includes(loadedFleet().histories.find((h) => h.story === 'failingSince')!.certname),
    );
    assert.equal(health.noSuccess, noSuccess.length);

    const withErrors = latestReports()
      .filter(
        (report) =>
          report.status !== 'failed' &&
          report.logs.data.some((log) => ['err', 'alert', 'emerg', 'crit'].includes(log.level)),
      )
      .map((report) => report.certname)
      .sort();
    assert.ok(
      withErrors.includes(
        loadedFleet().histories.find((h) => h.story === 'unchangedWithErrors')!.certname,
      ),
      'the fleet has a node whose latest run did not fail yet logged an error',
    );
    assert.equal(health.unchangedWithErrors, withErrors.length);

    assert.equal(
      await api.receiveFromWebview('overview', { type: 'openHealth', tile: 'noSuccessWithin' }),
      'handled',
    );
    assert.deepEqual(await listed({ health: 'noSuccessWithin' }), noSuccess);
    assert.equal(
      await api.receiveFromWebview('overview', { type: 'openHealth', tile: 'unchangedWithErrors' }),
      'handled',
    );
    assert.deepEqual(await listed({ health: 'unchangedWithErrors' }), withErrors);
    // a tile the overview does not have is refused by the schema, and opens nothing
    assert.notEqual(
      await api.receiveFromWebview('overview', { type: 'openHealth', tile: 'everything' }),
      'handled',
    );
  });

  it('holds the nodes to the operator-chosen threshold (history.noSuccessWithinHours)', async () => {
    const settings = vscode.workspace.getConfiguration('puppetdbExplorer');
    await settings.update(SETTING, 8760, vscode.ConfigurationTarget.Global);
    try {
      const info = await overviewWithHealth(8760);
      const now = new Date(info.overview!.fetchedAt);
      const never = noSuccessWithin(8760, now);
      assert.ok(never.length < noSuccessWithin(24, now).length, 'a longer threshold finds fewer');
      assert.equal(info.overview!.health!.noSuccess, never.length);
      await api.receiveFromWebview('overview', { type: 'openHealth', tile: 'noSuccessWithin' });
      assert.deepEqual(await listed({ health: 'noSuccessWithin' }), never);
    } finally {
      await settings.update(SETTING, undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it("counts the range's runs by what they changed: the corrective metric against the changed count", async () => {
    await api.receiveFromWebview('overview', { type: 'refresh', range: 'days' });
    const info = await overviewWithHealth(24);
    assert.equal(info.overview!.runs.range, 'days');
    const since = Date.parse(rangeStart('days', new Date(info.overview!.fetchedAt)));
    const expected = { corrective: 0, intentional: 0, mixed: 0, unknown: 0, none: 0 };
    for (const report of reports) {
      if (report.status === 'unchanged' || Date.parse(report.end_time) < since) continue;
      expected[expectedChange(report) as keyof typeof expected] += 1;
    }
    // the corrective story's three corrective runs are in the last 8 days
    assert.ok(expected.corrective >= 3, JSON.stringify(expected));
    assert.ok(expected.intentional > 0, JSON.stringify(expected));
    assert.deepEqual(info.overview!.health!.changes, expected);
  });

  it('filters the tree to the nodes whose latest run made corrective changes', async () => {
    const corrective = latestReports()
      .filter((report) => ['corrective', 'mixed'].includes(expectedChange(report)))
      .map((report) => report.certname)
      .sort();
    assert.ok(
      corrective.includes(loadedFleet().histories.find((h) => h.story === 'corrective')!.certname),
      'the fleet has a node whose latest run put drift back',
    );
    const folder = await nodesFolderOf(api, CONNECTION.id);
    await vscode.commands.executeCommand(Commands.filterNodes, folder, { health: 'corrective' });
    assert.deepEqual(await listed({ health: 'corrective' }), corrective);
  });

  it("recent runs: each run's Change is what its metrics say, each node's Last success its newest run that did not fail", async () => {
    const story = loadedFleet().histories.find((history) => history.story === 'corrective')!;
    const info = await until('the week of runs with their changes and last successes', async () => {
      const shown = await vscode.commands.executeCommand<RecentRunsPanelInfo>(
        Commands.showRecentRuns,
        { connectionId: CONNECTION.id, filter: { window: { last: '7d' } } },
      );
      return (
        shown.state === 'done' &&
        shown.health !== undefined &&
        shown.runs.every((run) => run.change !== undefined) &&
        shown
      );
    });
    const byHash = new Map(reports.map((report) => [report.hash, report]));
    assert.ok(info.runs.length > 0);
    for (const run of info.runs) {
      assert.equal(
        run.change,
        expectedChange(byHash.get(run.hash)!),
        `${run.certname} ${run.endTime}`,
      );
    }
    // the story sent corrective_change true three times in its history and once in its latest run
    // (PuppetDB kept null; the metric said it)
    const storyRuns = info.runs.filter((run) => run.certname === story.certname);
    assert.equal(storyRuns.filter((run) => run.change === 'corrective').length, 4);
    assert.ok(storyRuns.some((run) => run.change === 'intentional'));

    const lastSuccess = new Map<string, string>();
    for (const report of reports) {
      if (report.status === 'failed') continue;
      const seen = lastSuccess.get(report.certname);
      if (!seen || Date.parse(report.end_time) > Date.parse(seen)) {
        lastSuccess.set(report.certname, report.end_time);
      }
    }
    assert.equal(info.health!.noSuccessWithinHours, 24);
    assert.deepEqual(Object.keys(info.health!.lastSuccess).sort(), [...lastSuccess.keys()].sort());
    for (const [certname, end] of lastSuccess) {
      assert.equal(Date.parse(info.health!.lastSuccess[certname]!), Date.parse(end), certname);
    }
  });
});
