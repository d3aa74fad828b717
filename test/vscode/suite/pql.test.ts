/**
 * PQL in a real VS Code extension host against the real PuppetDB of this run: running queries
 * from a .pql document, the results panel's rows against the server's, completion, hover,
 * diagnostics at the right place, cancellation, history.
 */
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { connect } from '../../../src/client';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands, PqlLanguageId } from '../../../src/extension/ids';
import { INERT_JOINER } from '../../../src/extension/inertText';
import { exportWholeResult } from '../../../src/extension/pql/wholeResultExport';
import { loadedFleet, testServer } from '../../integration/support/puppetdb';
import { extensionLog } from '../extensionLog';
import { requestWaitingAt } from '../unreadRequest';
import { discardEditor, openUntitledPql } from '../untitledPql';
import { until } from '../until';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION_ID = 'pql-tests';

interface RunOutcome {
  state: 'done' | 'error' | 'cancelled';
  rows: number;
  serverText: string | undefined;
}

async function openPql(content: string): Promise<vscode.TextEditor> {
  return vscode.window.showTextDocument(await openUntitledPql(content));
}

function cursorAt(editor: vscode.TextEditor, needle: string, after = true): vscode.Position {
  const index = editor.document.getText().indexOf(needle);
  assert.ok(index >= 0, `"${needle}" is not in the document`);
  const position = editor.document.positionAt(index + (after ? needle.length : 0));
  editor.selection = new vscode.Selection(position, position);
  return position;
}

async function completionLabels(
  editor: vscode.TextEditor,
  position: vscode.Position,
): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>(
    'vscode.executeCompletionItemProvider',
    editor.document.uri,
    position,
  );
  return list.items
    .filter(
      (item) =>
        item.kind !== vscode.CompletionItemKind.Text &&
        item.kind !== vscode.CompletionItemKind.Snippet,
    )
    .map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
}

describe('PQL: run, results, completion, hover, diagnostics', function () {
  let api: ExtensionApi;
  const server = testServer();
  const client = connect({ host: server.host, port: server.httpPort });
  const fleet = loadedFleet();

  before(async () => {
    api = await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
    await addConnection({
      connection: {
        id: CONNECTION_ID,
        name: 'PQL tests',
        url: `http://${server.host}:${server.httpPort}`,
      },
      secrets: {},
    });
    await vscode.commands.executeCommand(Commands.switchConnection, CONNECTION_ID);
  });

  after(async () => {
    await api.services.store.remove(CONNECTION_ID);
    await client.disconnect();
  });

  it('runs the query under the cursor and shows exactly the server’s rows', async () => {
    const editor = await openPql(
      [
        '# the first query',
        'nodes[certname] { order by certname limit 3 }',
        '',
        'facts[certname, name, value] {',
        '  name = "osfamily" # editor-only comment',
        '  order by certname',
        '}',
        '',
        'environments {}',
      ].join('\n'),
    );
    cursorAt(editor, 'name = "os');
    const outcome = await vscode.commands.executeCommand<RunOutcome>(Commands.runQuery);
    assert.equal(outcome.state, 'done');
    const expected = await client
      .stream('pql', {
        query: 'facts[certname, name, value] { name = "osfamily" order by certname }',
      })
      .toArray();
    assert.ok(expected.length > 30, `only ${expected.length} osfamily facts on the server`);
    const results = api.pqlResults()!;
    assert.equal(results.entity, 'facts');
    assert.deepEqual(results.rows, expected);
    // the webview painted every row of the run
    const shownAll = await until(
      'the webview to paint all rows',
      () => api.pqlResults()?.shownAllMs,
    );
    assert.ok(shownAll >= (api.pqlResults()!.shownFirstMs ?? 0));
    const entry = api.services.history.entries(CONNECTION_ID)[0];
    assert.ok(entry, 'the run is in the history');
    assert.match(
      entry.query,
      /^facts\[certname, name, value\] \{\n\s+name = "osfamily"\s+\n\s+order by certname\n\}$/,
    );
    assert.equal(entry.rows, expected.length);
  });

  it('drops every webview message that breaks the protocol, acting on none of them', async () => {
    // the results panel of the run above; each message goes through the panel's receive path,
    // as if its webview had posted it
    const before = api.pqlResults()!;
    const { runId } = before;
    const inherited = Object.create({ type: 'rerun' }) as unknown;
    const hostile: unknown[] = [
      null,
      undefined,
      42,
      'rerun',
      ['rerun'],
      {},
      { type: 'nope' },
      { type: 'constructor' },
      { type: '__proto__' },
      { type: 'toString' },
      { type: 'ready', junk: true },
      { type: 'rerun', extra: 'junk' },
      { type: 'loadMore', runId: String(runId) },
      { type: 'loadMore', runId: -1 },
      { type: 'export', format: 'exe' },
      { type: 'export' },
      { type: 'openNode' },
      { type: 'openNode', certname: null },
      { type: 'openCatalog', certname: ['web01'] },
      { type: 'rendered', runId, rowCount: Number.POSITIVE_INFINITY },
      inherited,
    ];
    for (const message of hostile) {
      const receipt = await api.receiveFromWebview('results', message);
      assert.equal(receipt, 'dropped', `accepted ${JSON.stringify(message)}`);
    }
    assert.equal(api.pqlResults()!.runId, runId, 'no message started a run');
    assert.equal(api.pqlResults()!.state, before.state);
    // the same path acts on a message that keeps the protocol
    assert.equal(await api.receiveFromWebview('results', { type: 'rerun' }), 'handled');
    assert.equal(api.pqlResults()!.runId, runId + 1);
  });

  it('runs a selection, and pages with "load more" semantics through the page size', async () => {
    await vscode.workspace
      .getConfiguration('puppetdbExplorer')
      .update('pql.pageSize', 10, vscode.ConfigurationTarget.Global);
    try {
      const editor = await openPql('nodes[certname] { }\n');
      editor.selection = new vscode.Selection(0, 0, 0, 19);
      const outcome = await vscode.commands.executeCommand<RunOutcome>(Commands.runQuery);
      assert.equal(outcome.state, 'done');
      const results = api.pqlResults()!;
      const active = fleet.nodes.length - fleet.deactivated.length;
      assert.equal(results.rows.length, 10);
      assert.equal(results.total, active);
      assert.equal(results.hasMore, true);
    } finally {
      await vscode.workspace
        .getConfiguration('puppetdbExplorer')
        .update('pql.pageSize', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('stops holding rows at pql.maxRows, says "truncated", and streams the whole result to a file', async () => {
    const settings = vscode.workspace.getConfiguration('puppetdbExplorer');
    await settings.update('pql.maxRows', 25, vscode.ConfigurationTarget.Global);
    const query = 'facts[certname, name, value] { order by certname, name }';
    const file = join(tmpdir(), `pdbx-whole-result-${process.pid}.json`);
    try {
      const editor = await openPql(`${query}\n`);
      cursorAt(editor, 'facts');
      const outcome = await vscode.commands.executeCommand<RunOutcome>(Commands.runQuery);
      assert.equal(outcome.state, 'done');
      const results = api.pqlResults()!;
      assert.equal(results.rows.length, 25, 'the panel holds no more than the limit');
      assert.deepEqual(results.truncated, { rows: 25, limit: 'rows', value: 25 });
      assert.equal(results.hasMore, false, '"Load more" is not offered past the limit');

      const expected = await client.stream('pql', { query }).toArray();
      assert.ok(expected.length > 1000, `only ${expected.length} facts on the server`);
      assert.deepEqual(results.rows, expected.slice(0, 25));
      const written = await exportWholeResult(
        api.services,
        api.services.store.get(CONNECTION_ID)!,
        query,
        'json',
        vscode.Uri.file(file),
      );
      assert.equal(written?.fsPath, file);
      assert.deepEqual(JSON.parse(await readFile(file, 'utf8')), expected);
    } finally {
      await settings.update('pql.maxRows', undefined, vscode.ConfigurationTarget.Global);
      await rm(file, { force: true });
    }
  });

  it('puts the server’s parse error as a squiggle at its line and column', async () => {
    const editor = await openPql(
      ['environments {}', '', 'nodes {', '  certname = "web"', '  and }'].join('\n'),
    );
    cursorAt(editor, 'certname');
    const outcome = await vscode.commands.executeCommand<RunOutcome>(Commands.runQuery);
    assert.equal(outcome.state, 'error');
    assert.match(outcome.serverText ?? '', /PQL parse error at line 3, column 7/);
    const diagnostics = await until('a diagnostic', () => {
      const found = vscode.languages.getDiagnostics(editor.document.uri);
      return found.length > 0 ? found : undefined;
    });
    const [diagnostic] = diagnostics;
    // line 3 of the query is document line 5 (index 4); column 7 is the "}"
    assert.equal(diagnostic!.range.start.line, 4);
    assert.equal(diagnostic!.range.start.character, 6);
    assert.equal(editor.document.getText(diagnostic!.range), '}');
    assert.match(diagnostic!.message, /PQL parse error.*Expected one of/);
    assert.equal(api.pqlResults()!.state, 'error');
  });

  it('checks as you type (ast_only) and marks an unknown field', async () => {
    const editor = await openPql('nodes[certname, latest_report_statu] { certname ~ "web" }\n');
    const diagnostics = await until('an as-you-type diagnostic', () => {
      const found = vscode.languages.getDiagnostics(editor.document.uri);
      return found.length > 0 ? found : undefined;
    });
    assert.equal(editor.document.getText(diagnostics[0]!.range), 'latest_report_statu');
    assert.match(diagnostics[0]!.message, /unknown 'nodes' field 'latest_report_statu'/);
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 35), 's'));
    await until('the diagnostic to clear', () =>
      vscode.languages.getDiagnostics(editor.document.uri).length === 0 ? true : undefined,
    );
  });

  it('shows no diagnostic on queries PuppetDB accepts that the editor once flagged', async () => {
    const valid = [
      "nodes { certname = 'it\\'s' }",
      'nodes { certname = "first line\nsecond line" }',
      'inventory[certname] { facts.disks.sda-1.size > 0 }',
    ];
    const editor = await openPql([...valid, 'nodes { certname = null }'].join('\n\n'));
    // the one invalid query proves the diagnostics were computed; it alone has one
    const diagnostics = await until('the invalid query’s diagnostic', () => {
      const found = vscode.languages.getDiagnostics(editor.document.uri);
      return found.length > 0 ? found : undefined;
    });
    assert.deepEqual(
      diagnostics.map((item) => editor.document.getText(item.range)),
      ['null'],
    );
    assert.match(diagnostics[0]!.message, /PQL expects .* here/);
    // and PuppetDB runs each of the three as it is
    for (const query of valid) {
      cursorAt(editor, query.slice(0, 20));
      const outcome = await vscode.commands.executeCommand<RunOutcome>(Commands.runQuery);
      assert.equal(outcome.state, 'done', `${query}: ${outcome.serverText ?? ''}`);
    }
    assert.equal(vscode.languages.getDiagnostics(editor.document.uri).length, 1);
  });

  it('completes entities, fields in context, operators and live values', async () => {
    const editor = await openPql(
      [
        'no',
        'nodes { latest_report_status = "failed" and  }',
        'facts { name = "os',
        'inventory[certname] { facts. }',
        'nodes { certname in facts[certname] { value = 1 }  }',
        'reports { status  }',
      ].join('\n\n'),
    );
    const atStart = await completionLabels(editor, new vscode.Position(0, 2));
    assert.ok(
      atStart.includes('nodes') && atStart.includes('inventory') && !atStart.includes('fact_names'),
    );
    const inFilter = await completionLabels(editor, cursorAt(editor, '"failed" and '));
    assert.ok(inFilter.includes('certname') && inFilter.includes('cached_catalog_status'));
    assert.ok(!inFilter.includes('resource_title'), 'events fields leak into nodes');
    const factNames = await completionLabels(editor, cursorAt(editor, 'name = "os'));
    const liveFacts = (await client.factNames()).filter((name) => name.startsWith('os'));
    for (const name of liveFacts) assert.ok(factNames.includes(name), `fact name ${name} missing`);
    const paths = await completionLabels(editor, cursorAt(editor, 'facts.'));
    assert.ok(paths.includes('os') && paths.includes('networking'), paths.slice(0, 20).join());
    const afterSubquery = await completionLabels(editor, cursorAt(editor, 'value = 1 } '));
    assert.ok(afterSubquery.includes('and') && afterSubquery.includes('order by'));
    const operators = await completionLabels(editor, cursorAt(editor, 'status '));
    assert.ok(operators.includes('=') && operators.includes('~') && operators.includes('in'));
  });

  it('inserts live fact names with quotes and backslashes as whole literals that run', async () => {
    // fact names PuppetDB accepts that would end a PQL string early if inserted raw
    const certname = `vscode-quotes-${Date.now()}.example.com`;
    const names = ["pdbx_it's", 'pdbx_say "hi"', 'pdbx_back\\slash', `pdbx_"'\\`];
    await client.command(
      'replace facts',
      {
        certname,
        environment: 'production',
        producer_timestamp: new Date().toISOString(),
        producer: 'tests',
        values: Object.fromEntries(names.map((name, index) => [name, index])),
      },
      { waitSeconds: 30 },
    );
    // a connection of its own: its live values are fetched now, not taken from the cache
    await addConnection({
      connection: {
        id: 'pql-quotes',
        name: 'PQL quotes',
        url: `http://${server.host}:${server.httpPort}`,
      },
      secrets: {},
    });
    await vscode.commands.executeCommand(Commands.switchConnection, 'pql-quotes');
    // one editor for every case, its text replaced each time (opening and discarding an
    // untitled editor per case took most of this test's time)
    const editor = await openPql('');
    try {
      for (const [open, close] of [
        ["'", "'"],
        ['"', '"'],
        ["'", ''],
        ['', ''],
      ]) {
        for (const name of names) {
          const before = `facts[name, value] { certname = "${certname}" and name = ${open}pdbx_`;
          const whole = new vscode.Range(0, 0, editor.document.lineCount, 0);
          assert.ok(await editor.edit((edit) => edit.replace(whole, `${before}${close} }`)));
          const position = editor.document.positionAt(before.length);
          const list = await vscode.commands.executeCommand<vscode.CompletionList>(
            'vscode.executeCompletionItemProvider',
            editor.document.uri,
            position,
          );
          const item = list.items.find((each) => each.label === name);
          assert.ok(item, `${name} is not offered after ${open || 'no quote'}`);
          const range =
            item.range instanceof vscode.Range ? item.range : (item.range?.replacing ?? undefined);
          assert.ok(range && typeof item.insertText === 'string');
          await editor.edit((edit) => edit.replace(range, item.insertText as string));
          const query = editor.document.getText();
          const rows = await client.stream('pql', { query }).toArray();
          assert.deepEqual(rows, [{ name, value: names.indexOf(name) }], query);
        }
      }
    } finally {
      await discardEditor(editor);
      await vscode.commands.executeCommand(Commands.switchConnection, CONNECTION_ID);
      await api.services.store.remove('pql-quotes');
      await client.command(
        'deactivate node',
        { certname, producer_timestamp: new Date().toISOString() },
        { waitSeconds: 30 },
      );
    }
  });

  it('documents what the mouse is over', async () => {
    const editor = await openPql('nodes[count()] { latest_report_status = "failed" }\n');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      editor.document.uri,
      cursorAt(editor, 'latest_report_sta'),
    );
    const text = hovers
      .flatMap((hover) => hover.contents.map((part) => (part as vscode.MarkdownString).value))
      .join('\n');
    assert.match(text, /nodes\.latest_report_status/);
    assert.match(text, /`failed`/);
  });

  it('reveals the node of a result row in the explorer', async () => {
    const certname = fleet.nodes.find(
      (node) => !fleet.deactivated.includes(node.certname),
    )!.certname;
    await vscode.commands.executeCommand(Commands.revealNode, {
      connectionId: CONNECTION_ID,
      certname,
    });
    const selected = await until(
      'the node to be selected',
      () => api.services.treeView.selection[0],
    );
    const item = await selected.toTreeItem();
    assert.equal(item.label, certname);
    assert.equal(item.contextValue, 'node');
  });

  it('cancels a query the server does not answer, and says so', async () => {
    const editor = await openPql('nodes[certname] {}\n');
    // named as its CodeLens names it, not as the active editor's (whatever has the focus by then)
    const query = { uri: editor.document.uri.toString(), offset: 0 };
    // the log has a line for each request that was sent, cancelled ones included
    const cancelledRequests = () =>
      extensionLog(api.services.context).match(/PQL tests: \w+ \S+ → no answer.*\(cancelled\)/g)
        ?.length ?? 0;
    const cancelledBefore = cancelledRequests();
    process.kill(server.pid, 'SIGSTOP');
    try {
      const running = vscode.commands.executeCommand<RunOutcome>(Commands.runQuery, query);
      let ended = 'not ended';
      void running.then(
        (outcome) => (ended = `ended: ${JSON.stringify(outcome)}`),
        (error: unknown) => (ended = `threw: ${String(error)}`),
      );
      await until('the run to start', () =>
        api.pqlResults()?.state === 'running' ? true : undefined,
      ).catch((error: Error) => {
        // what the run did instead, for a failure seen once in CI and not here
        const results = api.pqlResults();
        const active = vscode.window.activeTextEditor?.document;
        throw new Error(
          `${error.message}: the command ${ended}; the results ${results ? `${results.state} (${JSON.stringify(results.error ?? null)}) of ${results.query}` : 'not open'}; the active editor ${active ? `${active.uri.toString()} (${active.languageId})` : 'none'}; the log ends: ${extensionLog(api.services.context).slice(-1500)}`,
        );
      });
      // cancelled while its request waits at the stopped server, not before it went out
      await until('the request to reach the server', () => requestWaitingAt(server.httpPort));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const outcome = await running;
      assert.equal(outcome.state, 'cancelled');
      await until(
        'the log to say the request was sent and cancelled',
        () => cancelledRequests() > cancelledBefore,
      );
    } finally {
      process.kill(server.pid, 'SIGCONT');
    }
  });

  it('New PQL Query opens a .pql editor whose example runs on PuppetDB with Ctrl+Enter as it is', async () => {
    // the explorer's title menu and the walkthrough run it with no argument
    await vscode.commands.executeCommand(Commands.newQuery);
    const editor = vscode.window.activeTextEditor!;
    try {
      assert.equal(editor.document.languageId, PqlLanguageId);
      assert.ok(editor.document.isUntitled, 'a new document, not a file');
      // Ctrl+Enter where the new editor puts the cursor
      const outcome = await vscode.commands.executeCommand<RunOutcome>(Commands.runQuery);
      assert.equal(outcome?.state, 'done');
      const query = editor.document
        .getText()
        .split('\n')
        .filter((line) => !line.startsWith('#'))
        .join('\n');
      const expected = await client.stream('pql', { query }).toArray();
      assert.ok(expected.length > 0, 'the example finds nodes');
      assert.deepEqual(api.pqlResults()!.rows, expected);
    } finally {
      await discardEditor(editor);
    }
  });

  it('Query History lists the runs newest first, and Enter runs the one picked again on PuppetDB', async () => {
    const certname = fleet.nodes.find(
      (node) => !fleet.deactivated.includes(node.certname),
    )!.certname;
    const query = `nodes[certname, catalog_environment] { certname = "${certname}" }`;
    const editor = await openPql(`${query}\n`);
    cursorAt(editor, 'nodes');
    assert.equal(
      (await vscode.commands.executeCommand<RunOutcome>(Commands.runQuery)).state,
      'done',
    );
    const { runId } = api.pqlResults()!;
    await until(
      'the run to be in the history',
      () => api.services.history.entries()[0]?.query === query,
    );
    // the picker the command shows, as VS Code hands it to the extension
    const window = vscode.window as { createQuickPick: typeof vscode.window.createQuickPick };
    const create = window.createQuickPick;
    let picker: vscode.QuickPick<vscode.QuickPickItem> | undefined;
    window.createQuickPick = <T extends vscode.QuickPickItem>() => {
      const made = create<T>();
      picker = made as unknown as vscode.QuickPick<vscode.QuickPickItem>;
      return made;
    };
    try {
      await vscode.commands.executeCommand(Commands.showQueryHistory);
    } finally {
      window.createQuickPick = create;
    }
    assert.ok(picker, 'Query History shows a picker');
    assert.match(
      picker.items[0]!.label.replaceAll(INERT_JOINER, ''),
      /nodes\[certname, catalog_environment\]/,
    );
    assert.match(picker.items[0]!.description ?? '', /^PQL tests · /);
    // Enter, as the user presses it on the first run listed
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const rerun = await until('the picked query to run again', () => {
      const results = api.pqlResults();
      return results && results.runId > runId && results.state === 'done' ? results : undefined;
    });
    assert.equal(rerun.query, query);
    assert.deepEqual(rerun.rows, await client.stream('pql', { query }).toArray());
    // the run brought the results panel forward: the query's editor again, then closed
    await vscode.window.showTextDocument(editor.document);
    await discardEditor(editor);
  });
});
