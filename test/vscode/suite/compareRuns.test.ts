/**
 * "Compare Two Runs…" and "Compare with Previous Run" inside a real VS Code extension host,
 * against the real PuppetDB and the sample fleet's run histories: the runs compared are those
 * PuppetDB holds (read here with plain PQL), what one run failed or changed and the other did not
 * is what their events say, the time metrics are the reports' own, and the page may ask only for
 * what the view offers.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CompareRunsPanelInfo } from '../../../src/extension/compareRuns/compareRunsPanel';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands } from '../../../src/extension/ids';
import type { ExplorerNode } from '../../../src/extension/tree/explorerNode';
import { loadedFleet, testServer } from '../../integration/support/puppetdb';
import { addConnection } from '../testingApi';
import { until } from '../until';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'compare-suite', name: 'Compare suite PuppetDB' };

interface ReportRow {
  hash: string;
  end_time: string;
  status: string;
}

describe('Compare runs', function () {
  const server = testServer();
  const baseUrl = `http://${server.host}:${server.httpPort}`;
  let api: ExtensionApi;
  const pql = async <T>(query: string): Promise<T[]> => {
    const response = await fetch(`${baseUrl}/pdb/query/v4?query=${encodeURIComponent(query)}`);
    assert.ok(response.ok, `${query}: HTTP ${response.status}`);
    return (await response.json()) as T[];
  };
  const nodeOf = (story: string) => {
    const history = loadedFleet().histories.find((candidate) => candidate.story === story);
    assert.ok(history, `the fleet has no ${story} history`);
    return history.certname;
  };
  const runsOf = (certname: string) =>
    pql<ReportRow>(
      `reports[hash, end_time, status] { certname = ${JSON.stringify(certname)} order by end_time desc }`,
    );
  /** The resources whose events in `hash` have one of `statuses`, as `Type[title]`, sorted. */
  const resourcesWith = async (hash: string, statuses: string[]) =>
    [
      ...new Set(
        (
          await pql<{ resource_type: string; resource_title: string }>(
            `events[resource_type, resource_title] { report = ${JSON.stringify(hash)} and status in ${JSON.stringify(statuses)} }`,
          )
        ).map((event) => `${event.resource_type}[${event.resource_title}]`),
      ),
    ].sort();
  const minus = (a: string[], b: string[]) => a.filter((key) => !b.includes(key));

  before(async () => {
    const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
    api = await extension.activate();
    if (!api.services.store.get(CONNECTION.id)) {
      await addConnection({ connection: { ...CONNECTION, url: baseUrl } });
    }
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("compares a report with its node's run before it, as PuppetDB's events tell them apart", async () => {
    const certname = nodeOf('failingSince');
    const runs = await runsOf(certname);
    const streak = runs.findIndex((run) => run.status !== 'failed');
    // the first bad run, whose run before it is the last good one
    const firstBad = runs[streak - 1]!;
    const lastGood = runs[streak]!;
    const info = await vscode.commands.executeCommand<CompareRunsPanelInfo>(
      Commands.compareWithPreviousRun,
      { connectionId: CONNECTION.id, reportHash: firstBad.hash },
    );
    assert.ok(info?.runs, `the command compared the runs (${info?.error})`);
    assert.equal(info.runs.older?.hash, lastGood.hash);
    assert.equal(info.runs.newer?.hash, firstBad.hash);
    const comparison = info.runs.comparison!;
    const failedGood = await resourcesWith(lastGood.hash, ['failure']);
    const failedBad = await resourcesWith(firstBad.hash, ['failure']);
    assert.ok(minus(failedBad, failedGood).length > 0, 'a resource started failing');
    assert.deepEqual(comparison.resources.failed.onlyInB, minus(failedBad, failedGood));
    assert.deepEqual(comparison.resources.failed.onlyInA, minus(failedGood, failedBad));
    const changedGood = await resourcesWith(lastGood.hash, ['success']);
    const changedBad = await resourcesWith(firstBad.hash, ['success']);
    assert.deepEqual(comparison.resources.changed.onlyInA, minus(changedGood, changedBad));
    assert.deepEqual(comparison.resources.changed.onlyInB, minus(changedBad, changedGood));

    // the total time of each run is its report's own metric
    const [metrics] = await pql<{
      metrics: { data: Array<{ category: string; name: string; value: number }> };
    }>(`reports[metrics] { hash = ${JSON.stringify(firstBad.hash)} }`);
    const total = metrics!.metrics.data.find((m) => m.category === 'time' && m.name === 'total');
    assert.equal(comparison.time.at(-1)?.name, 'total');
    assert.equal(comparison.time.at(-1)?.b, total?.value ?? null);
  });

  it('answers once its page has painted the comparison, when asked to wait for the paint', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const [newer, older] = await runsOf(nodeOf('failingSince'));
    const info = await vscode.commands.executeCommand<CompareRunsPanelInfo>(Commands.compareRuns, {
      connectionId: CONNECTION.id,
      reportHashes: [older!.hash, newer!.hash],
      waitForPaint: true,
    });
    assert.equal(info.error, undefined);
    assert.equal(info.runs?.newer?.hash, newer!.hash);
    assert.equal(info.painted, true, 'the page said it painted the comparison');
  });

  it('compares two reports selected together in the tree, the older first', async () => {
    const certname = nodeOf('agentUpgrade');
    const runs = await pql<{ hash: string; puppet_version: string }>(
      `reports[hash, puppet_version] { certname = ${JSON.stringify(certname)} order by end_time desc }`,
    );
    // the newest run, and the newest before the agent upgrade
    const newest = runs[0]!;
    const beforeUpgrade = runs.find((run) => run.puppet_version !== newest.puppet_version);
    assert.ok(beforeUpgrade, 'the node was upgraded within its history');
    const node = await treeNode(certname);
    const reports = (await api.services.explorer.getChildren(
      await childLabelled(node, 'Reports'),
    )) as Array<ExplorerNode & { report?: { hash: string } }>;
    const item = (hash: string) => {
      const found = reports.find((report) => report.report?.hash === hash);
      assert.ok(found, `the Reports folder lists ${hash}`);
      return found;
    };
    // a context menu on a multi-selection: the item clicked, then the selection
    const info = await vscode.commands.executeCommand<CompareRunsPanelInfo>(
      Commands.compareRuns,
      item(newest.hash),
      [item(newest.hash), item(beforeUpgrade.hash)],
    );
    assert.ok(info?.runs, `the command compared the runs (${info?.error})`);
    assert.equal(info.runs.newer?.hash, newest.hash);
    assert.equal(info.runs.older?.hash, beforeUpgrade.hash);
    assert.deepEqual(
      info.restore,
      {
        entry: 'compareRuns',
        connectionId: CONNECTION.id,
        reports: [newest.hash, beforeUpgrade.hash],
      },
      'what the host records to revive the panel: the two reports, as selected',
    );
    assert.deepEqual(
      info.runs.changes.find((change) => change.field === 'puppetVersion'),
      {
        field: 'puppetVersion',
        before: beforeUpgrade.puppet_version,
        after: newest.puppet_version,
      },
      'the agent upgrade between them',
    );
  });

  it('a selection of another size is refused with a message, and opens nothing', async () => {
    const before = vscode.window.tabGroups.all.flatMap((group) => group.tabs).length;
    const refused = await vscode.commands.executeCommand<CompareRunsPanelInfo | undefined>(
      Commands.compareRuns,
      { connectionId: CONNECTION.id, reportHashes: ['a', 'b', 'c'] },
    );
    assert.equal(refused, undefined);
    assert.equal(vscode.window.tabGroups.all.flatMap((group) => group.tabs).length, before);
  });

  it('the page may ask to open one of the two runs, and nothing the view does not offer', async () => {
    const certname = nodeOf('failingSince');
    const [latest] = await runsOf(certname);
    await vscode.commands.executeCommand(Commands.compareWithPreviousRun, {
      connectionId: CONNECTION.id,
      reportHash: latest!.hash,
    });
    for (const message of [
      { type: 'openRun', which: 'third' },
      { type: 'openRun', which: 'newer', reportHash: 'f'.repeat(40) },
      { type: 'openChanges', from: 'HEAD~3', to: 'HEAD' },
      { type: 'openMarkdown', uri: 'file:///etc/passwd' },
    ]) {
      assert.equal(
        await api.receiveFromWebview('compareRuns', message),
        'dropped',
        JSON.stringify(message),
      );
    }
    assert.equal(
      await api.receiveFromWebview('compareRuns', { type: 'openRun', which: 'newer' }),
      'handled',
    );
    await until('the newer run to open in the report view', () =>
      vscode.window.tabGroups.activeTabGroup.activeTab?.label.startsWith(`Report · ${certname}`),
    );
  });

  it("since when one resource fails: the runs in which PuppetDB's events say it failed", async () => {
    const certname = nodeOf('failingSince');
    const [failed] = await pql<{ resource_type: string; resource_title: string }>(
      `events[resource_type, resource_title] { certname = ${JSON.stringify(certname)} and latest_report? = true and status = "failure" }`,
    );
    assert.ok(failed, 'a resource failed in the latest run');
    const runs = await runsOf(certname);
    const failedIn = new Set(
      (
        await pql<{ report: string }>(
          `events[report] { certname = ${JSON.stringify(certname)} and resource_type = ${JSON.stringify(failed.resource_type)} and resource_title = ${JSON.stringify(failed.resource_title)} and status = "failure" }`,
        )
      ).map((event) => event.report),
    );
    const streak = runs.findIndex((run) => !failedIn.has(run.hash));
    assert.ok(streak > 0, 'the resource fails in the newest runs');
    const info = await vscode.commands.executeCommand<CompareRunsPanelInfo>(
      Commands.whyResourceFailing,
      {
        connectionId: CONNECTION.id,
        certname,
        resourceType: failed.resource_type,
        resourceTitle: failed.resource_title,
      },
    );
    assert.ok(info?.runs?.streak, `the command compared the runs (${info?.error})`);
    assert.deepEqual(info.runs.streak.resource, {
      type: failed.resource_type,
      title: failed.resource_title,
    });
    assert.equal(info.runs.streak.badRuns, streak);
    assert.equal(info.runs.newer?.hash, runs[streak - 1]!.hash, 'the first run it failed in');
    assert.equal(info.runs.older?.hash, runs[streak]?.hash, 'the run before, where it did not');
  });

  async function treeNode(certname: string): Promise<ExplorerNode> {
    for (const root of await api.services.explorer.getChildren()) {
      if (String((await root.toTreeItem()).label) !== CONNECTION.name) continue;
      const nodes = await childLabelled(root, 'Nodes');
      for (const node of await api.services.explorer.getChildren(nodes)) {
        if (String((await node.toTreeItem()).label) === certname) return node;
      }
    }
    throw new Error(`${certname} is not in the tree`);
  }

  async function childLabelled(parent: ExplorerNode, label: string): Promise<ExplorerNode> {
    for (const child of await api.services.explorer.getChildren(parent)) {
      if (String((await child.toTreeItem()).label) === label) return child;
    }
    throw new Error(`no ${label} below ${String((await parent.toTreeItem()).label)}`);
  }
});
