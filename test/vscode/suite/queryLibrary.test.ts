/**
 * The Queries view in a real VS Code, against the real PuppetDB of this run: it lists the
 * workspace's queries (grouped by folder, described by their leading comment, their text inert)
 * and follows the files; a starter and a workspace file run through the PQL run path on the
 * connection they name; Puppetboard's presets import (invalid entries named, nothing replaced
 * without asking); removing asks first, naming the query; a broken library file is said and left
 * as it was; a command's argument only picks a query the view lists.
 */
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { connect } from '../../../src/client';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands, ContextValues } from '../../../src/extension/ids';
import { INERT_JOINER } from '../../../src/extension/inertText';
import type { RunOutcome } from '../../../src/extension/pql/resultsPanel';
import { testServer } from '../../integration/support/puppetdb';
import { addConnection } from '../testingApi';
import { until } from '../until';
import { answerWarnings } from '../warnings';

const CONNECTION = { id: 'query-library-tests', name: 'Query library tests' };
const OTHER = { id: 'query-library-other', name: 'Library elsewhere' };
const HOSTILE = '[click](command:workbench.action.quit) $(alert)';

/**
 * Answers the input boxes of one step with `answers`, in order (undefined: dismissed), and
 * records what each asked; `vscode.window.showInputBox` is itself again after `restore()`.
 */
function answerInputBoxes(answers: Array<string | undefined>): {
  asked: vscode.InputBoxOptions[];
  restore(): void;
} {
  const window = vscode.window as { showInputBox: (options?: vscode.InputBoxOptions) => unknown };
  const original = window.showInputBox;
  const asked: vscode.InputBoxOptions[] = [];
  window.showInputBox = (options?: vscode.InputBoxOptions) => {
    asked.push(options ?? {});
    return Promise.resolve(answers[asked.length - 1]);
  };
  return { asked, restore: () => (window.showInputBox = original) };
}

describe('Query library', function () {
  let extension: ExtensionApi;
  const server = testServer();
  const client = connect({ host: server.host, port: server.httpPort });
  const workspace = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const folder = join(workspace, 'queries-under-test');
  let presetsDir: string;

  const items = () => extension.queries.items();
  /** The view's item whose label (as shown) is `label`, under `path`. */
  async function itemNamed(label: string, path?: string[]) {
    return (await items()).find(
      (entry) =>
        String(entry.item.label).replaceAll(INERT_JOINER, '') === label &&
        (path === undefined || entry.path.join('/') === path.join('/')),
    );
  }
  const keyOf = (item: vscode.TreeItem) => ({ key: item.id });

  before(async () => {
    extension = (await vscode.extensions
      .getExtension<ExtensionApi>('puppetdb-explorer.puppetdb-explorer')!
      .activate())!;
    for (const connection of [CONNECTION, OTHER]) {
      await addConnection({
        connection: { ...connection, url: `http://${server.host}:${server.httpPort}` },
        secrets: {},
      });
    }
    await vscode.commands.executeCommand(Commands.switchConnection, CONNECTION.id);
    await rm(extension.queries.libraryFile.fsPath, { force: true });
    await mkdir(join(folder, 'ops'), { recursive: true });
    presetsDir = await mkdtemp(join(tmpdir(), 'pdbx-presets-'));
  });

  after(async () => {
    await rm(folder, { recursive: true, force: true });
    await rm(presetsDir, { recursive: true, force: true });
    await client.disconnect();
    // the view shown at the end of the run (the run's last screenshot)
    await vscode.commands.executeCommand('puppetdbExplorer.queries.focus');
  });

  it('lists the workspace queries by folder with their leading comments, inert, and follows the files', async () => {
    await writeFile(
      join(folder, 'ops', 'failed.pql'),
      `# Failed nodes of production\n# @connection ${OTHER.name}\nnodes[certname] { latest_report_status = "failed" }\n`,
    );
    await writeFile(join(folder, 'hostile.pql'), `# ${HOSTILE}\nnodes[certname] {}\n`);
    await writeFile(
      join(folder, 'runbook.pqlbook'),
      JSON.stringify({
        format: 'pqlbook',
        version: 1,
        cells: [
          { kind: 'pql', source: 'nodes[certname] {}' },
          { kind: 'markdown', source: '# On-call runbook\nStart here.' },
        ],
      }),
    );
    const failed = await until('the new file listed', () =>
      itemNamed('failed.pql', ['Workspace', 'queries-under-test/ops']),
    );
    assert.equal(failed.item.description, 'Failed nodes of production');
    assert.equal(failed.item.contextValue, ContextValues.queryFile);
    const notebook = await until('the notebook listed', () => itemNamed('runbook.pqlbook'));
    assert.equal(notebook.item.description, 'On-call runbook Start here.');
    assert.equal(notebook.item.contextValue, ContextValues.queryNotebook);
    assert.ok(await itemNamed('sample.pql', ['Workspace']), 'the fixture’s own file, at the top');
    const hostile = (await itemNamed('hostile.pql'))!;
    const description = String(hostile.item.description);
    assert.notEqual(description, HOSTILE);
    assert.equal(description.replaceAll(INERT_JOINER, ''), HOSTILE);
    assert.ok(!description.includes('](') && !description.includes('$('));

    const starters = (await items()).filter((entry) => entry.path[0] === 'Starter Queries');
    assert.ok(starters.length >= 10);
    assert.ok(starters.every((entry) => entry.item.contextValue === ContextValues.starterQuery));

    await rm(join(folder, 'hostile.pql'));
    await until(
      'the deleted file gone from the view',
      async () => !(await itemNamed('hostile.pql')),
    );
  });

  it('runs a starter and a workspace file through the PQL run path, on the connection a file names', async () => {
    const failedNodes = (await client.query('pql', {
      query: 'nodes[certname] { latest_report_status = "failed" }',
    })) as unknown[];
    const starter = (await itemNamed('Failed nodes', ['Starter Queries']))!;
    const outcome = await vscode.commands.executeCommand<RunOutcome>(
      Commands.runSavedQuery,
      keyOf(starter.item),
    );
    assert.equal(outcome?.state, 'done');
    assert.equal(outcome.rows, failedNodes.length);
    assert.equal(extension.pqlResults()?.connectionName, CONNECTION.name);

    const file = (await itemNamed('failed.pql'))!;
    const fromFile = await vscode.commands.executeCommand<RunOutcome>(
      Commands.runSavedQuery,
      keyOf(file.item),
    );
    assert.equal(fromFile?.state, 'done');
    assert.equal(fromFile.rows, failedNodes.length);
    assert.equal(
      extension.pqlResults()?.connectionName,
      OTHER.name,
      'its # @connection line, by name',
    );

    const copied = await vscode.commands.executeCommand<string>(
      Commands.copySavedQuery,
      keyOf(starter.item),
    );
    assert.equal(await vscode.env.clipboard.readText(), copied);
    assert.match(copied, /latest_report_status = "failed"/);
  });

  it('asks a starter its values (checked), and adds a file or a starter to the library under the name and folder given', async () => {
    const hours = 12;
    const since = Date.now() - hours * 3_600_000;
    const nodes = (await client.query('nodes')) as Array<{ report_timestamp: string | null }>;
    const silent = nodes.filter(
      (node) => node.report_timestamp === null || Date.parse(node.report_timestamp) < since,
    );
    const starter = (await itemNamed('Nodes not reporting', ['Starter Queries']))!;
    const asked = answerInputBoxes([String(hours)]);
    let outcome;
    try {
      outcome = await vscode.commands.executeCommand<RunOutcome>(Commands.runSavedQuery, {
        entry: { key: starter.item.id },
      });
    } finally {
      asked.restore();
    }
    assert.equal(outcome?.state, 'done');
    assert.equal(outcome.rows, silent.length);
    assert.equal(asked.asked[0]!.value, '2', 'its default offered');
    assert.ok(asked.asked[0]!.validateInput!('two'), 'a value that is not hours refused');
    assert.equal(asked.asked[0]!.validateInput!('12'), undefined);

    const file = (await itemNamed('failed.pql'))!;
    const naming = answerInputBoxes(['Failed, from the file', 'Mine']);
    try {
      await vscode.commands.executeCommand(Commands.addToQueryLibrary, {
        entry: { key: file.item.id },
      });
    } finally {
      naming.restore();
    }
    assert.equal(naming.asked[0]!.value, 'failed', 'the file’s name offered');
    const added = await until('the added file in the library', () =>
      itemNamed('Failed, from the file', ['My Library', 'Mine']),
    );
    assert.equal(added.item.description, 'Failed nodes of production');
    const ran = await vscode.commands.executeCommand<RunOutcome>(
      Commands.runSavedQuery,
      keyOf(added.item),
    );
    assert.equal(ran?.state, 'done');
    assert.equal(
      extension.pqlResults()?.connectionName,
      OTHER.name,
      'the file’s # @connection line came along',
    );

    // the same name again: asked first, and declining changes nothing
    const again = answerInputBoxes(['failed, FROM the file', 'mine']);
    const declined = answerWarnings(undefined);
    try {
      assert.equal(
        await vscode.commands.executeCommand(Commands.addToQueryLibrary, {
          entry: { key: (await itemNamed('Failed nodes', ['Starter Queries']))!.item.id },
        }),
        undefined,
      );
    } finally {
      again.restore();
      declined.restore();
    }
    assert.equal(declined.asked.length, 1);
    assert.equal(declined.asked[0]!.modal, true);
    const library = JSON.parse(await readFile(extension.queries.libraryFile.fsPath, 'utf8')) as {
      queries: Array<{ name: string; query: string }>;
    };
    const mine = library.queries.filter(
      (query) => query.name.toLowerCase() === 'failed, from the file',
    );
    assert.equal(mine.length, 1);
    assert.match(mine[0]!.query, /@connection/);
  });

  it('imports Puppetboard presets: invalid ones named, the rest kept, a clash replaced only when the user says', async () => {
    const path = join(presetsDir, 'query_presets.yaml');
    await writeFile(
      path,
      `- name: "Failed Nodes"
  description: "Nodes with failed runs"
  query: 'nodes[certname] { latest_report_status = "failed" }'
  endpoint: pql
  raw_json: false
- name: "${HOSTILE}"
  query: |
    nodes[count(), catalog_environment] {
      group by catalog_environment
    }
- name: "AST - Ubuntu"
  query: '"=", "facts.os.name", "Ubuntu"'
  endpoint: nodes
- description: no name
  query: nodes {}
`,
    );
    const warnings = answerWarnings(undefined);
    let first;
    try {
      first = await extension.queries.importPresets(path);
    } finally {
      warnings.restore();
    }
    assert.deepEqual(first?.imported, ['Failed Nodes', HOSTILE]);
    assert.deepEqual(
      first.skipped.map((problem) => problem.position),
      [3, 4],
    );
    assert.match(
      warnings.asked[0]!.message,
      /Imported 2 presets.*2 skipped.*#3 “AST - Ubuntu”.*#4/,
    );
    const imported = await until('the presets in the view', () =>
      itemNamed('Failed Nodes', ['My Library', 'query_presets.yaml']),
    );
    assert.equal(imported.item.description, 'Nodes with failed runs');
    assert.equal(imported.item.contextValue, ContextValues.libraryQuery);
    const outcome = await vscode.commands.executeCommand<RunOutcome>(
      Commands.runSavedQuery,
      keyOf(imported.item),
    );
    assert.equal(outcome?.state, 'done');

    // again, with a changed query: asked first, naming the clashes; kept, then replaced
    await writeFile(path, `- name: failed nodes\n  query: nodes[certname] { limit 1 }\n`);
    for (const [answer, expected] of [
      ['Keep Mine', 'nodes[certname] { latest_report_status = "failed" }'],
      ['Replace Them', 'nodes[certname] { limit 1 }'],
    ] as const) {
      const asked = answerWarnings(answer);
      try {
        await extension.queries.importPresets(path);
      } finally {
        asked.restore();
      }
      assert.equal(asked.asked[0]!.modal, true);
      assert.match(asked.asked[0]!.message, /1 of these presets .* Replace them\?/);
      assert.equal(asked.asked[0]!.detail, 'Failed Nodes');
      const file = JSON.parse(await readFile(extension.queries.libraryFile.fsPath, 'utf8')) as {
        queries: Array<{ name: string; query: string }>;
      };
      const kept = file.queries.filter((query) => query.name.toLowerCase() === 'failed nodes');
      assert.deepEqual(
        kept.map((query) => query.query),
        [expected],
        answer,
      );
    }
  });

  it('removes a library query only once the user says yes to a question naming it', async () => {
    const entry = (await itemNamed(HOSTILE, ['My Library', 'query_presets.yaml']))!;
    const declined = answerWarnings(undefined);
    try {
      await vscode.commands.executeCommand(Commands.removeFromQueryLibrary, keyOf(entry.item));
    } finally {
      declined.restore();
    }
    assert.equal(declined.asked.length, 1);
    assert.equal(declined.asked[0]!.modal, true);
    assert.ok(declined.asked[0]!.message.replaceAll(INERT_JOINER, '').includes(HOSTILE));
    assert.ok(await itemNamed(HOSTILE), 'still there');
    const accepted = answerWarnings('Remove');
    try {
      await vscode.commands.executeCommand(Commands.removeFromQueryLibrary, keyOf(entry.item));
    } finally {
      accepted.restore();
    }
    await until('the removed query gone', async () => !(await itemNamed(HOSTILE)));
  });

  it('a broken library file is said in the view and left as it was; nothing is imported into it', async () => {
    const file = extension.queries.libraryFile.fsPath;
    const good = await readFile(file, 'utf8');
    const broken = `${good.slice(0, 40)} not json`;
    await writeFile(file, broken);
    try {
      const problem = await until('the problem shown', () =>
        itemNamed('Your query library could not be read'),
      );
      assert.match(String(problem.item.description), /not valid JSON/);
      const path = join(presetsDir, 'more.yaml');
      await writeFile(path, '- name: Another\n  query: nodes {}\n');
      assert.equal(await extension.queries.importPresets(path), undefined);
      assert.equal(await readFile(file, 'utf8'), broken, 'the file untouched');
    } finally {
      await writeFile(file, good);
    }
    await until('the library back', () => itemNamed('failed nodes'));
  });

  it('a command argument only picks a query the view lists, never a file', async () => {
    for (const argument of [
      { key: `file:${vscode.Uri.file('/etc/passwd').toString()}` },
      { key: 'starter:no-such-starter' },
      { uri: vscode.Uri.file(join(folder, 'ops', 'failed.pql')).toString() },
      'failed.pql',
    ]) {
      assert.equal(
        await vscode.commands.executeCommand(Commands.copySavedQuery, argument),
        undefined,
        JSON.stringify(argument),
      );
    }
  });
});
