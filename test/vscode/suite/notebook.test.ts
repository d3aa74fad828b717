/**
 * PQL notebooks in a real VS Code against the real PuppetDB of this run: a cell's rows are the
 * server's, a connection that does not exist fails the cell (and nothing runs elsewhere), a
 * stopped cell aborts its request, a saved notebook keeps its outputs, and a file that is not a
 * notebook is refused with a message.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { connect } from '../../../src/client';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands, Notebooks, PqlLanguageId } from '../../../src/extension/ids';
import { CellConnectionStatusBar } from '../../../src/extension/notebook/cellStatusBar';
import { savedOutput } from '../../../src/extension/notebook/notebookOutput';
import { openQueryAsNotebook } from '../../../src/extension/notebook/openAsNotebook';
import { PREVIEW_ROWS } from '../../../src/extension/notebook/streamPainter';
import { markdownText } from '../../../src/shared/notebook/markdownExport';
import { parsePqlBook, type PqlBookOutput } from '../../../src/shared/notebook/pqlBook';
import { testServer } from '../../integration/support/puppetdb';
import { FaultProxy } from '../../support/faultProxy';
import { closeNotebooks, endedOutput, execute, openNotebook, pqlOutput } from '../notebookCells';
import { until } from '../until';
import { addConnection } from '../testingApi';

const CONNECTION = { id: 'notebook-tests', name: 'Notebook tests' };
const QUERY = 'nodes[certname, latest_report_status] { order by certname }';

describe('PQL notebooks', function () {
  let extension: ExtensionApi | undefined;
  const api = () => extension!;
  const server = testServer();
  const client = connect({ host: server.host, port: server.httpPort });

  before(async () => {
    extension = await vscode.extensions
      .getExtension<ExtensionApi>('puppetdb-explorer.puppetdb-explorer')!
      .activate();
    await addConnection({
      connection: { ...CONNECTION, url: `http://${server.host}:${server.httpPort}` },
      secrets: {},
    });
    await vscode.commands.executeCommand(Commands.switchConnection, 'notebook-tests');
  });

  afterEach(closeNotebooks);

  it("runs a cell on the notebook's connection: its rows are the server's, in order", async () => {
    const notebook = await openNotebook([{ source: QUERY }], CONNECTION.name);
    await execute(notebook, 0);
    const cell = notebook.cellAt(0);
    const output = await endedOutput(cell);
    assert.equal(output.error, undefined);
    assert.equal(output.connection, CONNECTION.name);
    const expected = await client.stream('pql', { query: QUERY }).toArray();
    assert.ok(expected.length > 0, 'the fleet has nodes');
    assert.deepEqual(output.rows, expected);
    assert.equal(output.arriving, undefined, 'the last output holds every row');
    assert.equal(cell.executionSummary?.success, true);
    const [item] = new CellConnectionStatusBar(api().services).provideCellStatusBarItems(cell);
    assert.equal(item!.text, `$(database) ${CONNECTION.name}`, 'the cell says where it runs');
    assert.ok((cell.executionSummary?.executionOrder ?? 0) > 0, 'an execution order');
  });

  it('a connection name that does not exist fails the cell and runs nothing elsewhere', async () => {
    const notebook = await openNotebook(
      [{ source: QUERY }, { source: QUERY, connection: 'No such PuppetDB' }],
      'Nowhere',
    );
    await execute(notebook, 0);
    const byNotebook = await endedOutput(notebook.cellAt(0));
    assert.match(byNotebook.error ?? '', /No PuppetDB connection is named "Nowhere"/);
    assert.equal(byNotebook.rows, undefined, 'no rows from any other server');
    assert.equal(notebook.cellAt(0).executionSummary?.success, false);
    await execute(notebook, 1);
    const byCell = await endedOutput(notebook.cellAt(1));
    assert.match(byCell.error ?? '', /No PuppetDB connection is named "No such PuppetDB"/);
    assert.equal(byCell.rows, undefined);
  });

  it('stopping a cell aborts its request and says so', async () => {
    // the cell's connection alone goes through a proxy that holds its requests: the request the
    // test waits for is the cell's own (the active connection's health checks and lenses ask the
    // same PuppetDB meanwhile)
    const proxy = await FaultProxy.start({ target: { host: server.host, port: server.httpPort } });
    const held = { id: 'notebook-stop-tests', name: 'Notebook stop tests' };
    try {
      await addConnection({ connection: { ...held, url: proxy.url }, secrets: {} });
      proxy.inject({ kind: 'latency', ms: 120_000 });
      const notebook = await openNotebook([{ source: QUERY }], held.name);
      // the command ends with the run: not awaited until the cell is stopped
      const running = execute(notebook, 0);
      // stopped while its request is held on its way to the server, not before it went out
      await until('the cell request to reach the proxy', () => proxy.requestCount > 0);
      await vscode.commands.executeCommand('notebook.cell.cancelExecution', {
        ranges: [{ start: 0, end: 1 }],
        document: notebook.uri,
      });
      await running;
      const output = await endedOutput(notebook.cellAt(0));
      assert.match(output.error ?? '', /^Stopped: 0 rows had arrived\.$/);
    } finally {
      await proxy.close();
    }
  });

  it('a large answer shows its first rows and the count so far while the rest arrive; a save meanwhile says what it lacks', async () => {
    const query = 'facts[certname, name, value] { order by certname, name }';
    const expected = await client.stream('pql', { query }).toArray();
    assert.ok(expected.length > 3 * PREVIEW_ROWS, `the fleet has ${expected.length} facts`);
    // the answer stops a tenth before its end, with the connection open: the run is under way
    // for as long as the test looks at it
    const proxy = await FaultProxy.start({ target: { host: server.host, port: server.httpPort } });
    const paused = { id: 'notebook-preview-tests', name: 'Notebook preview tests' };
    try {
      await addConnection({ connection: { ...paused, url: proxy.url }, secrets: {} });
      proxy.inject({ kind: 'stallMidBody', fraction: 0.9 }, { match: /query\/v4/ });
      const notebook = await openNotebook([{ source: query }], paused.name);
      const cell = notebook.cellAt(0);
      const running = execute(notebook, 0);
      let preview: PqlBookOutput | undefined;
      await until('a paint of more rows than it carries', () => {
        preview = pqlOutput(cell);
        return (preview?.arriving ?? 0) > PREVIEW_ROWS;
      });
      assert.deepEqual(preview!.rows, expected.slice(0, PREVIEW_ROWS), 'the first rows, in order');
      assert.equal(preview!.elapsedMs, undefined, 'not ended');
      const saved = savedOutput(cell.outputs)!;
      assert.equal(saved.arriving, undefined, 'a file holds no run under way');
      assert.equal(
        saved.rows!.length + (saved.rowsOmitted ?? 0),
        preview!.arriving,
        'the saved rows and those it lacks are the rows that had arrived',
      );

      await vscode.commands.executeCommand('notebook.cell.cancelExecution', {
        ranges: [{ start: 0, end: 1 }],
        document: notebook.uri,
      });
      await running;
      const stopped = await endedOutput(cell);
      const arrived = Number(/^Stopped: (\d+) rows had arrived\.$/.exec(stopped.error ?? '')?.[1]);
      assert.ok(arrived >= preview!.arriving!, `${arrived} rows had arrived`);
      assert.equal(stopped.arriving, undefined);
      assert.deepEqual(stopped.rows, expected.slice(0, arrived), 'every row that arrived, kept');
    } finally {
      await proxy.close();
    }
  });

  it('a parameter cell sets $names for the cells below; one it does not set is asked, as one literal', async () => {
    const window = vscode.window as { showInputBox: (...args: unknown[]) => Thenable<unknown> };
    const showInputBox = window.showInputBox;
    const asked: Array<{ prompt?: string }> = [];
    let answer: string | undefined = 'x" or certname ~ "';
    window.showInputBox = (options) => (
      asked.push(options as { prompt?: string }),
      Promise.resolve(answer)
    );
    try {
      const notebook = await openNotebook(
        [
          { source: "# the report's inputs\n$status = 'failed'\n$limit = 100" },
          {
            source:
              'nodes[certname] { latest_report_status = $status order by certname limit $limit }',
          },
          { source: 'nodes[certname] { certname = $host }' },
        ],
        CONNECTION.name,
      );
      await execute(notebook, 0);
      const set = await endedOutput(notebook.cellAt(0));
      assert.deepEqual(set.rows, [
        { parameter: '$status', value: 'failed' },
        { parameter: '$limit', value: 100 },
      ]);
      await execute(notebook, 1);
      const failed = await endedOutput(notebook.cellAt(1));
      assert.equal(failed.error, undefined);
      const expected = await client
        .stream('pql', {
          query: 'nodes[certname] { latest_report_status = "failed" order by certname limit 100 }',
        })
        .toArray();
      assert.ok(expected.length > 0, 'the fleet has failed nodes');
      assert.deepEqual(failed.rows, expected);
      assert.equal(asked.length, 0, 'nothing asked: the parameter cell sets both');

      // a hostile answer stays one string: no certname is that text, so no row
      await execute(notebook, 2);
      const hostile = await endedOutput(notebook.cellAt(2));
      assert.equal(hostile.error, undefined);
      assert.deepEqual(hostile.rows, []);
      assert.equal(asked.length, 1);
      assert.match(asked[0]!.prompt ?? '', /No parameter cell above sets \$host/);

      // Escape: the run ends, nothing ran, the output is left as it was
      answer = undefined;
      const ranBefore = hostile.ranAt;
      await execute(notebook, 2);
      await until('the asked run to end', () => asked.length === 2);
      await until(
        'the cancelled run to end',
        () => notebook.cellAt(2).executionSummary?.success === undefined,
      );
      assert.equal(pqlOutput(notebook.cellAt(2))?.ranAt, ranBefore, 'the output kept');
    } finally {
      window.showInputBox = showInputBox;
    }
  });

  it('a $name in a cell is no false problem; one no cell above sets is said, and a .pql file flags one', async () => {
    const notebook = await openNotebook(
      [
        { source: "$status = 'failed'" },
        { source: 'nodes[certname] { latest_report_status = $status and certname = $host }' },
      ],
      CONNECTION.name,
    );
    const cell = notebook.cellAt(1).document.uri;
    await until('the cell to be checked', () => vscode.languages.getDiagnostics(cell).length > 0);
    assert.deepEqual(
      vscode.languages.getDiagnostics(cell).map(({ severity, message }) => [severity, message]),
      [
        [
          vscode.DiagnosticSeverity.Information,
          'No parameter cell above sets $host: running the cell asks for its value.',
        ],
      ],
    );
    const file = await vscode.workspace.openTextDocument({
      language: PqlLanguageId,
      content: 'nodes[certname] { certname = $host }',
    });
    await until(
      'the file to be checked',
      () => vscode.languages.getDiagnostics(file.uri).length > 0,
    );
    assert.deepEqual(
      vscode.languages.getDiagnostics(file.uri).map(({ severity, message }) => [severity, message]),
      [
        [
          vscode.DiagnosticSeverity.Error,
          '$host is a PQL notebook parameter: PuppetDB knows no parameters, so it works only in a notebook cell.',
        ],
      ],
    );
  });

  it('completes the $names the parameter cells above set, with their values; a .pql file offers none', async () => {
    const notebook = await openNotebook(
      [
        { source: "$status = 'failed'\n$limit = 20" },
        { source: 'nodes[certname] { latest_report_status = $st' },
        { source: "$status = 'changed'" },
        { source: 'nodes[certname] { latest_report_status = ' },
      ],
      CONNECTION.name,
    );
    const complete = async (document: vscode.TextDocument, trigger?: string) => {
      const end = document.lineAt(document.lineCount - 1).range.end;
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        document.uri,
        end,
        trigger,
      );
      return list.items.map((item) => [String(item.label), item.detail]);
    };
    const byLabel = (items: Array<Array<string | undefined>>) =>
      items.sort(([a], [b]) => a!.localeCompare(b!));
    const parameters = async (document: vscode.TextDocument) =>
      byLabel((await complete(document)).filter(([label]) => label!.startsWith('$')));
    // typing a reference: only the parameters, as the literals they stand for (once the cell's
    // document is known to the language features)
    const typed = await until('the cell to complete its parameters', async () => {
      const items = await complete(notebook.cellAt(1).document, '$');
      return items.length > 0 && items;
    });
    assert.deepEqual(byLabel(typed), [
      ['$limit', '20'],
      ['$status', '"failed"'],
    ]);
    // where a value may stand: the nearest cell's value for each name, beside the fleet's values
    assert.deepEqual(await parameters(notebook.cellAt(3).document), [
      ['$limit', '20'],
      ['$status', '"changed"'],
    ]);
    const file = await vscode.workspace.openTextDocument({
      language: PqlLanguageId,
      content: 'nodes[certname] { latest_report_status = ',
    });
    const inFile = await until('the file to complete its values', async () => {
      const items = await complete(file);
      return items.length > 0 && items;
    });
    // the value completion after `= ` (the space typed is still the query's)
    assert.ok(
      inFile.some(([label]) => label!.includes('failed')),
      JSON.stringify(inFile.slice(0, 10)),
    );
    assert.deepEqual(
      inFile.filter(([label]) => label!.startsWith('$')),
      [],
    );
  });

  it('Export as Markdown writes the run notebook to the file picked, its chart as SVG beside it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'pqlbook-md-'));
    const window = vscode.window as { showSaveDialog: (...args: unknown[]) => Thenable<unknown> };
    const showSaveDialog = window.showSaveDialog;
    let dialogs = 0;
    const target = vscode.Uri.file(join(folder, 'fleet report.md'));
    window.showSaveDialog = () => (dialogs++, Promise.resolve(target));
    const aggregate = 'nodes[latest_report_status, count()] { group by latest_report_status }';
    try {
      const data = new vscode.NotebookData([
        new vscode.NotebookCellData(
          vscode.NotebookCellKind.Markup,
          '# Fleet\n\nBy status.',
          'markdown',
        ),
        new vscode.NotebookCellData(vscode.NotebookCellKind.Code, QUERY, PqlLanguageId),
        new vscode.NotebookCellData(vscode.NotebookCellKind.Code, aggregate, PqlLanguageId),
      ]);
      data.metadata = { connection: CONNECTION.name };
      const notebook = await vscode.workspace.openNotebookDocument(Notebooks.type, data);
      await vscode.window.showNotebookDocument(notebook);
      await execute(notebook, 1);
      await endedOutput(notebook.cellAt(1));
      await execute(notebook, 2);
      await endedOutput(notebook.cellAt(2));
      // an argument naming a notebook that is not open reads nothing, and asks for no file
      await vscode.commands.executeCommand(Commands.exportNotebookMarkdown, {
        notebookEditor: { notebookUri: vscode.Uri.file(join(folder, 'other.pqlbook')) },
      });
      assert.equal(dialogs, 0);
      // the argument names the notebook, as the toolbar's does; the file is the dialog's
      const written = await vscode.commands.executeCommand<vscode.Uri>(
        Commands.exportNotebookMarkdown,
        notebook,
      );
      assert.equal(dialogs, 1);
      assert.equal(written?.toString(), target.toString());
      const markdown = await readFile(target.fsPath, 'utf8');
      const nodes = await client.stream('pql', { query: QUERY }).toArray();
      const counts = await client.stream('pql', { query: aggregate }).toArray();
      assert.ok(markdown.startsWith('# Fleet\n\nBy status.\n\n```pql\n'), markdown);
      assert.ok(markdown.includes(`\n\n*${nodes.length} rows`), 'the row count');
      for (const node of nodes as Array<{ certname: string }>) {
        assert.ok(markdown.includes(markdownText(node.certname)), node.certname);
      }
      assert.ok(markdown.includes('](fleet%20report.chart-3.svg)'), 'the chart linked');
      const svg = await readFile(join(folder, 'fleet report.chart-3.svg'), 'utf8');
      assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
      for (const row of counts as Array<{ latest_report_status: string; count: number }>) {
        assert.ok(svg.includes(`<title>${row.latest_report_status}: ${row.count}</title>`), svg);
      }
    } finally {
      window.showSaveDialog = showSaveDialog;
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('a query of the history opens as a notebook on the connection it ran on, and runs there', async () => {
    // the history picker's "Open as Notebook" button calls this with the entry's connection
    const editor = await openQueryAsNotebook(QUERY, CONNECTION.name);
    const { notebook } = editor;
    assert.equal(notebook.notebookType, Notebooks.type);
    assert.equal(notebook.metadata.connection, CONNECTION.name);
    assert.equal(notebook.cellAt(0).document.getText(), QUERY);
    await execute(notebook, 0);
    const output = await endedOutput(notebook.cellAt(0));
    assert.equal(output.connection, CONNECTION.name);
    assert.deepEqual(output.rows, await client.stream('pql', { query: QUERY }).toArray());
  });

  it('a PQL cell has the completion and hover of .pql files', async () => {
    const notebook = await openNotebook([{ source: 'nodes[certname] { cert' }], CONNECTION.name);
    const cell = notebook.cellAt(0).document;
    assert.equal(cell.uri.scheme, 'vscode-notebook-cell');
    const end = cell.positionAt(cell.getText().length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      cell.uri,
      end,
    );
    const labels = list.items.map((item) =>
      typeof item.label === 'string' ? item.label : item.label.label,
    );
    assert.ok(labels.includes('certname'), labels.join(', '));
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      cell.uri,
      new vscode.Position(0, 2),
    );
    assert.ok(hovers.length > 0, 'a hover on the entity');
  });

  it('a saved notebook keeps its outputs, and a file that is not one is refused', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'pqlbook-'));
    try {
      const file = join(folder, 'failed.pqlbook');
      await writeFile(
        file,
        JSON.stringify({ connection: CONNECTION.name, cells: [{ kind: 'pql', source: QUERY }] }),
      );
      const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.file(file));
      await vscode.window.showNotebookDocument(notebook);
      await execute(notebook, 0);
      const ran = await endedOutput(notebook.cellAt(0));
      // save() saves nothing (false) until the run's outputs have made the notebook dirty
      await until('the outputs to make the notebook dirty', () => notebook.isDirty);
      assert.ok(await notebook.save(), 'saved');
      const saved = parsePqlBook(await readFile(file, 'utf8'));
      assert.deepEqual(saved.cells[0]!.output!.rows, ran.rows);
      assert.equal(saved.cells[0]!.output!.connection, CONNECTION.name);

      const text = 'nodes[certname] {}\n';
      const broken = join(folder, 'broken.pqlbook');
      await writeFile(broken, text);
      await assert.rejects(
        Promise.resolve(vscode.workspace.openNotebookDocument(vscode.Uri.file(broken))),
        /not valid JSON/,
      );
      assert.equal(await readFile(broken, 'utf8'), text, 'nothing of it lost');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await rm(folder, { recursive: true, force: true });
    }
  });
});
