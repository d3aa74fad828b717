/**
 * The events table and the report view inside a real VS Code extension host, against the real
 * PuppetDB: the commands take every kind of argument, load what the server holds, and keep one
 * panel per source. (What the webviews draw is checked by test/e2e/events.e2e.ts.)
 */
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands, WebviewPanels } from '../../../src/extension/ids';
import type { EventsPanelInfo } from '../../../src/extension/reports/eventsPanel';
import type { ReportPanelInfo } from '../../../src/extension/reports/reportPanel';
import type { ExplorerNode } from '../../../src/extension/tree/explorerNode';
import { httpClient, testServer } from '../../integration/support/puppetdb';
import { acceptQuickPicks } from '../quickPicks';
import { expectWebviewTabs, webviewTabs } from '../tabs';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'reports-suite', name: 'Reports suite PuppetDB' };

async function childByLabel(parent: ExplorerNode, label: string): Promise<ExplorerNode> {
  const children = await parent.getChildren();
  for (const child of children) {
    if (String((await child.toTreeItem()).label) === label) return child;
  }
  throw new Error(`no "${label}" under this node`);
}

/** The records of a CSV text: its line ends outside quoted fields. */
function csvRecords(text: string): number {
  let quoted = false;
  let records = 0;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (char === '\n' && !quoted) records++;
  }
  return records;
}

describe('Events table and report view', function () {
  let api: ExtensionApi;
  const server = testServer();
  const client = httpClient();
  let failed: { certname: string; hash: string };

  before(async () => {
    const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
    api = await extension.activate();
    if (!api.services.store.get(CONNECTION.id)) {
      await addConnection({
        connection: { ...CONNECTION, url: `http://${server.host}:${server.httpPort}` },
      });
    }
    const reports = (await client.query('reports', {
      query: ['extract', ['certname', 'hash'], ['=', 'status', 'failed']],
      orderBy: [{ field: 'certname', order: 'asc' }],
    })) as Array<{ certname: string; hash: string }>;
    assert.ok(reports.length > 0, 'the fleet has failed reports');
    failed = reports[0]!;
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("opens a failed report's events: every event PuppetDB holds, in one panel", async () => {
    const target = { connectionId: CONNECTION.id, reportHash: failed.hash };
    const info = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, target);
    const fromServer = await client.events({ query: ['=', 'report', failed.hash] }).toArray();
    assert.equal(info.state, 'done', info.error);
    assert.equal(info.eventCount, fromServer.length);
    assert.ok(fromServer.some((event) => event.status === 'failure'));
    assert.match(info.title, new RegExp(`^Events · ${failed.certname.replace(/\./g, '\\.')} · `));
    assert.deepEqual(info.restore, {
      entry: 'events',
      connectionId: CONNECTION.id,
      source: { reportHash: failed.hash },
    });
    await expectWebviewTabs(WebviewPanels.events, 1);
    // the same events again: the panel comes forward, no second one
    await vscode.commands.executeCommand(Commands.openEvents, target);
    await expectWebviewTabs(WebviewPanels.events, 1);
  });

  it("a node's events: its latest report, or a time range", async () => {
    const latest = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, {
      connectionId: CONNECTION.id,
      certname: failed.certname,
    });
    const fromServer = await client
      .events({ query: ['and', ['=', 'certname', failed.certname], ['=', 'latest_report?', true]] })
      .toArray();
    assert.equal(latest.state, 'done', latest.error);
    assert.equal(latest.eventCount, fromServer.length);
    assert.equal(latest.title, `Events · ${failed.certname} · latest report`);

    const future = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, {
      connectionId: CONNECTION.id,
      certname: failed.certname,
      since: '2999-01-01T00:00:00.000Z',
    });
    assert.equal(future.state, 'done', future.error);
    assert.equal(future.eventCount, 0);
    // each source in turn was shown in the one preview panel (Keep Open keeps one)
    await expectWebviewTabs(WebviewPanels.events, 1);
    assert.equal(webviewTabs(WebviewPanels.events)[0]!.label, future.title);
  });

  it('stops loading at events.maxEvents and says the table is truncated', async () => {
    const events = await client.events({ query: ['=', 'certname', failed.certname] }).toArray();
    assert.ok(events.length >= 2, `${failed.certname} has ${events.length} events`);
    const settings = vscode.workspace.getConfiguration('puppetdbExplorer');
    await settings.update('events.maxEvents', events.length - 1, vscode.ConfigurationTarget.Global);
    try {
      const info = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, {
        connectionId: CONNECTION.id,
        certname: failed.certname,
        since: '1971-01-01T00:00:00.000Z',
      });
      assert.equal(info.state, 'done', info.error);
      assert.equal(info.eventCount, events.length - 1);
      assert.equal(info.truncatedAt, events.length - 1);
    } finally {
      await settings.update('events.maxEvents', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });

  it('at events.maxEvents, "Export all events" streams every event of the window to the picked file', async () => {
    // the node with the most events, over all time: its window holds more than the table may
    const counts = (await client.query('events', {
      query: ['extract', [['function', 'count'], 'certname'], ['group_by', 'certname']],
    })) as Array<{ certname: string; count: number }>;
    const busiest = counts.reduce((most, each) => (each.count > most.count ? each : most));
    assert.ok(busiest.count >= 3, `the busiest node has only ${busiest.count} events`);
    const maxEvents = busiest.count - 1;
    const source = { certname: busiest.certname, since: '1971-01-01T00:00:00.000Z' };
    const expected = (await client.query('events', {
      query: ['=', 'certname', busiest.certname],
    })) as Array<Record<string, unknown>>;
    assert.equal(expected.length, busiest.count);
    const settings = vscode.workspace.getConfiguration('puppetdbExplorer');
    await settings.update('events.maxEvents', maxEvents, vscode.ConfigurationTarget.Global);
    const window = vscode.window as { showSaveDialog: (...args: unknown[]) => unknown };
    const saveDialog = window.showSaveDialog;
    const said = vscode.window as { showInformationMessage: (...args: unknown[]) => unknown };
    const inform = said.showInformationMessage;
    const messages: string[] = [];
    const files: string[] = [];
    try {
      const info = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, {
        connectionId: CONNECTION.id,
        ...source,
      });
      assert.equal(info.state, 'done', info.error);
      assert.equal(info.truncatedAt, maxEvents, 'the table stopped at its limit');
      assert.equal(info.eventCount, maxEvents);
      // only the save dialog's answer is stubbed (and the closing message recorded)
      said.showInformationMessage = (message: unknown, ...rest: unknown[]) => {
        messages.push(String(message));
        return inform.call(vscode.window, message, ...rest);
      };
      for (const format of ['json', 'csv'] as const) {
        const file = join(tmpdir(), `pdbx-all-events-${process.pid}.${format}`);
        files.push(file);
        window.showSaveDialog = () => Promise.resolve(vscode.Uri.file(file));
        messages.length = 0;
        assert.equal(
          await api.receiveFromWebview('events', { type: 'exportAll', format }),
          'handled',
        );
        const text = await readFile(file, 'utf8');
        assert.deepEqual(messages, [`Exported all ${expected.length} rows to ${file}.`]);
        if (format === 'json') {
          const written = JSON.parse(text) as unknown[];
          assert.equal(written.length, expected.length, 'every event, none truncated');
          const rows = (list: unknown[]) => list.map((row) => JSON.stringify(row)).sort();
          assert.deepEqual(rows(written), rows(expected), 'the events as PuppetDB has them');
        } else {
          const [header] = text.split('\r\n');
          assert.ok(header!.split(',').includes('certname'), header);
          assert.ok(header!.split(',').includes('resource_title'), header);
          assert.equal(csvRecords(text), expected.length + 1, 'a header and every event');
        }
      }
    } finally {
      window.showSaveDialog = saveDialog;
      said.showInformationMessage = inform;
      await settings.update('events.maxEvents', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      for (const file of files) await rm(file, { force: true });
    }
  });

  it('says so when the report does not exist', async () => {
    const info = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, {
      connectionId: CONNECTION.id,
      reportHash: '0000000000000000000000000000000000000000',
    });
    assert.equal(info.state, 'error');
    assert.match(info.error ?? '', /no report 0{40}/);
  });

  it('opens a report: summary, logs, metrics and events as PuppetDB has them', async () => {
    const info = await vscode.commands.executeCommand<ReportPanelInfo>(Commands.openReport, {
      connectionId: CONNECTION.id,
      reportHash: failed.hash,
    });
    assert.equal(info.error, undefined);
    const report = info.report!;
    const [row] = (await client.query('reports', { query: ['=', 'hash', failed.hash] })) as Array<
      Record<string, { data: unknown[] } | string | number | boolean | null>
    >;
    assert.ok(row);
    assert.equal(report.certname, failed.certname);
    assert.equal(report.status, 'failed');
    assert.equal(report.puppetVersion, row.puppet_version);
    assert.equal(report.configurationVersion, row.configuration_version);
    assert.equal(report.reportFormat, row.report_format);
    assert.equal(report.transactionUuid, row.transaction_uuid);
    assert.equal(report.catalogUuid, row.catalog_uuid);
    assert.equal(report.cachedCatalogStatus, row.cached_catalog_status);
    assert.equal(report.logs.length, (row.logs as { data: unknown[] }).data.length);
    assert.equal(report.metrics.length, (row.metrics as { data: unknown[] }).data.length);
    const events = await client.events({ query: ['=', 'report', failed.hash] }).toArray();
    assert.equal(report.events.length, events.length);
    assert.ok(report.logs.some((log) => log.level === 'err'));
    await expectWebviewTabs(WebviewPanels.report, 1);
  });

  it('answers once its page has painted the report, when asked to wait for the paint', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const info = await vscode.commands.executeCommand<ReportPanelInfo>(Commands.openReport, {
      connectionId: CONNECTION.id,
      reportHash: failed.hash,
      waitForPaint: true,
    });
    assert.equal(info.error, undefined);
    assert.equal(info.report?.hash, failed.hash);
    assert.equal(info.painted, true, 'the page said it painted the report');
  });

  it('takes report items of the explorer tree, for both views', async () => {
    const roots = await api.services.explorer.getChildren();
    let connection: ExplorerNode | undefined;
    for (const root of roots) {
      if ((await root.toTreeItem()).label === CONNECTION.name) connection = root;
    }
    assert.ok(connection, 'the suite connection is in the tree');
    const node = await childByLabel(await childByLabel(connection, 'Failures'), failed.certname);
    const [reportNode] = await (await childByLabel(node, 'Reports')).getChildren();
    assert.ok(reportNode);
    const report = await vscode.commands.executeCommand<ReportPanelInfo>(
      Commands.openReport,
      reportNode,
    );
    const events = await vscode.commands.executeCommand<EventsPanelInfo>(
      Commands.openEvents,
      reportNode,
    );
    assert.equal(report.restore.entry, 'report');
    assert.equal(events.restore.entry, 'events');
    assert.equal(report.report?.certname, failed.certname);
    assert.equal(events.state, 'done', events.error);
    assert.equal(events.eventCount, report.report?.events.length);
  });

  it('takes a node of the tree and asks which of its events (latest report picked)', async () => {
    const roots = await api.services.explorer.getChildren();
    let connection: ExplorerNode | undefined;
    for (const root of roots) {
      if ((await root.toTreeItem()).label === CONNECTION.name) connection = root;
    }
    const node = await childByLabel(await childByLabel(connection!, 'Failures'), failed.certname);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // the quick pick offers "Latest report" first; accept it as a user pressing Enter would
    const info = await acceptQuickPicks(
      vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, node),
    );
    assert.equal(info.title, `Events · ${failed.certname} · latest report`);
    assert.equal(info.state, 'done', info.error);
  });
});
