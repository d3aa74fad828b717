/**
 * "Why Is This Node Failing?" inside a real VS Code extension host, against the real PuppetDB and
 * the sample fleet's run histories: the first bad run, the last good one and the bad runs since
 * are those PuppetDB's own runs show (read here with plain PQL), the resources that started
 * failing those its events show, and the commits between the two runs are those `git rev-list`
 * gives in the history repository, found through VS Code's git extension.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import type { CompareRunsPanelInfo } from '../../../src/extension/compareRuns/compareRunsPanel';
import { Commands } from '../../../src/extension/ids';
import { loadedFleet, testServer } from '../../integration/support/puppetdb';
import { addConnection } from '../testingApi';
import { until } from '../until';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'history-suite', name: 'History suite PuppetDB' };

interface GitApi {
  repositories: Array<{ rootUri: vscode.Uri }>;
  openRepository(root: vscode.Uri): Promise<unknown>;
}

describe('Why is this node failing', function () {
  const server = testServer();
  const baseUrl = `http://${server.host}:${server.httpPort}`;
  const pql = async <T>(query: string): Promise<T[]> => {
    const response = await fetch(`${baseUrl}/pdb/query/v4?query=${encodeURIComponent(query)}`);
    assert.ok(response.ok, `${query}: HTTP ${response.status}`);
    return (await response.json()) as T[];
  };
  const historyOf = (story: string) => {
    const history = loadedFleet().histories.find((candidate) => candidate.story === story);
    assert.ok(history, `the fleet has no ${story} history`);
    return history;
  };
  const repository = /^PDB_HISTORY_REPO=(.+)$/m.exec(
    readFileSync(join(server.stateDir, 'env'), 'utf8'),
  )?.[1];

  let api: ExtensionApi;
  /** The command's answer: the compare-runs panel it opened, loaded. */
  const whyFailing = async (certname: string) => {
    const info = await vscode.commands.executeCommand<CompareRunsPanelInfo>(Commands.whyFailing, {
      connectionId: CONNECTION.id,
      certname,
    });
    assert.ok(info?.runs?.streak, `the command compared the node's runs (${info?.error})`);
    return { ...info.runs, streak: info.runs.streak };
  };

  before(async () => {
    const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
    api = await extension.activate();
    if (!api.services.store.get(CONNECTION.id)) {
      await addConnection({
        connection: { ...CONNECTION, url: `http://${server.host}:${server.httpPort}` },
      });
    }
    // the history repository opened beside the workspace's, as a user opens a second repository
    assert.ok(repository, 'PDB_HISTORY_REPO in the state env file');
    const git = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
    assert.ok(git, 'the git extension');
    const gitApi = (await git.activate()).getAPI(1);
    await gitApi.openRepository(vscode.Uri.file(repository));
    await until('the git extension to open the history repository', () =>
      gitApi.repositories.some((open) => open.rootUri.fsPath === repository),
    );
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('finds the first bad run, the last good one and the runs since, as PuppetDB holds them', async () => {
    const { certname } = historyOf('failingSince');
    const runs = await pql<{ hash: string; status: string }>(
      `reports[hash, status] { certname = ${JSON.stringify(certname)} order by end_time desc }`,
    );
    const streak = runs.findIndex((run) => run.status !== 'failed');
    assert.ok(streak > 1, 'the node fails for several runs');
    const info = await whyFailing(certname);
    assert.equal(info.streak.failing, true);
    assert.equal(info.newer?.hash, runs[streak - 1]!.hash, 'the first bad run');
    assert.equal(info.older?.hash, runs[streak]!.hash, 'the last good run');
    assert.equal(info.streak.badRuns, streak);

    // the resources that started failing, from the two runs' events read here
    const failing = async (hash: string) =>
      (
        await pql<{ resource_type: string; resource_title: string }>(
          `events[resource_type, resource_title] { report = ${JSON.stringify(hash)} and status in ["failure", "skipped"] }`,
        )
      ).map((event) => `${event.resource_type}[${event.resource_title}]`);
    const before = new Set(await failing(runs[streak]!.hash));
    const started = (await failing(runs[streak - 1]!.hash)).filter((key) => !before.has(key));
    assert.deepEqual(
      info.streak.newFailures.map((failure) => failure.resource).sort(),
      started.sort(),
    );
  });

  it('lists the commits between the two runs, as git rev-list gives them', async () => {
    const { certname } = historyOf('failingSince');
    const info = await whyFailing(certname);
    const from = info.older!.configurationVersion!;
    const to = info.newer!.configurationVersion!;
    const expected = execFileSync('git', ['rev-list', `${from}..${to}`], {
      cwd: repository,
      encoding: 'utf8',
    })
      .trim()
      .split('\n');
    assert.ok(expected.length >= 2, 'the runs are several commits apart');
    assert.ok(info.commits?.found, `commits found (${JSON.stringify(info.commits)})`);
    assert.deepEqual(
      info.commits.commits.map((commit) => commit.hash),
      expected,
    );
  });

  it('shows the answer in a virtual Markdown document, every value from PuppetDB as escaped text', async () => {
    const { certname } = historyOf('failingSince');
    const info = await whyFailing(certname);
    // the view's "Open as Markdown", as its page posts it: a document not open before
    const open = new Set(vscode.workspace.textDocuments.map((each) => each.uri.toString()));
    assert.equal(await api.receiveFromWebview('compareRuns', { type: 'openMarkdown' }), 'handled');
    const document = await until('the answer document to open', () =>
      vscode.workspace.textDocuments.find(
        (each) => each.uri.scheme === 'puppetdb-history' && !open.has(each.uri.toString()),
      ),
    );
    const text = document.getText();
    // certnames and messages are escaped: `.` and `[` read as themselves in a preview
    assert.ok(text.includes(certname.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`)), text);
    for (const failure of info.streak.newFailures) {
      assert.ok(text.includes(failure.resource.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`)));
    }
    assert.ok(
      text.includes(info.commits?.found ? info.commits.commits[0]!.hash.slice(0, 12) : '?'),
    );
    // a virtual document of our own: nothing saves it to a file
    assert.equal(document.uri.scheme, 'puppetdb-history');
    assert.equal(document.languageId, 'markdown');
  });

  it('a node whose latest run did not fail is not failing', async () => {
    const { certname } = historyOf('fixed');
    const [latest] = await pql<{ status: string }>(
      `reports[status] { certname = ${JSON.stringify(certname)} and latest_report? = true }`,
    );
    assert.notEqual(latest?.status, 'failed');
    const info = await whyFailing(certname);
    assert.equal(info.streak.failing, false);
    assert.equal(info.newer, undefined);
    assert.deepEqual(info.commits, { found: false, reason: 'notCommits' });
  });
});
