/**
 * The fleet's runs and events in a time window, inside a real VS Code extension host against the
 * real PuppetDB: "Show Recent Runs" lists exactly the reports PuppetDB holds for the window (and
 * status, environment), newest first, its counts by status are those of PuppetDB's rows, and a
 * row opens that report; "Show Fleet Events…" holds exactly PuppetDB's events of the window, and
 * the events table's grouping counts the nodes PuppetDB's event-counts does. (What the webviews
 * draw is checked by test/e2e/recentRuns.e2e.ts.)
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands } from '../../../src/extension/ids';
import type { EventsPanelInfo } from '../../../src/extension/reports/eventsPanel';
import type { RecentRunsPanelInfo } from '../../../src/extension/runs/recentRunsPanel';
import { EventTableModel, NO_CLASS } from '../../../src/shared/eventTable';
import { eventsQuery, type EventsSource } from '../../../src/shared/eventTableSource';
import type { FleetEventsFilter } from '../../../src/shared/protocol';
import type { RunsFilter } from '../../../src/shared/recentRuns';
import { eventRowFromWire, type EventStatus } from '../../../src/shared/reportDto';
import { httpClient, testServer } from '../../integration/support/puppetdb';
import { until } from '../until';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'recent-runs-suite', name: 'Recent runs suite PuppetDB' };

interface RawReport {
  hash: string;
  certname: string;
  status: string;
  environment: string;
  end_time: string;
}

function tabLabels(): string[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).map((tab) => tab.label);
}

describe('Recent runs and fleet events', function () {
  let api: ExtensionApi;
  const server = testServer();
  const client = httpClient();

  /** PuppetDB's reports that ended in the bounds, newest first (ties by certname), asked raw. */
  async function reportsIn(
    bounds: { since: string; until?: string },
    extra: unknown[] = [],
  ): Promise<RawReport[]> {
    const clauses: unknown[] = [['>=', 'end_time', bounds.since], ...extra];
    if (bounds.until !== undefined) clauses.push(['<', 'end_time', bounds.until]);
    const rows = (await client
      .stream('reports', {
        query: [
          'extract',
          ['hash', 'certname', 'status', 'environment', 'end_time'],
          ['and', ...clauses],
        ],
      })
      .toArray()) as RawReport[];
    // ordered here, not by PuppetDB: the table's order is checked, not assumed
    return rows.sort(
      (a, b) =>
        Date.parse(b.end_time) - Date.parse(a.end_time) || a.certname.localeCompare(b.certname),
    );
  }

  const showRuns = (filter: RunsFilter) =>
    vscode.commands.executeCommand<RecentRunsPanelInfo>(Commands.showRecentRuns, {
      connectionId: CONNECTION.id,
      filter,
    });

  /** Until the webview says it painted every run the host loaded. */
  const everyRowShown = (expected: number) =>
    until(`the runs webview to paint ${expected} rows`, async () => {
      const info = await vscode.commands.executeCommand<RecentRunsPanelInfo>(
        Commands.showRecentRuns,
        { connectionId: CONNECTION.id },
      );
      return info.shown?.loaded === expected && info.shown.rows === expected && info;
    });

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
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await client.disconnect();
  });

  it("lists PuppetDB's reports of the last 7 days, newest first, with the counts of its rows", async () => {
    const info = await showRuns({ window: { last: '7d' } });
    assert.equal(info.state, 'done', info.error);
    assert.ok(info.bounds.until, 'a relative window ends when PuppetDB was asked');
    assert.equal(Date.parse(info.bounds.until) - Date.parse(info.bounds.since), 7 * 24 * 3600_000);
    const expected = await reportsIn(info.bounds);
    assert.ok(expected.length > 0, 'the fleet has runs in the last week');
    assert.deepEqual(
      info.runs.map((run) => run.hash),
      expected.map((report) => report.hash),
    );
    const counted = { failed: 0, changed: 0, unchanged: 0 };
    for (const report of expected) counted[report.status as keyof typeof counted]++;
    assert.deepEqual(info.counts, counted);
    await everyRowShown(expected.length);
  });

  it('a custom window lists only the runs that ended inside it', async () => {
    const week = await reportsIn({ since: new Date(Date.now() - 7 * 24 * 3600_000).toISOString() });
    assert.ok(week.length >= 3, 'the fixture has at least three runs this week');
    // from the second oldest to the newest (exclusive): the oldest and newest fall outside
    const since = week.at(-2)!.end_time;
    const untilTime = week[0]!.end_time;
    const info = await showRuns({ window: { since, until: untilTime } });
    assert.equal(info.state, 'done', info.error);
    const expected = await reportsIn({ since, until: untilTime });
    assert.ok(expected.length < week.length);
    assert.deepEqual(
      info.runs.map((run) => run.hash),
      expected.map((report) => report.hash),
    );
    assert.ok(info.title.includes(' – '), info.title);
  });

  it("the status and environment filters list PuppetDB's runs of that status and environment", async () => {
    const week = await reportsIn({ since: new Date(Date.now() - 7 * 24 * 3600_000).toISOString() });
    // the most common (status, environment) pair among the failed runs
    const failed = week.filter((report) => report.status === 'failed');
    assert.ok(failed.length > 0, 'the fixture has failed runs');
    const environment = failed[0]!.environment;
    const info = await showRuns({ window: { last: '7d' }, status: 'failed', environment });
    assert.equal(info.state, 'done', info.error);
    const expected = await reportsIn(info.bounds, [
      ['=', 'status', 'failed'],
      ['=', 'environment', environment],
    ]);
    assert.ok(expected.length > 0);
    assert.deepEqual(
      info.runs.map((run) => run.hash),
      expected.map((report) => report.hash),
    );
    assert.ok(info.runs.every((run) => run.status === 'failed' && run.environment === environment));
    // the counts stay those of every status of the environment's window
    const environmentRuns = await reportsIn(info.bounds, [['=', 'environment', environment]]);
    assert.equal(
      info.counts!.failed + info.counts!.changed + info.counts!.unchanged,
      environmentRuns.length,
    );
    assert.ok(info.environments.includes(environment), 'the filter offers the environment');
    await everyRowShown(expected.length);
  });

  it('a row opens its report in the report view', async () => {
    const info = await showRuns({ window: { last: '7d' } });
    const run = info.runs[1] ?? info.runs[0]!;
    assert.equal(
      await api.receiveFromWebview('runs', { type: 'openReport', reportHash: run.hash }),
      'handled',
    );
    const label = `Report · ${run.certname} · ${run.endTime.replace('T', ' ').slice(0, 16)}`;
    await until(`a tab "${label}"`, () => tabLabels().includes(label));
  });

  it('drops what its webview may not ask: an unknown window, a field too many', async () => {
    await showRuns({ window: { last: '24h' } });
    for (const filter of [
      { window: { last: '2h' } },
      { window: { since: 'yesterday' } },
      { window: { last: '24h' }, status: 'noop' },
      { window: { last: '24h' }, query: ['=', 'certname', 'x'] },
    ]) {
      assert.equal(
        await api.receiveFromWebview('runs', { type: 'setFilter', filter }),
        'dropped',
        JSON.stringify(filter),
      );
    }
    // a command's argument is checked the same way: nothing listed, the table unchanged
    const refused = await vscode.commands.executeCommand(Commands.showRecentRuns, {
      connectionId: CONNECTION.id,
      filter: { window: { last: 'forever' } },
    });
    assert.equal(refused, undefined);
    const info = await vscode.commands.executeCommand<RecentRunsPanelInfo>(
      Commands.showRecentRuns,
      { connectionId: CONNECTION.id },
    );
    assert.deepEqual(info.filter, { window: { last: '24h' } });
  });

  /** PuppetDB's events of a fleet filter, asked raw, as the table's rows. */
  async function eventsOf(fleet: FleetEventsFilter) {
    const source: EventsSource = { fleet };
    const rows = (await client.stream('events', { query: eventsQuery(source) }).toArray()) as Array<
      Record<string, unknown>
    >;
    return rows.map((row) => eventRowFromWire(row));
  }

  it("Show Fleet Events holds PuppetDB's events of the window, all of them or the failures", async () => {
    for (const failuresOnly of [false, true]) {
      const info = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.showFleetEvents, {
        connectionId: CONNECTION.id,
        window: { last: '7d' },
        failuresOnly,
      });
      assert.equal(info.state, 'done', info.error);
      const source = info.restore.entry === 'events' ? info.restore.source : undefined;
      assert.ok(source && 'fleet' in source, 'a fleet source');
      const { fleet } = source;
      assert.equal(fleet.status, failuresOnly ? 'failure' : undefined);
      assert.equal(Date.parse(fleet.until!) - Date.parse(fleet.since!), 7 * 24 * 3600_000);
      // counted here from PuppetDB's rows of the same window, asked without the table's query
      const clauses: unknown[] = [
        ['>=', 'timestamp', fleet.since],
        ['<', 'timestamp', fleet.until],
      ];
      if (failuresOnly) clauses.push(['=', 'status', 'failure']);
      const raw = await client.stream('events', { query: ['and', ...clauses] }).toArray();
      assert.ok(raw.length > 0, 'the fleet has events this week');
      assert.equal(info.eventCount, raw.length);
      assert.equal(info.truncatedAt, undefined);
      assert.ok(info.title.startsWith(`Events · fleet · ${failuresOnly ? 'failure' : 'all'}`));
    }
  });

  it("grouped by resource or class, the fleet's events count the nodes PuppetDB's event-counts does", async () => {
    const since = new Date(Date.now() - 7 * 24 * 3600_000).toISOString();
    const fleet: FleetEventsFilter = { since };
    const model = new EventTableModel(await eventsOf(fleet));
    const statuses: Array<[EventStatus, string]> = [
      ['failure', 'failures'],
      ['success', 'successes'],
      ['noop', 'noops'],
      ['skipped', 'skips'],
    ];
    for (const [groupBy, summarizeBy] of [
      ['resource', 'resource'],
      ['class', 'containing_class'],
    ] as const) {
      const counts = (await client.eventCounts({
        query: eventsQuery({ fleet }),
        summarizeBy,
        countBy: 'certname',
      })) as Array<Record<string, unknown> & { subject: { type?: string; title: string | null } }>;
      const keyOf = (subject: { type?: string; title: string | null }) =>
        groupBy === 'resource' ? `${subject.type}[${subject.title}]` : (subject.title ?? NO_CLASS);
      let compared = 0;
      for (const [status, field] of statuses) {
        const expected = Object.fromEntries(
          counts
            .filter((row) => Number(row[field]) > 0)
            .map((row) => [keyOf(row.subject), Number(row[field])]),
        );
        const shown = Object.fromEntries(
          model
            .view({ groupBy, statuses: [status] })
            .groups.map((group) => [group.key, group.nodes]),
        );
        assert.deepEqual(shown, expected, `${groupBy}, ${status}`);
        compared += Object.keys(expected).length;
      }
      assert.ok(compared > 0, `some ${groupBy} groups were compared`);
    }
  });
  it("a failed run's Why failing? opens its node's failing streak; a node the list does not show, nothing", async () => {
    const info = await showRuns({ window: { last: '24h' } });
    const failed = info.runs.find((run) => run.status === 'failed');
    assert.ok(failed, 'the window holds a failed run');
    const tabs = () =>
      vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => tab.label));
    assert.equal(
      await api.receiveFromWebview('runs', {
        type: 'whyFailing',
        certname: 'not-listed.example.com',
      }),
      'handled',
    );
    assert.ok(
      !tabs().some((label) => label.includes('not-listed')),
      'no view of a node not listed',
    );
    assert.equal(
      await api.receiveFromWebview('runs', { type: 'whyFailing', certname: failed.certname }),
      'handled',
    );
    await until(`the failing streak of ${failed.certname} to open`, () =>
      tabs().includes(`Why Failing · ${failed.certname}`),
    );
  });
});
