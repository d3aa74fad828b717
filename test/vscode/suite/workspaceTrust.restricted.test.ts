/**
 * Restricted Mode, in a real VS Code with workspace trust on, on a hostile workspace
 * (test/fixtures/untrusted-workspace): its settings redefine one of the user's connection ids
 * with a URL of a recording server (PDBX_RECORDER, started by runInVsCode.ts), and its .pql file
 * routes a query to another of the user's connections. Browsing works; nothing the workspace
 * says chooses where the user's secrets or the workspace's text go.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands, ContextValues, Notebooks, PqlLanguageId } from '../../../src/extension/ids';
import { CellConnectionStatusBar } from '../../../src/extension/notebook/cellStatusBar';
import { savedOutput } from '../../../src/extension/notebook/notebookOutput';
import { ReadOnlyUntilTrusted } from '../../../src/extension/notebook/readOnlyUntilTrusted';
import { formatPqlBook } from '../../../src/shared/notebook/pqlBook';
import { SETTING_DEFAULTS } from '../../../src/extension/settingDefaults';
import type { ExplorerNode } from '../../../src/extension/tree/explorerNode';
import { loadedFleet, testServer } from '../../integration/support/puppetdb';
import { recordedAt, type RecordedRequest } from '../recorder';
import { until } from '../until';
import { openUntitledPql } from '../untitledPql';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
/** The id the hostile workspace redefines (imported connections are named conf-<host>). */
const PRODUCTION = 'conf-puppetdb.example.com';
const SCRATCH = 'scratch';
const USER_TOKEN = 'the-users-own-token';

describe('Restricted Mode: a hostile workspace', function () {
  let api: ExtensionApi;
  const recorder = process.env.PDBX_RECORDER!;
  const server = testServer();
  const folder = () => vscode.workspace.workspaceFolders![0]!.uri;
  const recorded = (): Promise<RecordedRequest[]> => recordedAt(recorder);

  before(async () => {
    assert.ok(recorder, 'runInVsCode.ts passes the recording server as PDBX_RECORDER');
    assert.equal(vscode.workspace.isTrusted, false, 'this run is in Restricted Mode');
    api = await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
    // the user's own connections, as the Add Connection form saves them
    await addConnection({
      connection: {
        id: PRODUCTION,
        name: 'Production PuppetDB',
        url: `http://${server.host}:${server.httpPort}`,
      },
      secrets: { token: USER_TOKEN },
    });
    await addConnection({
      connection: { id: SCRATCH, name: 'Scratch PuppetDB', url: `${recorder}/user-scratch` },
      secrets: {},
    });
    await vscode.commands.executeCommand(Commands.switchConnection, SCRATCH);
  });

  it("ignores the workspace's connections: only the user's are listed, with the user's URLs", async () => {
    const listed = api.services.store.list().map(({ id, url }) => ({ id, url }));
    assert.deepEqual(listed, [
      { id: PRODUCTION, url: `http://${server.host}:${server.httpPort}` },
      { id: SCRATCH, url: `${recorder}/user-scratch` },
    ]);
    const roots = await api.services.explorer.getChildren();
    const names = await Promise.all(roots.map(async (root) => (await root.toTreeItem()).label));
    assert.deepEqual(names, ['Production PuppetDB', 'Scratch PuppetDB']);
  });

  it("follows none of the workspace's path mappings or bounds, nor the user's mappings until trust", async () => {
    const { settings } = api.services;
    // the workspace's settings widen both; restrictedConfigurations keeps their user values
    assert.equal(settings.resultLimits().maxRows, SETTING_DEFAULTS['pql.maxRows']);
    assert.equal(settings.maxEvents(), SETTING_DEFAULTS['events.maxEvents']);
    assert.deepEqual(settings.codePathMappings(), {});
    const configuration = vscode.workspace.getConfiguration('puppetdbExplorer');
    await configuration.update(
      'code.pathMappings',
      { '/srv/puppet/site-modules': 'site-modules' },
      vscode.ConfigurationTarget.Global,
    );
    try {
      assert.deepEqual(settings.codePathMappings(), {}, "the user's mapping before trust");
    } finally {
      await configuration.update('code.pathMappings', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('tells the user once that the workspace tried to define connections', async () => {
    const state = api.services.context.workspaceState;
    await until('the notice at activation', () =>
      state.get<boolean>('workspaceConnectionsNoticeShown'),
    );
    const again = await api.services.workspaceConnections.check();
    assert.equal(again.told, false, 'told once per workspace');
    assert.deepEqual(
      again.files.map((uri) => uri.toString()),
      [vscode.Uri.joinPath(folder(), '.vscode', 'settings.json').toString()],
    );
  });

  it("browsing works, and the user's token never goes to the workspace's URL", async () => {
    await vscode.commands.executeCommand(Commands.switchConnection, PRODUCTION);
    const [production] = await api.services.explorer.getChildren();
    const nodesFolder = (await production!.getChildren())[0]!;
    const nodes: ExplorerNode[] = await nodesFolder.getChildren();
    await vscode.commands.executeCommand(Commands.switchConnection, SCRATCH);
    const requests = await recorded();
    assert.deepEqual(
      requests.filter((request) => request.path.startsWith('/workspace-')),
      [],
      "a request went to the workspace's URL",
    );
    assert.deepEqual(
      requests.filter((request) => request.headers['x-authentication'] !== undefined),
      [],
    );
    const first = await nodes[0]!.toTreeItem();
    assert.equal(first.contextValue, ContextValues.node);
    assert.ok(loadedFleet().nodes.some((node) => node.certname === first.label));
  });

  it('an opened .pql file of the workspace is not checked by the server (ast_only) until the workspace is trusted', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'routing.pql');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const astOnly = (requests: RecordedRequest[]) =>
      requests.filter((request) => request.path.includes('ast_only'));
    await until(
      'the check to be held back, or sent',
      async () =>
        api.services.trust?.held().includes(`ast_only check of ${uri.toString()}`) ||
        astOnly(await recorded()).length > 0,
    );
    assert.deepEqual(astOnly(await recorded()), []);
  });

  it("reads none of the workspace's Hiera data: no lens on a data file, and the Hiera commands wait for trust", async () => {
    await vscode.commands.executeCommand(Commands.switchConnection, PRODUCTION);
    try {
      const uri = vscode.Uri.joinPath(folder(), 'data/common.yaml');
      await vscode.workspace.openTextDocument(uri);
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        uri,
        1000,
      );
      assert.deepEqual(
        lenses.filter((lens) => lens.command?.command === Commands.showHieraReaders),
        [],
      );
      const certname = loadedFleet().nodes[0]!.certname;
      const answer = await vscode.commands.executeCommand(Commands.lookUpKeyOnNode, {
        connectionId: PRODUCTION,
        certname,
        key: 'workspace::key',
      });
      assert.equal(answer, undefined);
      assert.ok(api.services.trust.held().includes('Look Up a Key on This Node (Hiera)'));
      const across = await vscode.commands.executeCommand(Commands.lookUpKeyAcrossFleet, {
        connectionId: PRODUCTION,
        file: uri.toString(),
        key: 'workspace::key',
      });
      assert.equal(across, undefined);
    } finally {
      await vscode.commands.executeCommand(Commands.switchConnection, SCRATCH);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('"# @connection" is not followed: the query does not run, and the user is told why', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'routing.pql');
    const document = await vscode.workspace.openTextDocument(uri);
    const offset = document.getText().indexOf('nodes[certname] { limit 2 }');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      uri,
    );
    const outcome = await vscode.commands.executeCommand(Commands.runQuery, {
      uri: uri.toString(),
      offset,
    });
    assert.equal(outcome, undefined, 'the query ran on the connection the file named');
    const titles = lenses.map((lens) => lens.command?.title ?? '');
    assert.equal(titles[0], '▶ Run on Scratch PuppetDB');
    assert.match(
      titles[1]!,
      /Restricted Mode: "# @connection Production PuppetDB" is not followed/,
    );
  });

  it('"# @connection" is not followed by a fact\'s hover either: no link, and the user is told why', async () => {
    const document = await openUntitledPql(
      '# @connection Production PuppetDB\nfacts[certname, value] { name = "role" }\n',
    );
    const hover = async () =>
      (
        await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          document.uri,
          new vscode.Position(1, 34),
        )
      )
        .flatMap((item) => item.contents.map((part) => (part as vscode.MarkdownString).value))
        .join('\n')
        // the file's words are appended as text: MarkdownString.appendText keeps spaces as &nbsp;
        .replace(/&nbsp;/g, ' ');
    await until('the hover of a fact name', async () => (await hover()).length > 0);
    const text = await hover();
    assert.doesNotMatch(text, /command:/, 'the hover links to the connection the file named');
    assert.match(text, /Restricted Mode: "\\# @connection Production PuppetDB" is not followed/);
  });

  it("the user's own Run Query of a workspace .pql runs on the active connection", async () => {
    const uri = vscode.Uri.joinPath(folder(), 'routing.pql');
    const outcome = await vscode.commands.executeCommand<{ state: string }>(Commands.runQuery, {
      uri: uri.toString(),
      offset: 0,
    });
    assert.equal(outcome?.state, 'error', 'the scratch server answers 401');
    const sent = (await recorded()).filter((request) =>
      request.path.startsWith('/user-scratch/pdb/query/v4'),
    );
    assert.ok(sent.length > 0, 'the query went to the active (scratch) connection');
    assert.deepEqual(
      (await recorded()).filter((request) => request.path.startsWith('/workspace-')),
      [],
    );
  });

  it('a PQL notebook file opens with its saved outputs, read-only until the workspace is trusted', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'pqlbook-restricted-'));
    const saved = [{ certname: 'saved.example.com' }];
    try {
      const file = join(folder, 'runbook.pqlbook');
      await writeFile(
        file,
        formatPqlBook({
          connection: 'Production PuppetDB',
          cells: [{ kind: 'pql', source: 'nodes[certname] {}', output: { rows: saved } }],
        }),
      );
      const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.file(file));
      await vscode.window.showNotebookDocument(notebook);
      assert.deepEqual(savedOutput(notebook.cellAt(0).outputs)?.rows, saved, 'its saved outputs');
      // what the extension's own guard does as the editor becomes active, waited for here
      const guard = new ReadOnlyUntilTrusted(api.services);
      await guard.whenSettled();
      guard.dispose();
      await vscode.commands.executeCommand('notebook.cell.insertCodeCellBelow');
      assert.equal(notebook.cellCount, 1, 'no cell added: the notebook is read-only');
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("a PQL notebook's cells say the connection they would run on, and that they wait for trust", async () => {
    const data = new vscode.NotebookData([
      new vscode.NotebookCellData(
        vscode.NotebookCellKind.Code,
        'nodes[certname] {}',
        PqlLanguageId,
      ),
    ]);
    data.metadata = { connection: 'Production PuppetDB' };
    const notebook = await vscode.workspace.openNotebookDocument(Notebooks.type, data);
    // (running it is VS Code's own trust prompt: the controller is not called before trust)
    const [item] = new CellConnectionStatusBar(api.services).provideCellStatusBarItems(
      notebook.cellAt(0),
    );
    assert.match(item!.text, /Restricted Mode: would run on Production PuppetDB$/);
  });
});
