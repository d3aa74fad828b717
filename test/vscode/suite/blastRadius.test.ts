/**
 * The blast radius of a change inside a real VS Code, on a real git repository made here from
 * test/fixtures/control-repo (deterministic: fixed author, dates and branch `production`), read
 * through VS Code's git extension, against the real PuppetDB loaded with the fleet whose catalogs
 * point at that code. Each count (per hunk, per file, the status bar's, a lens's) is checked
 * against the nodes computed here, independently, with plain PQL.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { BlastRadiusAnswer } from '../../../src/extension/blastRadius/computeBlastRadius';
import { readChange, type GitRepository } from '../../../src/extension/blastRadius/gitChange';
import type { ExtensionApi } from '../../../src/extension/extension';
import type { BlastRadius, ChangeScope, FileReach } from '../../../src/shared/blastRadius/model';
import { CONTROL_REPO } from '../../fixtures/fleet/controlRepo';
import { testServer } from '../../integration/support/puppetdb';
import { addConnection } from '../testingApi';
import { until } from '../until';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'blast-radius-suite', name: 'Blast radius suite PuppetDB' };
const BASE = 'site-modules/profile/manifests/base.pp';
const ROLE_WEB = 'site-modules/role/manifests/web.pp';
const SSH = 'site-modules/profile/manifests/ssh.pp';
const NTP = 'site-modules/profile/manifests/ntp.pp';
const MQ = 'site-modules/profile/manifests/mq.pp';
const QUEUE = 'site-modules/profile/manifests/queue.pp';
const ADDED = 'site-modules/profile/manifests/added.pp';
/** A data file of the suite's own (the fixture's data files stay as they are). */
const DATA_FILE = 'data/blast-radius-suite.yaml';

interface GitApi {
  repositories: Array<{ rootUri: vscode.Uri; status(): Promise<void> }>;
  openRepository(root: vscode.Uri): Promise<unknown>;
}

/** A git command in `folder` with a fixed identity and clock, so the ids are the same each run. */
function gitIn(folder: string) {
  let clock = Date.UTC(2026, 0, 1) / 1000;
  return (...args: string[]) =>
    execFileSync('git', args, {
      cwd: folder,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_AUTHOR_NAME: 'Fixture Author',
        GIT_AUTHOR_EMAIL: 'fixture@example.com',
        GIT_COMMITTER_NAME: 'Fixture Author',
        GIT_COMMITTER_EMAIL: 'fixture@example.com',
        GIT_AUTHOR_DATE: `${(clock += 3600)} +0000`,
        GIT_COMMITTER_DATE: `${clock} +0000`,
      },
    }).trim();
}

/** `text` with its 1-based line `line` replaced by `by` (which may hold several lines). */
function replaceLine(path: string, line: number, by: (old: string) => string): void {
  const lines = readFileSync(path, 'utf8').split('\n');
  lines[line - 1] = by(lines[line - 1]!);
  writeFileSync(path, lines.join('\n'));
}

/** The 1-based line of the first line of `path` matching `pattern`. */
function lineOf(path: string, pattern: RegExp): number {
  const index = readFileSync(path, 'utf8')
    .split('\n')
    .findIndex((text) => pattern.test(text));
  assert.ok(index >= 0, `${pattern} in ${path}`);
  return index + 1;
}

describe('Blast radius', function () {
  const server = testServer();
  const baseUrl = `http://${server.host}:${server.httpPort}`;
  const pql = async <T>(query: string): Promise<T[]> => {
    const response = await fetch(`${baseUrl}/pdb/query/v4?query=${encodeURIComponent(query)}`);
    assert.ok(response.ok, `${query}: HTTP ${response.status}`);
    return (await response.json()) as T[];
  };
  const certnames = async (query: string) =>
    new Set((await pql<{ certname: string }>(query)).map((row) => row.certname));
  /** The tree's status, decided here from the raw fields: failed and reported within 2 h. */
  const failingAmong = async (nodes: ReadonlySet<string>) => {
    const cutoff = Date.now() - 2 * 3600_000;
    const rows = await pql<{
      certname: string;
      latest_report_status: string | null;
      report_timestamp: string | null;
      latest_report_noop: boolean | null;
      latest_report_noop_pending: boolean | null;
    }>(
      'nodes[certname, latest_report_status, report_timestamp, latest_report_noop, latest_report_noop_pending] {}',
    );
    return rows.filter(
      (row) =>
        nodes.has(row.certname) &&
        row.latest_report_status === 'failed' &&
        row.report_timestamp !== null &&
        Date.parse(row.report_timestamp) > cutoff &&
        !(row.latest_report_noop && row.latest_report_noop_pending),
    ).length;
  };
  const holdersOf = (className: string) =>
    certnames(`resources[certname] { type = "Class" and title = ${JSON.stringify(className)} }`);
  const declaring = (type: string, title: string, file: string) =>
    certnames(
      `resources[certname] { type = ${JSON.stringify(type)} and title = ${JSON.stringify(title)} and file ~ ${JSON.stringify(`/${file}$`)} }`,
    );

  let api: ExtensionApi;
  let folder: string;
  let root: vscode.Uri;
  let git: ReturnType<typeof gitIn>;
  let firstCommit: string;
  let secondCommit: string;
  let gitApi: GitApi;

  const compute = async (scope: ChangeScope): Promise<BlastRadius> => {
    // git's own view of the repository first: the extension reads what git reports
    await gitApi.repositories.find((open) => open.rootUri.fsPath === folder)?.status();
    const answer: BlastRadiusAnswer = await api.blastRadius.compute({
      connectionId: CONNECTION.id,
      scope,
      repository: root,
    });
    assert.ok(answer.found, `a blast radius (${answer.found ? '' : answer.message})`);
    return answer.radius;
  };
  const fileOf = (radius: BlastRadius, path: string): FileReach => {
    const file = radius.files.find((candidate) => candidate.path === path);
    assert.ok(file, `${path} among ${radius.files.map((candidate) => candidate.path).join(', ')}`);
    return file;
  };

  before(async () => {
    const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
    api = await extension.activate();
    if (!api.services.store.get(CONNECTION.id)) {
      await addConnection({ connection: { ...CONNECTION, url: baseUrl } });
    }
    await api.services.statusBar.setActive(CONNECTION.id);

    // the control repository, committed twice: the fixture, then a change to profile::ntp
    folder = join(mkdtempSync(join(tmpdir(), 'pdbx-blast-')), 'control-repo');
    cpSync(CONTROL_REPO, folder, { recursive: true });
    git = gitIn(folder);
    git('init', '--quiet', '--initial-branch=production');
    git('add', '--all');
    git('commit', '--quiet', '--no-gpg-sign', '--message', 'Control repository');
    firstCommit = git('rev-parse', 'HEAD');
    const ntpLine = lineOf(join(folder, NTP), /^\s*package \{ 'ntp':/);
    replaceLine(join(folder, NTP), ntpLine + 1, () => "    ensure => 'latest',");
    git('commit', '--quiet', '--no-gpg-sign', '--all', '--message', 'profile::ntp: latest');
    secondCommit = git('rev-parse', 'HEAD');
    root = vscode.Uri.file(folder);

    const extensionOfGit = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>(
      'vscode.git',
    );
    assert.ok(extensionOfGit, 'the git extension');
    gitApi = (await extensionOfGit.activate()).getAPI(1);
    await gitApi.openRepository(root);
    await until('the git extension to open the repository', () =>
      gitApi.repositories.some((open) => open.rootUri.fsPath === folder),
    );
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(join(folder, '..'), { recursive: true, force: true });
  });

  it('counts the nodes declaring the resource on a changed line, and its failing ones', async () => {
    const motd = lineOf(join(folder, BASE), /^\s*file \{ '\/etc\/motd':/);
    // the motd's mode, four lines below its head: the catalog gives the resource the head's line
    replaceLine(join(folder, BASE), motd + 4, (old) => old.replace("'0644'", "'0640'"));
    const radius = await compute({ kind: 'workingTree' });
    const base = fileOf(radius, BASE);
    assert.equal(base.kind, 'manifest');
    assert.equal(base.hunks.length, 1);
    const expected = await declaring('File', '/etc/motd', BASE);
    assert.ok(expected.size > 1, 'several nodes hold the motd');
    assert.equal(base.hunks[0]!.basis, 'resources');
    assert.equal(base.hunks[0]!.nodes, expected.size);
    assert.equal(base.hunks[0]!.failing, await failingAmong(expected));
    assert.equal(base.hunks[0]!.start, motd + 1, 'the hunk starts at its first context line');
    const reached = radius.nodes.filter((node) =>
      node.reachedBy.some((by) => by.file === BASE && by.resource?.title === '/etc/motd'),
    );
    assert.deepEqual(new Set(reached.map((node) => node.certname)), expected);
    // failing first
    const firstHealthy = radius.nodes.findIndex((node) => node.status !== 'failed');
    assert.ok(radius.nodes.slice(firstHealthy).every((node) => node.status !== 'failed'));
  });

  it('falls back to the class for a line added between resources', async () => {
    const hosts = lineOf(join(folder, BASE), /^\s*file \{ '\/etc\/hosts':/);
    // a new comment line before /etc/hosts: no catalog declares anything there yet
    replaceLine(join(folder, BASE), hosts - 1, (old) => `${old}\n  # added by the suite`);
    const radius = await compute({ kind: 'workingTree' });
    const base = fileOf(radius, BASE);
    assert.equal(base.hunks.length, 2, 'the motd change and the added line');
    const added = base.hunks[1]!;
    const expected = await holdersOf('Profile::Base');
    assert.equal(added.basis, 'definitions');
    assert.deepEqual(added.caveats, ['newLines']);
    assert.equal(added.nodes, expected.size);
    assert.equal(added.failing, await failingAmong(expected));
    assert.deepEqual(base.definitions, ['Profile::Base']);
    // the file: the union of its hunks, distinct
    assert.equal(base.nodes, expected.size);
    assert.ok(radius.caveats.includes('conditionals'));
  });

  it('tells the view a first answer, every node of the whole one with its facts, before the counts per hunk', async () => {
    const firsts: BlastRadius[] = [];
    api.blastRadius.clear();
    // the status bar's computation of the same change, which wants no first answer, came before
    await api.blastRadius.compute({
      connectionId: CONNECTION.id,
      scope: { kind: 'workingTree' },
      repository: root,
    });
    const answer = await api.blastRadius.compute({
      connectionId: CONNECTION.id,
      scope: { kind: 'workingTree' },
      repository: root,
      onFirstCounts: (radius) => firsts.push(radius),
    });
    assert.ok(answer.found, `a blast radius (${answer.found ? '' : answer.message})`);
    assert.equal(firsts.length, 1, 'one first answer');
    const [first] = firsts;
    assert.equal(first!.counting, true);
    assert.equal(answer.radius.counting, undefined);
    assert.deepEqual(
      first!.nodes,
      answer.radius.nodes.map((node) => ({ ...node, reachedBy: [] })),
    );
    // the whole answer's nodes, counted here apart: the motd's holders and profile::base's
    assert.deepEqual(
      new Set(first!.nodes.map((node) => node.certname)),
      new Set([
        ...(await declaring('File', '/etc/motd', BASE)),
        ...(await holdersOf('Profile::Base')),
      ]),
    );
    // asked again, the computation is shared: its first answer comes again, before the whole
    const order: string[] = [];
    const again = await api.blastRadius.compute({
      connectionId: CONNECTION.id,
      scope: { kind: 'workingTree' },
      repository: root,
      onFirstCounts: () => order.push('first'),
    });
    order.push('whole');
    assert.ok(again.found);
    assert.deepEqual(order, ['first', 'whole']);
  });

  it("counts a role's holders for a changed line of its definition that declares nothing", async () => {
    const include = lineOf(join(folder, ROLE_WEB), /^\s*include profile::ssh/);
    replaceLine(join(folder, ROLE_WEB), include, () => '  contain profile::ssh');
    const radius = await compute({ kind: 'workingTree' });
    const role = fileOf(radius, ROLE_WEB);
    const expected = await holdersOf('Role::Web');
    assert.ok(expected.size > 0, 'some nodes are web nodes');
    assert.equal(role.hunks[0]!.basis, 'definitions');
    assert.deepEqual(role.hunks[0]!.caveats, [], 'a changed line, not a new one');
    assert.equal(role.nodes, expected.size);
    for (const node of radius.nodes.filter((candidate) =>
      candidate.reachedBy.some((by) => by.file === ROLE_WEB),
    )) {
      assert.equal(node.roleClass, 'Role::Web');
    }
  });

  it('reads a staged change alone, and the working tree with it', async () => {
    const sshd = lineOf(join(folder, SSH), /^\s*service \{ 'ssh':/);
    replaceLine(join(folder, SSH), sshd, (old) => `${old} # staged`);
    git('add', SSH);
    // and an unstaged change of the same file: the working tree holds both
    const server = lineOf(join(folder, SSH), /^\s*package \{ 'openssh-server':/);
    replaceLine(join(folder, SSH), server, (old) => `${old} # unstaged`);
    const staged = await compute({ kind: 'staged' });
    assert.deepEqual(
      staged.files.map((file) => file.path),
      [SSH],
    );
    const expected = await declaring('Service', 'ssh', SSH);
    assert.equal(staged.files[0]!.nodes, expected.size);
    assert.deepEqual(new Set(staged.nodes.map((node) => node.certname)), expected);
    const workingTree = await compute({ kind: 'workingTree' });
    const ssh = fileOf(workingTree, SSH);
    assert.equal(ssh.hunks.length, 2, 'the staged hunk and the unstaged one');
    assert.equal(
      ssh.nodes,
      new Set([...expected, ...(await declaring('Package', 'openssh-server', SSH))]).size,
    );
    assert.deepEqual(
      workingTree.files.map((file) => file.path).sort(),
      [BASE, SSH, ROLE_WEB].sort(),
    );
  });

  it('reads a range of commits against its merge base', async () => {
    const radius = await compute({ kind: 'range', base: firstCommit, head: secondCommit });
    assert.deepEqual(
      radius.files.map((file) => file.path),
      [NTP],
    );
    const expected = await declaring('Package', 'ntp', NTP);
    assert.equal(radius.files[0]!.hunks[0]!.basis, 'resources');
    assert.equal(radius.files[0]!.nodes, expected.size);
    assert.equal(radius.nodes.length, expected.size);
  });

  it('reads a range the same in one diff as file by file (a VS Code before diffBetweenPatch)', async () => {
    // a commit of its own, made in a worktree beside the repository (whose working tree holds the
    // earlier tests' changes): a manifest changed, one added, one renamed and changed, a file deleted
    const side = join(folder, '..', 'reads');
    git('worktree', 'add', '--quiet', '-b', 'blast-radius-reads', side, secondCommit);
    try {
      const inSide = gitIn(side);
      replaceLine(join(side, SSH), 1, (old) => `${old} # changed`);
      writeFileSync(join(side, ADDED), 'class profile::added {\n}\n');
      inSide('mv', MQ, QUEUE);
      replaceLine(join(side, QUEUE), 1, (old) => `${old} # renamed`);
      rmSync(join(side, 'README.md'));
      inSide('add', '--all');
      inSide('commit', '--quiet', '--no-gpg-sign', '--message', 'several kinds of change');
      const head = inSide('rev-parse', 'HEAD');
      const repository = gitApi.repositories.find((open) => open.rootUri.fsPath === folder);
      assert.ok(repository, 'the repository is open');
      const real = repository as unknown as GitRepository;
      assert.equal(
        typeof real.diffBetweenPatch,
        'function',
        "this VS Code's git API has diffBetweenPatch",
      );
      const fileByFile = new Proxy(real, {
        get: (target, key) => {
          if (key === 'diffBetweenPatch') return undefined;
          const value: unknown = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const scope = { kind: 'range', base: secondCommit, head } as const;
      const read = async (from: GitRepository) =>
        (await readChange(from, scope)).files
          .map(({ path, added, oldText, newText, patch }) => ({
            path,
            added,
            oldText,
            newText,
            // (file by file, git's output is trimmed)
            patch: patch.trimEnd(),
          }))
          .sort((a, b) => (a.path < b.path ? -1 : 1));
      const whole = await read(real);
      assert.deepEqual(
        whole.map((file) => [file.path, file.added]),
        [
          ['README.md', false],
          [ADDED, true],
          [QUEUE, false],
          [SSH, false],
        ],
        JSON.stringify(whole.map((file) => [file.path, file.added])),
      );
      assert.equal(
        whole.find((file) => file.path === QUEUE)?.oldText,
        readFileSync(join(CONTROL_REPO, MQ), 'utf8'),
        "a renamed manifest's old side is the file it was",
      );
      // file by file, git is asked for a renamed file's diff alone: it sees a new file
      const byFile = await read(fileByFile);
      assert.deepEqual(
        byFile.filter((file) => file.path !== QUEUE),
        whole.filter((file) => file.path !== QUEUE),
      );
    } finally {
      git('worktree', 'remove', '--force', side);
      git('branch', '--quiet', '-D', 'blast-radius-reads');
    }
  });

  it('reaches the branch environment for a Puppetfile, and says a data file is not computed', async () => {
    writeFileSync(join(folder, 'Puppetfile'), "mod 'puppetlabs-stdlib', '9.4.1'\n");
    mkdirSync(join(folder, 'data'), { recursive: true });
    writeFileSync(join(folder, DATA_FILE), 'profile::ntp::servers: []\n');
    const radius = await compute({ kind: 'workingTree' });
    const puppetfile = fileOf(radius, 'Puppetfile');
    const production = await certnames('nodes[certname] { catalog_environment = "production" }');
    assert.ok(production.size > 0);
    assert.equal(puppetfile.hunks[0]!.basis, 'environment');
    assert.equal(puppetfile.nodes, production.size);
    const data = fileOf(radius, DATA_FILE);
    assert.equal(data.kind, 'hieraData');
    assert.deepEqual(data.caveats, ['hieraNotComputed']);
    assert.equal(data.nodes, 0);
    rmSync(join(folder, 'Puppetfile'));
    rmSync(join(folder, DATA_FILE));
  });

  it("reaches the nodes holding a Puppetfile's changed module, within the branch's environment", async () => {
    writeFileSync(
      join(folder, 'Puppetfile'),
      "forge 'https://forge.puppet.com'\n\nmod 'puppetlabs-stdlib', '9.4.1'\nmod 'role', :local => true\n",
    );
    git('add', 'Puppetfile');
    git('commit', '--quiet', '--no-gpg-sign', '--message', 'Puppetfile', '--', 'Puppetfile');
    const role = lineOf(join(folder, 'Puppetfile'), /^mod 'role'/);
    replaceLine(
      join(folder, 'Puppetfile'),
      role,
      () => "mod 'role', :local => true, :install_path => 'site-modules'",
    );
    try {
      const radius = await compute({ kind: 'workingTree' });
      const puppetfile = fileOf(radius, 'Puppetfile');
      const production = await certnames('nodes[certname] { catalog_environment = "production" }');
      const roles = await certnames('resources[certname] { type = "Class" and title ~ "^Role::" }');
      const expected = new Set([...roles].filter((certname) => production.has(certname)));
      assert.ok(expected.size > 0, 'production nodes hold role classes');
      assert.deepEqual(
        puppetfile.hunks.map((hunk) => [hunk.basis, hunk.nodes, hunk.caveats]),
        [['modules', expected.size, ['moduleCode']]],
      );
      assert.equal(puppetfile.failing, await failingAmong(expected));
    } finally {
      git('checkout', '--', 'Puppetfile');
    }
  });

  it('shows the working-tree count in the status bar and above each changed hunk', async () => {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(join(folder, BASE)));
    await vscode.window.showTextDocument(document);
    const radius = await compute({ kind: 'workingTree' });
    const union = new Set(radius.nodes.map((node) => node.certname));
    // every file's nodes, computed here
    const expected = new Set([
      ...(await holdersOf('Profile::Base')),
      ...(await holdersOf('Role::Web')),
      ...(await declaring('Service', 'ssh', SSH)),
      ...(await declaring('Package', 'openssh-server', SSH)),
    ]);
    assert.deepEqual(union, expected);
    const status = await until('the status bar to count the working tree', () => {
      const shown = api.blastRadius.status();
      return shown.visible && shown.nodes === expected.size && shown;
    });
    assert.equal(status.failing, await failingAmong(expected));
    assert.match(
      status.text,
      new RegExp(`\\$\\(target\\) ${expected.size.toLocaleString()} nodes`),
    );

    const base = fileOf(radius, BASE);
    const lenses = await until('the hunk lenses', async () => {
      const found = (
        await vscode.commands.executeCommand<vscode.CodeLens[]>(
          'vscode.executeCodeLensProvider',
          document.uri,
          100,
        )
      ).filter((lens) => lens.command?.command === 'puppetdbExplorer.showBlastRadius');
      return found.length === base.hunks.length && found;
    });
    const motd = await declaring('File', '/etc/motd', BASE);
    const byLine = new Map(lenses.map((lens) => [lens.range.start.line + 1, lens.command!]));
    const first = byLine.get(base.hunks[0]!.start);
    assert.ok(first, `a lens on line ${base.hunks[0]!.start}`);
    const failing = await failingAmong(motd);
    assert.equal(
      first.title,
      failing > 0
        ? `$(target) this change reaches ${motd.size} nodes (${failing} failing)`
        : `$(target) this change reaches ${motd.size} nodes`,
    );
    assert.deepEqual(first.arguments, [
      { scope: { kind: 'workingTree' }, repository: root.toString(), file: BASE, hunk: 0 },
    ]);
  });

  it('hides the status bar item once the change is gone', async () => {
    git('checkout', '--', '.');
    git('reset', '--quiet', '--hard');
    await until('the status bar item to hide', () => !api.blastRadius.status().visible);
    const answer = await api.blastRadius.compute({
      connectionId: CONNECTION.id,
      scope: { kind: 'workingTree' },
      repository: root,
    });
    assert.deepEqual(answer.found ? 'found' : answer.reason, 'noChange');
  });
});
