/**
 * The git repository of bench:code's blast radius rows (blastRadius.ts, blastRadiusSecond.ts): the
 * sample control repository, each manifest given a tail of comment lines in its first commit so
 * that ten hunks fit (the lines the fleet's catalogs name keep their numbers), opened in the git
 * extension; and the raw PuppetDB requests a change needs, sent with undici in the extension's
 * stages (the same queries, built by the same functions, from the same changed files).
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import * as vscode from 'vscode';
import {
  holdersQuery,
  groupedOnLinesQuery,
  MANIFEST_PATHS_QUERY,
  resourcesOnLinesQuery,
  serverPathsByFile,
} from '../../src/extension/blastRadius/fleetReach';
import type { GitRepository } from '../../src/extension/blastRadius/gitChange';
import type { ChangedFile } from '../../src/shared/blastRadius/assemble';
import { gitIn } from '../../test/e2e/support/controlRepository';
import { CONTROL_REPO } from '../../test/fixtures/fleet/controlRepo';

export const FILES = 20;
const HUNKS_PER_FILE = 10;
/** Lines between two changed lines: more than git's 3 + 3 context lines, so hunks stay apart. */
const SPACING = 8;

/** The repository, committed, and its working-tree change; the changed manifests' paths. */
export function buildRepository(folder: string): string[] {
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
  const git = gitIn(folder);
  git('init', '--quiet', '--initial-branch=production');
  git('add', '--all');
  git('commit', '--quiet', '--no-gpg-sign', '--message', 'bench');
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

export function lines(folder: string, path: string): string[] {
  return readFileSync(join(folder, path), 'utf8').replace(/\n$/, '').split('\n');
}

/** A PuppetDB query POSTed raw with undici to `url`'s `endpoint` (no query: the whole endpoint). */
export function rawPost(url: string) {
  return async (endpoint: string, query: unknown) => {
    const response = await request(`${url}/pdb/query/v4${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
    return JSON.parse(await response.body.text()) as Array<Record<string, unknown>>;
  };
}

/**
 * What the computation needs of PuppetDB, sent raw: the catalogs' manifest paths; the resources
 * on the lines of those paths that stand for the changed files, grouped by node and by line;
 * and, from the start, the whole fleet's nodes and roles and the holders of what the changed
 * manifests define (`first` told once all are in: the first grouped counts could be drawn); then
 * those resources whole.
 */
export async function rawRequests(
  url: string,
  files: readonly ChangedFile[],
  folder: string,
  first: () => void,
) {
  const post = rawPost(url);
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

interface GitApi {
  repositories: Array<{ rootUri: vscode.Uri; status(): Promise<void> }>;
  openRepository(root: vscode.Uri): Promise<unknown>;
}

/** The repository at `folder`, opened in the git extension, its status read. */
export async function openInGit(folder: string): Promise<GitRepository> {
  const gitApi = (
    await vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git')!.activate()
  ).getAPI(1);
  await gitApi.openRepository(vscode.Uri.file(folder));
  const repository = gitApi.repositories.find((open) => open.rootUri.fsPath === folder);
  if (!repository) throw new Error('the git extension did not open the bench repository');
  await repository.status();
  return repository as unknown as GitRepository;
}
