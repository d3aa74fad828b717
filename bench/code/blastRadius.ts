/**
 * npm run bench:code, the blast radius part: a 20-file, 200-hunk change of a real git repository
 * (the sample control repository, each manifest given a tail of comment lines in its first commit
 * so that ten hunks fit; the lines the fleet's catalogs name keep their numbers), computed cold
 * by the extension (git read through the git extension, PuppetDB asked, the model assembled;
 * nothing kept from an earlier computation, the catalogs' manifest paths included), beside the
 * raw PuppetDB requests it needs, sent with undici in the same stages (the same queries, built by
 * the same functions, from the same changed files).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import * as vscode from 'vscode';
import { changedFile } from '../../src/extension/blastRadius/computeBlastRadius';
import { readChange, type GitRepository } from '../../src/extension/blastRadius/gitChange';
import {
  holdersQuery,
  groupedOnLinesQuery,
  MANIFEST_PATHS_QUERY,
  resourcesOnLinesQuery,
  serverPathsByFile,
} from '../../src/extension/blastRadius/fleetReach';
import type { BenchContext } from './benchContext';
import type { ChangedFile } from '../../src/shared/blastRadius/assemble';
import { CONTROL_REPO } from '../../test/fixtures/fleet/controlRepo';
import type { FaultProxy } from '../../test/support/faultProxy';

const FILES = 20;
const HUNKS_PER_FILE = 10;
/** Lines between two changed lines: more than git's 3 + 3 context lines, so hunks stay apart. */
const SPACING = 8;

interface Context extends BenchContext {
  /** A fault proxy in front of the PuppetDB, and the connection through it (counts requests). */
  proxy: FaultProxy;
  proxied: string;
}

interface GitApi {
  repositories: Array<{ rootUri: vscode.Uri; status(): Promise<void> }>;
  openRepository(root: vscode.Uri): Promise<unknown>;
}

export async function benchBlastRadius(context: Context): Promise<void> {
  const { api, log } = context;
  const folder = join(mkdtempSync(join(tmpdir(), 'pdbx-bench-blast-')), 'control-repo');
  try {
    const manifests = buildRepository(folder);
    const root = vscode.Uri.file(folder);
    const gitApi = (
      await vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git')!.activate()
    ).getAPI(1);
    await gitApi.openRepository(root);
    const repository = gitApi.repositories.find((open) => open.rootUri.fsPath === folder);
    if (!repository) throw new Error('the git extension did not open the bench repository');
    await repository.status();

    /** The whole answer, and when the first (its nodes grouped, the view's first paint) came. */
    let firstAt = 0;
    const compute = async (connectionId: string) => {
      api.blastRadius.clear();
      firstAt = 0;
      const answer = await api.blastRadius.compute({
        connectionId,
        scope: { kind: 'workingTree' },
        repository: root,
        // as the view asks: a large change's nodes and groups first
        onFirstCounts: () => (firstAt = performance.now()),
      });
      if (!answer.found) throw new Error(answer.message);
      return answer.radius;
    };
    // the requests it sends, counted by the proxy
    context.proxy.clearRecords();
    const radius = await compute(context.proxied);
    const requests = context.proxy.requestCount;
    const hunks = radius.files.reduce((sum, file) => sum + file.hunks.length, 0);
    const byBasis = new Map<string, number>();
    for (const hunk of radius.files.flatMap((file) => file.hunks)) {
      byBasis.set(hunk.basis, (byBasis.get(hunk.basis) ?? 0) + 1);
    }
    log(
      `blast radius: ${radius.files.length} files, ${hunks} hunks (${[...byBasis].map(([basis, count]) => `${count} by ${basis}`).join(', ')}), ${radius.nodes.length} nodes reached, ${requests} requests`,
    );

    // the raw side: the same files read with git here, the same queries, the same stages
    const files = manifests.map((path) =>
      changedFile({
        path,
        uri: vscode.Uri.file(join(folder, path)),
        patch: git(folder, 'diff', 'HEAD', '--', path),
        added: false,
        oldText: git(folder, 'show', `HEAD:${path}`),
      }),
    );
    let rawFirstAt = 0;
    const raw = () =>
      rawRequests(context.url, files, folder, () => (rawFirstAt = performance.now()));
    // of which reading the change through the git extension
    const gitTimes: number[] = [];
    for (let round = 0; round < context.rounds; round++) {
      const started = performance.now();
      await readChange(repository as unknown as GitRepository, { kind: 'workingTree' });
      gitTimes.push(performance.now() - started);
    }
    gitTimes.sort((a, b) => a - b);
    log(
      `  of which reading the change through the git extension: ${gitTimes[Math.floor(gitTimes.length / 2)]!.toFixed(1)} ms`,
    );
    const time = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    const first: number[] = [];
    const rawFirst: number[] = [];
    const [ours, theirs] = await context.alternate(
      context.rounds,
      async () => {
        const started = performance.now();
        const took = await time(() => compute(context.connection));
        first.push((firstAt || performance.now()) - started);
        return took;
      },
      async () => {
        const started = performance.now();
        const took = await time(raw);
        rawFirst.push(rawFirstAt - started);
        return took;
      },
    );
    context.row(
      `blast radius of a ${FILES}-file, ${hunks}-hunk change to the first grouped counts (every node reached, its group and status)`,
      first,
      rawFirst,
      'the raw requests they need',
      '<= 2000 ms and ratio <= 1.5',
    );
    context.row(
      `  and to every count per file and hunk (requests: ${requests})`,
      ours,
      theirs,
      `its ${requests} raw requests`,
      'ratio <= 1.5',
    );
  } finally {
    rmSync(join(folder, '..'), { recursive: true, force: true });
  }
}

/** The repository, committed, and its working-tree change; the changed manifests' paths. */
function buildRepository(folder: string): string[] {
  cpSync(CONTROL_REPO, folder, { recursive: true });
  const manifests = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.pp'))
    .map((path) => path.split('\\').join('/'))
    .sort((a, b) => lines(folder, b).length - lines(folder, a).length || a.localeCompare(b))
    .slice(0, FILES);
  if (manifests.length < FILES) throw new Error(`only ${manifests.length} manifests`);
  // room for ten hunks: a tail of comments after the code (its lines keep their numbers)
  for (const path of manifests) {
    const text = lines(folder, path);
    const tail = Array.from(
      { length: Math.max(0, HUNKS_PER_FILE * SPACING - text.length) },
      (_, index) => `# bench padding ${index}`,
    );
    writeFileSync(join(folder, path), [...text, ...tail].join('\n') + '\n');
  }
  git(folder, 'init', '--quiet', '--initial-branch=production');
  git(folder, 'add', '--all');
  git(folder, 'commit', '--quiet', '--no-gpg-sign', '--message', 'bench');
  // ten changed lines per file, SPACING apart: lines 3, 11, 19, … (code first, then the tail)
  for (const path of manifests) {
    const text = lines(folder, path);
    for (let hunk = 0; hunk < HUNKS_PER_FILE; hunk++) {
      const index = 2 + hunk * SPACING;
      text[index] = `${text[index]} # changed`;
    }
    writeFileSync(join(folder, path), text.join('\n') + '\n');
  }
  return manifests;
}

function lines(folder: string, path: string): string[] {
  return readFileSync(join(folder, path), 'utf8').replace(/\n$/, '').split('\n');
}

function git(folder: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: folder,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'Bench',
      GIT_AUTHOR_EMAIL: 'bench@example.com',
      GIT_COMMITTER_NAME: 'Bench',
      GIT_COMMITTER_EMAIL: 'bench@example.com',
    },
  });
}

/**
 * What the computation needs of PuppetDB, sent raw: the catalogs' manifest paths; the resources
 * on the lines of those paths that stand for the changed files, grouped by node and by line;
 * and, from the start, the whole fleet's nodes and roles and the holders of what the changed
 * manifests define (`first` told once all are in: the first grouped counts could be drawn); then
 * those resources whole.
 */
async function rawRequests(
  url: string,
  files: readonly ChangedFile[],
  folder: string,
  first: () => void,
) {
  const post = async (endpoint: string, query: unknown) => {
    // (no query: the whole endpoint)
    const response = await request(`${url}/pdb/query/v4${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
    return JSON.parse(await response.body.text()) as Array<Record<string, unknown>>;
  };
  // the whole fleet's nodes and roles, at once (as the view's first answer asks them)
  const wholeFleet = Promise.all([
    post('/nodes', undefined),
    post('/resources', [
      'extract',
      ['certname', 'title'],
      ['and', ['=', 'type', 'Class'], ['~', 'title', '^Role::']],
    ]),
  ]);
  // and the holders of what the changed manifests define
  const defined = [...new Set(files.flatMap((file) => file.definitions))];
  const everyHolder = defined.length > 0 ? post('/resources', holdersQuery(defined)) : undefined;
  const paths = (await post('/resources', MANIFEST_PATHS_QUERY))
    .map((row) => String(row.file))
    .filter((file) => file.endsWith('.pp'));
  const localPaths = new Map(files.map((file) => [file.path, join(folder, file.path)]));
  const byFile = serverPathsByFile(paths, { localPaths, pathMappings: {}, workspaceFolders: [] });
  const asked = files.filter((file) => byFile.has(file.path));
  // (the nodes on the lines: the first answer's, beside its lines)
  const [, lines] = await Promise.all([
    post('/resources', groupedOnLinesQuery(asked, byFile, ['certname'])),
    post('/resources', groupedOnLinesQuery(asked, byFile, ['file', 'line'])),
  ]);
  const answered = new Set(
    lines.map((row) => `${String(row.file).split('/').slice(-3).join('/')}\n${String(row.line)}`),
  );
  const needing = files.filter((file) =>
    file.touchedLines.some(
      (lines) =>
        !lines.some((line) => answered.has(`${file.path.split('/').slice(-3).join('/')}\n${line}`)),
    ),
  );
  const definitions = [...new Set(needing.flatMap((file) => file.definitions))];
  if (definitions.length > 0) await everyHolder;
  await wholeFleet;
  first();
  await post('/resources', resourcesOnLinesQuery(asked, byFile));
}
