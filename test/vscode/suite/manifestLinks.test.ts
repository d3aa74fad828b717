/**
 * Fleet ↔ code beyond the tree and the graph, inside a real VS Code on the sample control
 * repository against the real PuppetDB: an event, a report's log and a PQL row open the manifest
 * line they name (only lines the panel itself holds); "Show Events for This Line" finds exactly
 * the events PuppetDB has for a file and line; failures become diagnostics when asked for.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands } from '../../../src/extension/ids';
import type { RunOutcome } from '../../../src/extension/pql/resultsPanel';
import type { EventsPanelInfo } from '../../../src/extension/reports/eventsPanel';
import type { ReportPanelInfo } from '../../../src/extension/reports/reportPanel';
import { httpClient, testServer } from '../../integration/support/puppetdb';
import { until } from '../until';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'manifest-links-suite', name: 'Manifest links PuppetDB' };
const DEAD = { id: 'manifest-links-dead', name: 'Manifest links PuppetDB (nothing listens)' };
const DIAGNOSTICS_SETTING = 'code.failureDiagnostics';

const workspaceFile = (path: string) =>
  vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, path);

type WireEvent = { certname: string; file: string; line: number; report: string; status: string };

describe('Code and fleet: Open Manifest from events, logs and PQL; events and failures of a line', function () {
  let api: ExtensionApi;
  const server = testServer();
  const client = httpClient();

  /** PuppetDB's own answer: the latest runs' events declared at a file (by its path's end) and line. */
  async function eventsAt(suffix: string, line: number, status?: string): Promise<WireEvent[]> {
    const pattern = `/${suffix.replace(/[.]/g, '\\.')}$`;
    return (await client
      .stream('events', {
        query: [
          'and',
          ['~', 'file', pattern],
          ['=', 'line', line],
          ['=', 'latest_report?', true],
          ...(status ? [['=', 'status', status]] : []),
        ],
      })
      .toArray()) as WireEvent[];
  }

  /** Waits for the editor to show `path` with the cursor on 1-based `line`. */
  async function editorAt(path: string, line: number): Promise<vscode.TextEditor> {
    const expected = workspaceFile(path).toString();
    return until(`${path}:${line} is open`, () => {
      const editor = vscode.window.activeTextEditor;
      return (
        editor?.document.uri.toString() === expected &&
        editor.selection.active.line === line - 1 &&
        editor
      );
    });
  }

  /** Closes the text editors only: the panel under test stays open. */
  async function closeEditors(): Promise<void> {
    const texts = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((tab) => tab.input instanceof vscode.TabInputText);
    await vscode.window.tabGroups.close(texts);
    await until('no text editor is open', () => vscode.window.activeTextEditor === undefined);
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
    await api.services.statusBar.setActive(CONNECTION.id);
  });

  after(async () => {
    await vscode.workspace
      .getConfiguration('puppetdbExplorer')
      .update(DIAGNOSTICS_SETTING, undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("an event of the events table opens its manifest line; a line the table doesn't hold opens nothing", async function () {
    this.timeout(90_000);
    const [event] = await eventsAt('site-modules/profile/manifests/web.pp', 3);
    assert.ok(event, 'the fleet has an event at web.pp:3');
    const info = await vscode.commands.executeCommand<EventsPanelInfo>(Commands.openEvents, {
      connectionId: CONNECTION.id,
      reportHash: event.report,
    });
    assert.equal(info.state, 'done');
    await closeEditors();
    // hostile: a path and a line no event of this table names
    for (const message of [
      { type: 'openManifest', file: '/etc/passwd', line: 1 },
      { type: 'openManifest', file: event.file, line: event.line + 1000 },
    ]) {
      assert.equal(await api.receiveFromWebview('events', message), 'handled');
    }
    assert.equal(vscode.window.activeTextEditor, undefined, 'nothing opened');
    assert.equal(
      await api.receiveFromWebview('events', { type: 'openManifest', file: 42, line: 'x' }),
      'dropped',
    );
    assert.equal(
      await api.receiveFromWebview('events', {
        type: 'openManifest',
        file: event.file,
        line: event.line,
      }),
      'handled',
    );
    const editor = await editorAt('site-modules/profile/manifests/web.pp', event.line);
    assert.match(editor.document.lineAt(event.line - 1).text, /^\s*package \{ 'nginx':/);
  });

  it("a report's log opens the manifest line it names", async function () {
    this.timeout(90_000);
    const [event] = await eventsAt('site-modules/profile/manifests/web.pp', 16);
    assert.ok(event, 'the fleet has an event at web.pp:16');
    const info = await vscode.commands.executeCommand<ReportPanelInfo>(Commands.openReport, {
      connectionId: CONNECTION.id,
      reportHash: event.report,
    });
    const log = info.report?.logs.find(
      (candidate) => candidate.file?.endsWith('/profile/manifests/web.pp') && candidate.line === 16,
    );
    assert.ok(log, 'the report logs web.pp:16');
    await closeEditors();
    assert.equal(
      await api.receiveFromWebview('report', { type: 'openManifest', file: '/etc/shadow' }),
      'handled',
    );
    assert.equal(vscode.window.activeTextEditor, undefined, 'nothing opened');
    assert.equal(
      await api.receiveFromWebview('report', { type: 'openManifest', file: log.file, line: 16 }),
      'handled',
    );
    const editor = await editorAt('site-modules/profile/manifests/web.pp', 16);
    assert.match(editor.document.lineAt(15).text, /^\s*service \{ 'nginx':/);
  });

  it('a PQL row with file and line columns opens its manifest line; a stale run opens nothing', async function () {
    this.timeout(90_000);
    const outcome = await vscode.commands.executeCommand<RunOutcome>(Commands.runQuery, {
      connectionId: CONNECTION.id,
      query:
        'resources[certname, type, title, file, line] { type = "Cron" and title = "backup" order by certname limit 1 }',
    });
    assert.equal(outcome.state, 'done');
    const results = api.pqlResults()!;
    const row = results.rows[0] as { file: string; line: number };
    assert.ok(row.file.endsWith('/site-modules/profile/manifests/base.pp'), row.file);
    await closeEditors();
    assert.equal(
      await api.receiveFromWebview('results', {
        type: 'openManifest',
        runId: results.runId + 1,
        row: 0,
      }),
      'handled',
    );
    assert.equal(
      await api.receiveFromWebview('results', {
        type: 'openManifest',
        runId: results.runId,
        row: 5,
      }),
      'handled',
    );
    assert.equal(vscode.window.activeTextEditor, undefined, 'nothing opened');
    assert.equal(
      await api.receiveFromWebview('results', {
        type: 'openManifest',
        runId: results.runId,
        row: 0,
      }),
      'handled',
    );
    const editor = await editorAt('site-modules/profile/manifests/base.pp', row.line);
    assert.match(editor.document.lineAt(row.line - 1).text, /^\s*cron \{ 'backup':/);
  });

  it('Show Events for This Line lists exactly the events PuppetDB has for that file and line', async function () {
    this.timeout(90_000);
    const path = 'site-modules/profile/manifests/db.pp';
    const expected = await eventsAt(path, 3);
    assert.ok(expected.length > 1, `${expected.length} events at db.pp:3`);
    const serverFiles = [...new Set(expected.map((event) => event.file))].sort();

    // from the cursor of an editor on the file (the editor's context menu)
    const editor = await vscode.window.showTextDocument(workspaceFile(path));
    editor.selection = new vscode.Selection(2, 4, 2, 4);
    const info = await vscode.commands.executeCommand<EventsPanelInfo | undefined>(
      Commands.showEventsForLine,
      workspaceFile(path),
    );
    assert.ok(info, 'the events table opened');
    assert.equal(info.state, 'done');
    assert.equal(info.eventCount, expected.length);
    const source = info.restore.entry === 'events' ? info.restore.source : undefined;
    assert.ok(source && 'declaredAt' in source, JSON.stringify(source));
    assert.equal(source.declaredAt.line, 3);
    // every environment's copy of db.pp, and no other module's db.pp
    for (const file of serverFiles) assert.ok(source.declaredAt.files.includes(file), file);
    for (const file of source.declaredAt.files) {
      assert.ok(file.endsWith('/site-modules/profile/manifests/db.pp'), file);
    }

    // a line with no events: an empty table, not an error
    const quiet = await vscode.commands.executeCommand<EventsPanelInfo | undefined>(
      Commands.showEventsForLine,
      { uri: workspaceFile(path).toString(), line: 1 },
    );
    assert.equal(quiet?.eventCount, (await eventsAt(path, 1)).length);
  });

  it('Show Events for This Line: a file PuppetDB never saw, and a connection that fails, open no table', async function () {
    this.timeout(60_000);
    const unknown = await vscode.commands.executeCommand(Commands.showEventsForLine, {
      uri: workspaceFile('modules/legacy_app/manifests/init.pp').toString(),
      line: 2,
    });
    assert.equal(unknown, undefined);
    if (!api.services.store.get(DEAD.id)) {
      await addConnection({
        connection: { ...DEAD, url: 'http://127.0.0.1:9' },
      });
    }
    await api.services.statusBar.setActive(DEAD.id);
    try {
      const failed = await vscode.commands.executeCommand(Commands.showEventsForLine, {
        uri: workspaceFile('site-modules/profile/manifests/db.pp').toString(),
        line: 3,
      });
      assert.equal(failed, undefined);
    } finally {
      await api.services.statusBar.setActive(CONNECTION.id);
    }
  });

  it('failure diagnostics: on, a failed resource says on how many nodes; off, none', async function () {
    this.timeout(90_000);
    const path = 'site-modules/profile/manifests/db.pp';
    const failures = await eventsAt(path, 3, 'failure');
    const nodes = new Set(failures.map((event) => event.certname)).size;
    assert.ok(nodes > 1, `${nodes} nodes failed at db.pp:3`);
    const uri = workspaceFile(path);
    await vscode.window.showTextDocument(uri);
    const settings = vscode.workspace.getConfiguration('puppetdbExplorer');
    await settings.update(DIAGNOSTICS_SETTING, true, vscode.ConfigurationTarget.Global);
    const shown = await until('the diagnostics of db.pp', () => {
      const diagnostics = vscode.languages
        .getDiagnostics(uri)
        .filter((diagnostic) => diagnostic.source === 'PuppetDB');
      return diagnostics.length > 0 && diagnostics;
    });
    const atLine3 = shown.filter((diagnostic) => diagnostic.range.start.line === 2);
    assert.equal(atLine3.length, 1, JSON.stringify(shown));
    assert.equal(atLine3[0]!.message, `failed on ${nodes} nodes in their latest run`);
    assert.equal(atLine3[0]!.severity, vscode.DiagnosticSeverity.Information);
    // every diagnostic is a line where PuppetDB has failures
    for (const diagnostic of shown) {
      const line = diagnostic.range.start.line + 1;
      assert.ok((await eventsAt(path, line, 'failure')).length > 0, `line ${line}`);
    }

    await settings.update(DIAGNOSTICS_SETTING, false, vscode.ConfigurationTarget.Global);
    await until('no diagnostics once off', () =>
      vscode.languages.getDiagnostics(uri).every((diagnostic) => diagnostic.source !== 'PuppetDB'),
    );
  });
});
