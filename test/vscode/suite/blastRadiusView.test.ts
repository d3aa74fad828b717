/**
 * The Blast Radius view inside a real VS Code: "Show Blast Radius of Change…" on a real git
 * repository of the sample control repository (a working-tree change to profile::base), against
 * the real PuppetDB. The panel shows the nodes PuppetDB gives for the change (read here with
 * plain PQL); its command takes only a scope git reads as revisions and a repository the git
 * extension has open; its page may ask only what the view offers, and opens only a changed file
 * inside the repository.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { BlastRadiusPanelInfo } from '../../../src/extension/blastRadius/blastRadiusPanel';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands } from '../../../src/extension/ids';
import { CONTROL_REPO } from '../../fixtures/fleet/controlRepo';
import { testServer } from '../../integration/support/puppetdb';
import { addConnection } from '../testingApi';
import { until } from '../until';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'blast-view-suite', name: 'Blast view suite PuppetDB' };
const BASE = 'site-modules/profile/manifests/base.pp';

interface GitApi {
  repositories: Array<{ rootUri: vscode.Uri; status(): Promise<void> }>;
  openRepository(root: vscode.Uri): Promise<unknown>;
}

describe('Blast Radius view', function () {
  const server = testServer();
  const baseUrl = `http://${server.host}:${server.httpPort}`;
  const pql = async <T>(query: string): Promise<T[]> => {
    const response = await fetch(`${baseUrl}/pdb/query/v4?query=${encodeURIComponent(query)}`);
    assert.ok(response.ok, `${query}: HTTP ${response.status}`);
    return (await response.json()) as T[];
  };
  let api: ExtensionApi;
  let folder: string;
  let root: vscode.Uri;
  let motdLine: number;

  const show = (argument: Record<string, unknown>) =>
    vscode.commands.executeCommand<BlastRadiusPanelInfo | undefined>(Commands.showBlastRadius, {
      connectionId: CONNECTION.id,
      repository: root.toString(),
      ...argument,
    });
  const tabCount = () => vscode.window.tabGroups.all.flatMap((group) => group.tabs).length;

  before(async () => {
    const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
    api = await extension.activate();
    if (!api.services.store.get(CONNECTION.id)) {
      await addConnection({ connection: { ...CONNECTION, url: baseUrl } });
    }
    folder = join(mkdtempSync(join(tmpdir(), 'pdbx-blast-view-')), 'control-repo');
    cpSync(CONTROL_REPO, folder, { recursive: true });
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: folder,
        env: {
          ...process.env,
          GIT_CONFIG_GLOBAL: '/dev/null',
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_AUTHOR_NAME: 'Fixture Author',
          GIT_AUTHOR_EMAIL: 'fixture@example.com',
          GIT_COMMITTER_NAME: 'Fixture Author',
          GIT_COMMITTER_EMAIL: 'fixture@example.com',
        },
      });
    git('init', '--quiet', '--initial-branch=production');
    git('add', '--all');
    git('commit', '--quiet', '--no-gpg-sign', '--message', 'Control repository');
    // the working-tree change: the motd's mode, a line of its declaration
    const path = join(folder, BASE);
    const lines = readFileSync(path, 'utf8').split('\n');
    const motd = lines.findIndex((line) => /^\s*file \{ '\/etc\/motd':/.test(line));
    const mode = lines.findIndex((line, index) => index > motd && line.includes("'0644'"));
    assert.ok(motd >= 0 && mode > motd, 'profile::base declares the motd and its mode');
    lines[mode] = lines[mode]!.replace("'0644'", "'0640'");
    writeFileSync(path, lines.join('\n'));
    motdLine = mode + 1;
    root = vscode.Uri.file(folder);
    const gitExtension = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>(
      'vscode.git',
    );
    assert.ok(gitExtension, 'the git extension');
    const gitApi = (await gitExtension.activate()).getAPI(1);
    await gitApi.openRepository(root);
    await until('the git extension to open the repository', () =>
      gitApi.repositories.some((open) => open.rootUri.fsPath === folder),
    );
    await gitApi.repositories.find((open) => open.rootUri.fsPath === folder)!.status();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(join(folder, '..'), { recursive: true, force: true });
  });

  it("shows the nodes declaring the changed line's resource, as PuppetDB gives them", async () => {
    const info = await show({ scope: { kind: 'workingTree' } });
    assert.ok(info?.radius, `a blast radius (${info?.error})`);
    const expected = new Set(
      (
        await pql<{ certname: string }>(
          `resources[certname] { type = "File" and title = "/etc/motd" and file ~ ${JSON.stringify(`/${BASE}$`)} }`,
        )
      ).map((row) => row.certname),
    );
    assert.ok(expected.size > 1, 'several nodes hold the motd');
    assert.deepEqual(new Set(info.radius.nodes.map((node) => node.certname)), expected);
    assert.deepEqual(
      info.radius.files.map((file) => [file.path, file.nodes]),
      [[BASE, expected.size]],
    );
    assert.deepEqual(info.restore, {
      entry: 'blastRadius',
      connectionId: CONNECTION.id,
      scope: { kind: 'workingTree' },
      repository: root.toString(),
    });
    assert.match(info.title, /^Blast Radius · control-repo · working tree$/);
  });

  it('answers once its page has painted the blast radius, when asked to wait for the paint', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const info = await show({ scope: { kind: 'workingTree' }, waitForPaint: true });
    assert.equal(info?.error, undefined);
    assert.ok(info?.radius && !info.radius.counting, 'the whole blast radius');
    assert.equal(info.painted, true, 'the page said it painted the blast radius');
  });

  it('refuses a range that is not two revisions, and a repository the git extension has not open', async () => {
    const before = tabCount();
    for (const scope of [
      { kind: 'range', base: '--output=/tmp/pdbx-blast', head: 'HEAD' },
      { kind: 'range', base: 'HEAD', head: 'main..other' },
      { kind: 'range', base: 'HEAD^', head: 'HEAD', path: '/etc' },
      { kind: 'everything' },
    ]) {
      assert.equal(await show({ scope }), undefined, JSON.stringify(scope));
    }
    assert.equal(
      await show({ scope: { kind: 'staged' }, repository: vscode.Uri.file(tmpdir()).toString() }),
      undefined,
    );
    assert.equal(tabCount(), before, 'no panel opened');
  });

  it('a lens or Source Control names a changed file to focus on: a path inside the repository only', async () => {
    const lens = await show({ scope: { kind: 'workingTree' }, file: BASE, hunk: 0 });
    assert.deepEqual(lens?.focus, { file: BASE, hunk: 0 });
    for (const file of ['../../etc/passwd', '/etc/passwd', 'a/../../b']) {
      const refused = await show({ scope: { kind: 'workingTree' }, file });
      assert.equal(refused?.focus, undefined, file);
    }
    const sourceControl = await vscode.commands.executeCommand<BlastRadiusPanelInfo | undefined>(
      Commands.showBlastRadius,
      {
        connectionId: CONNECTION.id,
        scope: { kind: 'workingTree' },
        resourceUri: vscode.Uri.file(join(folder, BASE)),
      },
    );
    assert.deepEqual(sourceControl?.focus, { file: BASE });
    assert.equal(sourceControl.restore.repository, root.toString());
  });

  it('the page may ask only what the view offers', async () => {
    const info = await show({ scope: { kind: 'workingTree' } });
    const certname = info?.radius?.nodes[0]?.certname;
    assert.ok(certname, 'a node reached');
    for (const message of [
      { type: 'openGraph', certname, focus: 'File[/etc/passwd]' },
      { type: 'openReport', certname, reportHash: 'f'.repeat(40) },
      { type: 'revealNode', certname, connectionId: 'another' },
      { type: 'openHunk', file: BASE, hunk: 0, line: 1 },
      { type: 'openHunk', file: BASE, hunk: -2 },
      { type: 'export', format: 'xml', rows: 'nodes' },
      { type: 'export', format: 'csv', rows: 'nodes', target: '/tmp/x.csv' },
      { type: 'openFile', path: '/etc/passwd' },
    ]) {
      assert.equal(
        await api.receiveFromWebview('blastRadius', message),
        'dropped',
        JSON.stringify(message),
      );
    }
  });

  it('a revived panel shows what its page kept, and opens only what it computes again', async () => {
    const opened = await show({ scope: { kind: 'workingTree' } });
    assert.ok(opened?.radius, opened?.error);
    const panelId = await until('the webview to keep its panel id', () =>
      api.panelId('blastRadius'),
    );
    const forged = '../../../etc/passwd';
    const hunk = { start: 1, count: 1, nodes: 1, failing: 0, basis: 'resources', caveats: [] };
    await api.revivePanel('blastRadius', {
      panelId,
      // what a webview's state names is never what the host acts on
      restore: { entry: 'blastRadius', connectionId: 'another', scope: { kind: 'staged' } },
      kept: {
        savedAt: '2026-01-01T00:00:00.000Z',
        content: {
          ...opened.radius,
          files: [
            {
              path: forged,
              kind: 'manifest',
              nodes: 1,
              failing: 0,
              definitions: [],
              caveats: [],
              hunks: [hunk],
            },
          ],
        },
      },
    });
    assert.equal(
      await api.receiveFromWebview('blastRadius', { type: 'openHunk', file: forged, hunk: 0 }),
      'handled',
    );
    assert.deepEqual(
      vscode.window.visibleTextEditors.map((editor) => editor.document.uri.fsPath),
      [],
      'nothing was opened',
    );
    const info = await vscode.commands.executeCommand<BlastRadiusPanelInfo>(
      Commands.showBlastRadius,
      { connectionId: CONNECTION.id, repository: root.toString(), scope: { kind: 'workingTree' } },
    );
    assert.deepEqual(
      info.radius?.files.map((file) => file.path),
      [BASE],
      "the host's record was computed again: the repository's change, not the kept one",
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens a changed file at its hunk, and no path outside the repository', async () => {
    await show({ scope: { kind: 'workingTree' } });
    for (const file of ['../../../etc/passwd', '/etc/passwd', 'README.md', `${BASE}/..`]) {
      assert.equal(
        await api.receiveFromWebview('blastRadius', { type: 'openHunk', file, hunk: -1 }),
        'handled',
      );
    }
    assert.deepEqual(
      vscode.window.visibleTextEditors.map((editor) => editor.document.uri.fsPath),
      [],
      'nothing was opened',
    );
    await api.receiveFromWebview('blastRadius', { type: 'openHunk', file: BASE, hunk: 0 });
    await until(
      'the changed file to open',
      () => vscode.window.activeTextEditor?.document.uri.fsPath === join(folder, BASE),
    );
    const selection = vscode.window.activeTextEditor!.selection;
    assert.ok(
      selection.start.line + 1 <= motdLine && motdLine <= selection.end.line + 1,
      `the hunk's lines (${selection.start.line + 1}–${selection.end.line + 1}) hold the changed line ${motdLine}`,
    );
  });
});
