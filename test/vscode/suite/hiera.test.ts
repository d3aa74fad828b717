/**
 * Hiera and the fleet, inside a real VS Code on the sample control repository (its hiera.yaml and
 * data/), against the real PuppetDB loaded with the fleet: each answer the extension gives (the
 * "read by N nodes" lens with its split per environment, the nodes it lists, a node's lookup
 * order, a key on a node, a key across the fleet) is compared with what this test computes itself
 * from every node's whole facts (PuppetDB's inventory, one row per node) and the files as they
 * are on disk. The test reuses the pure engine (src/shared/hiera, unit tested on its own): what
 * is checked here is the extension's reading of the fleet and of the workspace, and its wiring.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Node } from '../../../src/client';
import type { ExtensionApi } from '../../../src/extension/extension';
import type { FleetLookup, NodeLookup } from '../../../src/extension/hiera/hieraAnswers';
import type { HieraLookupInfo, LookupOrderInfo } from '../../../src/extension/hiera/hieraFeature';
import { Commands } from '../../../src/extension/ids';
import { hieraExpectations, type HieraExpectations } from '../../support/hieraExpectations';
import { httpClient, testServer } from '../../integration/support/puppetdb';
import { addConnection } from '../testingApi';
import { until } from '../until';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'hiera-suite', name: 'Hiera suite PuppetDB' };

const folder = () => vscode.workspace.workspaceFolders![0]!;
const workspaceFile = (path: string) => vscode.Uri.joinPath(folder().uri, path);

async function lensTitle(path: string): Promise<string | undefined> {
  // VS Code's lens command takes open documents only
  await vscode.workspace.openTextDocument(workspaceFile(path));
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
    'vscode.executeCodeLensProvider',
    workspaceFile(path),
    1000,
  );
  return lenses.find((lens) => lens.command?.command === Commands.showHieraReaders)?.command?.title;
}

describe('Hiera and the fleet: data file lenses, lookup order and key lookups', function () {
  const server = testServer();
  let expected: HieraExpectations;

  before(async function () {
    this.timeout(60_000);
    const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
    const api = await extension.activate();
    if (!api.services.store.get(CONNECTION.id)) {
      await addConnection({
        connection: { ...CONNECTION, url: `http://${server.host}:${server.httpPort}` },
      });
    }
    await api.services.statusBar.setActive(CONNECTION.id);
    expected = await hieraExpectations(folder().uri.fsPath, httpClient());
    assert.ok(expected.scopes.length >= 10, 'the fleet is loaded');
  });

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('says on every data file how many nodes read it, per environment, as their facts select it', async function () {
    this.timeout(120_000);
    const { scopes, present } = expected;
    const readers = expected.readers();
    const levelsRead = new Set(
      scopes.flatMap((scope) =>
        expected
          .candidates(scope)
          .filter((candidate) => candidate.present)
          .map((candidate) => candidate.level),
      ),
    );
    assert.ok(
      levelsRead.size >= 4,
      `the fleet reads several levels: ${[...levelsRead].join(', ')}`,
    );
    assert.ok(new Set(scopes.map((scope) => scope.environment)).size >= 2, 'several environments');
    const common = [...present].find((path) => path.endsWith('/common.yaml'));
    assert.ok(common && readers.get(common)!.length === scopes.length, 'every node reads common');
    for (const path of present) {
      assert.equal(await lensTitle(path), expected.readersLabel(readers.get(path)!), path);
    }
  });

  it('lists the nodes that read a data file when its lens is clicked', async function () {
    this.timeout(60_000);
    const sample = [...expected.readers()]
      .filter(([, certnames]) => certnames.length > 0 && certnames.length < expected.scopes.length)
      .slice(0, 3);
    assert.ok(sample.length > 0, 'some data files are read by some nodes only');
    for (const [path, certnames] of sample) {
      const listed = await vscode.commands.executeCommand<readonly Node[] | undefined>(
        Commands.showHieraReaders,
        { connectionId: CONNECTION.id, file: workspaceFile(path).toString() },
      );
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.ok(listed, path);
      assert.deepEqual(listed.map((node) => node.name).sort(), [...certnames].sort(), path);
    }
  });

  it('takes no file but a data file of the workspace from an argument', async function () {
    const notData = [
      vscode.Uri.file('/etc/passwd').toString(),
      workspaceFile('manifests/site.pp').toString(),
      workspaceFile('../hiera.yaml').toString(),
    ];
    for (const file of notData) {
      const listed = await vscode.commands.executeCommand(Commands.showHieraReaders, {
        connectionId: CONNECTION.id,
        file,
      });
      assert.equal(listed, undefined, file);
      const looked = await vscode.commands.executeCommand(Commands.lookUpKeyAcrossFleet, {
        connectionId: CONNECTION.id,
        file,
        key: 'x',
      });
      assert.equal(looked, undefined, file);
    }
  });

  it("lists a node's data files in lookup order, present or missing, as its facts pick them", async function () {
    this.timeout(60_000);
    for (const scope of expected.scopes.slice(0, 5)) {
      const info = await vscode.commands.executeCommand<LookupOrderInfo | undefined>(
        Commands.hieraLookupOrder,
        { connectionId: CONNECTION.id, certname: scope.certname },
      );
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.ok(info, scope.certname);
      assert.equal(info.environment, scope.environment);
      assert.deepEqual(info.candidates, expected.candidates(scope), scope.certname);
    }
  });

  it('looks a key up on a node: the winning value, its files and the merge, as its facts decide', async function () {
    this.timeout(180_000);
    const keys = expected.keys();
    assert.ok(keys.length >= 3, `the fixture has keys: ${keys.join(', ')}`);
    for (const scope of expected.scopes.slice(0, 3)) {
      for (const key of keys) {
        const info = await vscode.commands.executeCommand<HieraLookupInfo<NodeLookup> | undefined>(
          Commands.lookUpKeyOnNode,
          { connectionId: CONNECTION.id, certname: scope.certname, key },
        );
        assert.ok(info, `${scope.certname} ${key}`);
        const { found, value, from, merge, encrypted } = expected.lookup(scope, key);
        const answer = info.lookup.answer;
        assert.deepEqual(
          {
            found: answer.found,
            value: answer.value,
            from: answer.from,
            merge: answer.merge,
            encrypted: answer.encrypted,
          },
          { found, value, from, merge, encrypted },
          `${scope.certname} ${key}`,
        );
        const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(info.document));
        assert.match(document.getText(), /YAML and JSON backends/);
      }
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('looks a key up across the fleet: which nodes get which value', async function () {
    this.timeout(180_000);
    const anyDataFile = workspaceFile([...expected.present][0]!).toString();
    for (const key of expected.keys()) {
      const info = await vscode.commands.executeCommand<HieraLookupInfo<FleetLookup> | undefined>(
        Commands.lookUpKeyAcrossFleet,
        { connectionId: CONNECTION.id, file: anyDataFile, key },
      );
      assert.ok(info, key);
      const want = new Map<string, string[]>();
      for (const scope of expected.scopes) {
        const answer = expected.lookup(scope, key, true);
        const id = answer.found ? JSON.stringify(answer.value) : '(not found)';
        want.set(id, [...(want.get(id) ?? []), scope.certname]);
      }
      const got = new Map(
        info.lookup.groups.map((group) => [
          group.found ? JSON.stringify(group.value) : '(not found)',
          [...group.certnames].sort(),
        ]),
      );
      assert.deepEqual(got, new Map([...want].map(([id, names]) => [id, names.sort()])), key);
      assert.equal(info.lookup.nodes, expected.scopes.length);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('counts again when a data file appears', async function () {
    this.timeout(60_000);
    const scope = expected.scopes[0]!;
    const perNode = expected.config.levels.find((level) =>
      level.paths.some((template) => template.includes('trusted.certname')),
    );
    assert.ok(perNode, 'the hierarchy has a per-node level');
    const candidate = expected
      .candidates(scope)
      .find((file) => file.level === perNode.name && !file.present);
    if (!candidate) this.skip();
    const uri = workspaceFile(candidate.path);
    await vscode.workspace.fs.writeFile(
      uri,
      new TextEncoder().encode('---\nhiera_suite::probe: 1\n'),
    );
    try {
      const label = `read by 1 node (${scope.environment} 1)`;
      await until('the new file gets its lens', async () =>
        (await lensTitle(candidate.path)) === label ? true : undefined,
      );
    } finally {
      await vscode.workspace.fs.delete(uri);
    }
  });
});
