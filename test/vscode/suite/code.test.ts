/**
 * Puppet code and the fleet, inside a real VS Code on the sample control repository
 * (test/fixtures/control-repo, the workspace), against the real PuppetDB loaded with the fleet
 * whose catalogs point at it: a lens says what PuppetDB's own queries count, a hover on an
 * `include` says the same, and "Open Manifest" opens the line a resource was declared at.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { OpenedManifest } from '../../../src/extension/code/openManifest';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands } from '../../../src/extension/ids';
import type { ExplorerNode } from '../../../src/extension/tree/explorerNode';
import { generateFleet } from '../../fixtures/fleet/generate';
import { HOSTILE_LINK } from '../../fixtures/fleet/hostileText';
import { httpClient, testServer } from '../../integration/support/puppetdb';
import { until } from '../until';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'code-suite', name: 'Code suite PuppetDB' };
const DEAD = { id: 'code-suite-dead', name: 'Code suite PuppetDB (nothing listens)' };

const workspaceFile = (path: string) =>
  vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, path);

/** The lenses VS Code shows on a file, resolved, by 0-based line. */
async function lensTitles(path: string): Promise<Map<number, string>> {
  // VS Code's lens command takes open documents only
  await vscode.workspace.openTextDocument(workspaceFile(path));
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
    'vscode.executeCodeLensProvider',
    workspaceFile(path),
    1000,
  );
  return new Map(
    lenses
      .filter((lens) => lens.command?.command.startsWith('puppetdbExplorer.'))
      .map((lens) => [lens.range.start.line, lens.command!.title]),
  );
}

async function lineOf(path: string, text: string): Promise<number> {
  const document = await vscode.workspace.openTextDocument(workspaceFile(path));
  const line = document
    .getText()
    .split('\n')
    .findIndex((candidate) => candidate.includes(text));
  assert.ok(line >= 0, `${path} has "${text}"`);
  return line;
}

async function childByLabel(parent: ExplorerNode, label: string): Promise<ExplorerNode> {
  for (const child of await parent.getChildren()) {
    if (String((await child.toTreeItem()).label) === label) return child;
  }
  throw new Error(`no "${label}" under this node`);
}

describe('Code and fleet: lenses, hovers and Open Manifest', function () {
  let api: ExtensionApi;
  const server = testServer();
  const client = httpClient();

  /** PuppetDB's own answer: the active nodes holding Class[title], and how many of them failed. */
  async function classCounts(title: string): Promise<{ nodes: number; failed: number }> {
    const rows = (await client
      .stream('resources', {
        query: ['extract', ['certname'], ['and', ['=', 'type', 'Class'], ['=', 'title', title]]],
      })
      .toArray()) as Array<{ certname: string }>;
    const holders = new Set(rows.map((row) => row.certname));
    let failed = 0;
    for await (const node of client.nodes({ withStatus: true })) {
      if (holders.has(node.name) && node.statusReport === 'failed') failed++;
    }
    return { nodes: holders.size, failed };
  }

  const label = ({ nodes, failed }: { nodes: number; failed: number }) =>
    `on ${nodes === 1 ? '1 node' : `${nodes} nodes`} · ${failed === 0 ? 'none' : failed} failed in their last run`;

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

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it("a class's lens says on how many nodes it runs and how many failed, as PuppetDB counts", async function () {
    this.timeout(60_000);
    for (const [path, title] of [
      ['site-modules/profile/manifests/web.pp', 'Profile::Web'],
      ['site-modules/profile/manifests/base.pp', 'Profile::Base'],
      ['site-modules/role/manifests/db.pp', 'Role::Db'],
    ] as const) {
      const expected = await classCounts(title);
      assert.ok(expected.nodes > 0, `the fleet applies ${title}`);
      const line = await lineOf(path, `class ${title.toLowerCase()}`);
      assert.equal((await lensTitles(path)).get(line), label(expected), path);
    }
    assert.ok((await classCounts('Profile::Base')).failed > 0, 'some base nodes failed');
  });

  it('a defined type counts nodes, not instances; a node definition its certnames', async function () {
    this.timeout(60_000);
    const rows = (await client
      .stream('resources', { query: ['=', 'type', 'Profile::Account'] })
      .toArray()) as Array<{ certname: string }>;
    const holders = new Set(rows.map((row) => row.certname));
    assert.ok(rows.length > holders.size, 'nodes hold several accounts');
    let failed = 0;
    for await (const node of client.nodes({ withStatus: true })) {
      if (holders.has(node.name) && node.statusReport === 'failed') failed++;
    }
    const account = 'site-modules/profile/manifests/account.pp';
    const line = await lineOf(account, 'define profile::account');
    assert.equal((await lensTitles(account)).get(line), label({ nodes: holders.size, failed }));

    const web01 = (
      await client
        .nodes({ query: ['=', 'certname', 'web01.example.com'], withStatus: true })
        .toArray()
    )[0]!;
    const site = await lensTitles('manifests/site.pp');
    assert.equal(
      site.get(await lineOf('manifests/site.pp', "node 'web01.example.com'")),
      label({ nodes: 1, failed: web01.statusReport === 'failed' ? 1 : 0 }),
    );
    assert.equal(site.size, 1, 'regex and default node definitions get no lens');
  });

  it('a class nobody applies says "on no nodes"', async function () {
    this.timeout(60_000);
    const path = 'modules/legacy_app/manifests/init.pp';
    assert.equal((await classCounts('Legacy_app')).nodes, 0);
    assert.equal(
      (await lensTitles(path)).get(await lineOf(path, 'class legacy_app')),
      'on no nodes',
    );
  });

  it('a hover on an included class gives the same counts', async function () {
    this.timeout(60_000);
    const path = 'site-modules/role/manifests/web.pp';
    const line = await lineOf(path, 'include profile::ssh');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      workspaceFile(path),
      new vscode.Position(line, 14),
    );
    const text = hovers
      .flatMap((hover) => hover.contents)
      .map((content) => (typeof content === 'string' ? content : content.value))
      .join('\n')
      // MarkdownString.appendText escapes punctuation and keeps spaces as &nbsp;
      .replace(/&nbsp;/g, ' ')
      .replace(/\\/g, '');
    assert.ok(text.includes('Class[Profile::Ssh]'), text);
    assert.ok(text.includes(label(await classCounts('Profile::Ssh'))), text);
  });

  it('a connection that fails: the lens says "PuppetDB unreachable"', async function () {
    this.timeout(60_000);
    if (!api.services.store.get(DEAD.id)) {
      await addConnection({
        connection: { ...DEAD, url: 'http://127.0.0.1:9' },
      });
    }
    await api.services.statusBar.setActive(DEAD.id);
    try {
      const path = 'site-modules/profile/manifests/ntp.pp';
      const titles = await lensTitles(path);
      assert.equal(titles.get(await lineOf(path, 'class profile::ntp')), 'PuppetDB unreachable');
    } finally {
      await api.services.statusBar.setActive(CONNECTION.id);
    }
  });

  it("Open Manifest takes every manifest the fleet's catalogs name to its line in the control repo", async function () {
    this.timeout(120_000);
    // one resource per server file, from the generator itself (whatever the server holds); the
    // hostile-text node's one manifest path is in no repository, on purpose (a file name cannot
    // hold its link's ":" on every OS): inertText.test.ts shows its words
    const byFile = new Map<string, { type: string; title: string; file: string; line: number }>();
    for (const node of generateFleet({ size: 40 }).nodes) {
      for (const resource of node.catalog.resources) {
        if (resource.file?.includes(HOSTILE_LINK)) continue;
        if (resource.file && resource.line && resource.type !== 'Class') {
          byFile.set(resource.file, { ...resource, file: resource.file, line: resource.line });
        }
      }
    }
    assert.ok(byFile.size > 15, `${byFile.size} files`);
    for (const resource of byFile.values()) {
      const opened = await vscode.commands.executeCommand<OpenedManifest | undefined>(
        Commands.openManifest,
        { file: resource.file, line: resource.line },
      );
      assert.ok(opened, resource.file);
      const relative = resource.file.replace(/^\/etc\/puppetlabs\/code\/environments\/\w+\//, '');
      assert.equal(opened.uri, workspaceFile(relative).toString());
      const editor = vscode.window.activeTextEditor!;
      assert.equal(editor.document.uri.toString(), opened.uri);
      assert.equal(editor.selection.active.line, resource.line - 1);
      const declaration = editor.document.lineAt(resource.line - 1).text;
      assert.ok(
        declaration.trimStart().replace(/^@@/, '').startsWith(`${resource.type.toLowerCase()} {`),
        `${relative}:${resource.line} declares ${resource.type}: ${declaration}`,
      );
    }
  });

  it('Open Manifest on a resource of the tree opens the line that declares it', async function () {
    this.timeout(90_000);
    const root = (await api.services.explorer.getChildren()).find(
      (node) => (node as { connection?: { id: string } }).connection?.id === CONNECTION.id,
    );
    assert.ok(root);
    const node = await childByLabel(await childByLabel(root, 'Nodes'), 'web02.example.com');
    const services = await childByLabel(await childByLabel(node, 'Resources'), 'Service');
    const nginx = await childByLabel(services, 'nginx');
    const opened = await vscode.commands.executeCommand<OpenedManifest | undefined>(
      Commands.openManifest,
      nginx,
    );
    assert.ok(opened, 'the manifest opened');
    const expected = workspaceFile('site-modules/profile/manifests/web.pp');
    assert.equal(opened.uri, expected.toString());
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.toString(), expected.toString());
    assert.equal(editor.selection.active.line, opened.line - 1);
    assert.equal(editor.document.lineAt(opened.line - 1).text.trim(), "service { 'nginx':");
  });

  it("the catalog graph's file:line opens the manifest; a resource it does not hold opens nothing", async function () {
    this.timeout(90_000);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const target = { connectionId: CONNECTION.id, certname: 'web02.example.com' };
    await until(
      'the graph panel is open',
      async () => {
        const state = await vscode.commands.executeCommand<{ drawn?: unknown } | undefined>(
          Commands.openCatalogGraph,
          target,
        );
        return state?.drawn !== undefined;
      },
      45_000,
    );
    assert.equal(
      await api.receiveFromWebview('graph', {
        type: 'openManifest',
        resource: 'File[/etc/passwd]',
      }),
      'handled',
    );
    assert.equal(vscode.window.activeTextEditor, undefined, 'nothing opened');
    assert.equal(
      await api.receiveFromWebview('graph', { type: 'openManifest', resource: 'Cron[backup]' }),
      'handled',
    );
    const editor = await until('the manifest is open', () => vscode.window.activeTextEditor);
    assert.ok(editor.document.uri.path.endsWith('/site-modules/profile/manifests/base.pp'));
    assert.match(
      editor.document.lineAt(editor.selection.active.line).text,
      /^\s*cron \{ 'backup':/,
    );
  });
});
