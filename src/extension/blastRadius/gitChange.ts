/**
 * A change of a workspace repository, read through VS Code's git extension (`vscode.git`, API
 * version 1): no git process of our own. For each changed file, its unified diff and, for a
 * manifest, its old side's text (what today's catalogs were compiled from) or, for a new one, its
 * new text (where its definitions are). Only refs that cannot be read as a git option reach git.
 */
import * as vscode from 'vscode';
import { oldSideOf, patchAdds, patchDeletes, splitPatch } from '../../shared/blastRadius/hunks';
import type { ChangeScope } from '../../shared/blastRadius/model';
import { classifyPath } from '../../shared/blastRadius/classify';
import { isRevision } from '../../shared/blastRadius/revision';
import { inert } from '../inertText';

/** git.d.ts `Status`: the values read here. */
const enum GitStatus {
  UNTRACKED = 7,
}

interface GitChange {
  readonly uri: vscode.Uri;
  readonly originalUri: vscode.Uri;
  readonly status: number;
}

/** The part of the git extension's Repository (its git.d.ts, version 1) read here. */
export interface GitRepository {
  readonly rootUri: vscode.Uri;
  /** `git diff` (the working tree against the index), or `git diff --cached` (the index against HEAD). */
  diff(cached?: boolean): Promise<string>;
  readonly state: {
    readonly HEAD: { readonly commit?: string; readonly name?: string } | undefined;
    readonly untrackedChanges?: readonly GitChange[];
    readonly workingTreeChanges: readonly GitChange[];
    readonly onDidChange: vscode.Event<void>;
  };
  diffWith(ref: string): Promise<GitChange[]>;
  diffWith(ref: string, path: string): Promise<string>;
  diffBetween(ref1: string, ref2: string): Promise<GitChange[]>;
  diffBetween(ref1: string, ref2: string, path: string): Promise<string>;
  /** `git diff ref1...ref2` whole (in newer VS Code: 1.139 has it, 1.96 not). */
  diffBetweenPatch?(ref1: string, ref2: string): Promise<string>;
  getMergeBase(ref1: string, ref2: string): Promise<string | undefined>;
  show(ref: string, path: string): Promise<string>;
}

export interface GitApi {
  readonly repositories: readonly GitRepository[];
  readonly onDidOpenRepository: vscode.Event<GitRepository>;
  readonly onDidCloseRepository: vscode.Event<GitRepository>;
}

interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** The git extension's API, or why there is none. */
export async function gitApi(): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) return undefined;
  const exports = extension.isActive ? extension.exports : await extension.activate();
  return exports.enabled ? exports.getAPI(1) : undefined;
}

/**
 * The repository a change is read from: the one holding `near` (the active editor's file), else
 * the only one; undefined when there are several and none holds it (the caller asks).
 */
export function repositoryFor(
  repositories: readonly GitRepository[],
  near: vscode.Uri | undefined,
): GitRepository | undefined {
  if (near) {
    const holding = repositories
      .filter((repository) => isInside(near, repository.rootUri))
      // a submodule's root is longer than its parent's
      .sort((a, b) => b.rootUri.fsPath.length - a.rootUri.fsPath.length);
    if (holding[0]) return holding[0];
  }
  return repositories.length === 1 ? repositories[0] : undefined;
}

function isInside(uri: vscode.Uri, root: vscode.Uri): boolean {
  const folder = root.fsPath.endsWith('/') ? root.fsPath : `${root.fsPath}/`;
  return uri.scheme === 'file' && (uri.fsPath === root.fsPath || uri.fsPath.startsWith(folder));
}

export interface ChangedFileText {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  uri: vscode.Uri;
  /** The file's unified diff ('' for a file git has no diff of: an untracked one). */
  patch: string;
  /** Whether the file is new (added or untracked): no old side. */
  added: boolean;
  /** The old side's text, read for manifests and Puppetfiles that had one. */
  oldText?: string;
  /** The new side's text, read for manifests and Puppetfiles. */
  newText?: string;
}

/** Whether the blast radius reads a changed file's texts: a manifest's lines, a Puppetfile's modules. */
function readsTexts(path: string): boolean {
  const kind = classifyPath(path);
  return kind === 'manifest' || kind === 'puppetfile';
}

export interface RepositoryChange {
  repository: GitRepository;
  /** The repository folder's name. */
  name: string;
  head: string | undefined;
  files: ChangedFileText[];
}

/** What differs in `scope`; reads manifests' texts as the header says. */
export async function readChange(
  repository: GitRepository,
  scope: ChangeScope,
): Promise<RepositoryChange> {
  const root = repository.rootUri;
  const files =
    scope.kind === 'workingTree'
      ? await readWorkingTree(repository)
      : await readEach(repository, scope);
  return { repository, name: basename(root), head: repository.state.HEAD?.commit, files };
}

/**
 * The working tree against HEAD, in as few git processes as the change allows (the status bar
 * and the lenses read it on every save): the unstaged and the staged diffs whole, git's diff
 * against HEAD only for a file in both; each manifest's new side from the disk and its old side
 * from the new one, the patch applied backwards.
 */
async function readWorkingTree(repository: GitRepository): Promise<ChangedFileText[]> {
  const root = repository.rootUri;
  const [unstaged, staged] = await Promise.all([repository.diff(false), repository.diff(true)]);
  const unstagedFiles = splitPatch(unstaged);
  const stagedFiles = splitPatch(staged);
  const paths = [...new Set([...unstagedFiles.keys(), ...stagedFiles.keys()])];
  const tracked = paths.map(async (path): Promise<ChangedFileText> => {
    const uri = vscode.Uri.joinPath(root, path);
    const patch =
      unstagedFiles.has(path) && stagedFiles.has(path)
        ? await repository.diffWith('HEAD', uri.fsPath)
        : (unstagedFiles.get(path) ?? stagedFiles.get(path) ?? '');
    const added = patchAdds(patch);
    if (!readsTexts(path)) return { path, uri, patch, added };
    const deleted = patchDeletes(patch);
    const newText = deleted ? '' : await newSide(repository, uri, undefined);
    const oldText = added
      ? undefined
      : ((newText !== undefined ? oldSideOf(newText, patch) : undefined) ??
        (await repository.show('HEAD', uri.fsPath).catch(() => undefined)));
    return { path, uri, patch, added, oldText, ...(!deleted && { newText }) };
  });
  const known = new Set(paths);
  const fresh = dedupe(untracked(repository))
    .map((change) => ({ uri: change.uri, path: relativePath(root, change.uri) }))
    .filter(({ path }) => !known.has(path))
    .map(async ({ uri, path }): Promise<ChangedFileText> => ({
      path,
      uri,
      patch: '',
      added: true,
      newText: await newSide(repository, uri, undefined),
    }));
  return Promise.all([...tracked, ...fresh]);
}

/**
 * The index against HEAD, or a range: the whole change's diff in one git process, then each
 * manifest's new side. Each git process the extension host starts costs it tens of milliseconds
 * of its own thread (measured: about 30 ms under bench:code's fleet), so a 4-file commit read
 * in 5 processes instead of 10 is ready that much sooner.
 */
async function readEach(
  repository: GitRepository,
  scope: Exclude<ChangeScope, { kind: 'workingTree' }>,
): Promise<ChangedFileText[]> {
  const root = repository.rootUri;
  const { patch, oldRef, newRef } =
    scope.kind === 'staged'
      ? { patch: await repository.diff(true), oldRef: async () => 'HEAD', newRef: '' }
      : await rangePatch(repository, scope);
  return Promise.all(
    [...splitPatch(patch)].map(async ([path, filePatch]): Promise<ChangedFileText> => {
      const uri = vscode.Uri.joinPath(root, path);
      const added = patchAdds(filePatch);
      const deleted = patchDeletes(filePatch);
      if (!readsTexts(path)) return { path, uri, patch: filePatch, added };
      const newText = deleted ? undefined : await newSide(repository, uri, newRef);
      // the old side from the new one, the patch applied backwards: a git process less per file
      const oldText = added
        ? undefined
        : ((newText !== undefined ? oldSideOf(newText, filePatch) : undefined) ??
          (await repository.show(await oldRef(), uri.fsPath).catch(() => undefined)));
      return { path, uri, patch: filePatch, added, oldText, newText };
    }),
  );
}

/**
 * `base...head`'s diff as the git extension reads it (against their merge base): whole where its
 * API offers it (`diffBetweenPatch`: VS Code 1.139 has it, 1.96 not), else file by file. The merge base
 * is asked only when an old side cannot be made from the new one and its patch.
 */
async function rangePatch(
  repository: GitRepository,
  scope: Extract<ChangeScope, { kind: 'range' }>,
): Promise<{ patch: string; oldRef: () => Promise<string>; newRef: string }> {
  const { base, head } = scope;
  if (!isRevision(base) || !isRevision(head)) {
    throw new Error(
      vscode.l10n.t('A commit range names refs, not options: {0}..{1}', inert(base), inert(head)),
    );
  }
  let mergeBase: Promise<string> | undefined;
  const oldRef = () =>
    (mergeBase ??= repository
      .getMergeBase(base, head)
      .then((found) => found ?? base)
      .catch(() => base));
  const patch = repository.diffBetweenPatch
    ? await repository.diffBetweenPatch(base, head)
    : (
        await Promise.all(
          dedupe(await repository.diffBetween(base, head)).map(
            async (change) =>
              // (each ends without its last newline: the next one's `diff --git` starts a line)
              `${await repository.diffBetween(base, head, change.uri.fsPath)}\n`,
          ),
        )
      ).join('');
  return { patch, oldRef, newRef: head };
}

/**
 * New files git does not track yet: in their own group (`git.untrackedChanges: separate`) or
 * among the working tree's changes (`mixed`, the default).
 */
function untracked(repository: GitRepository): readonly GitChange[] {
  return [
    ...(repository.state.untrackedChanges ?? []),
    ...repository.state.workingTreeChanges.filter(
      (change) => change.status === GitStatus.UNTRACKED,
    ),
  ];
}

/** One entry per file (a file may be listed both as changed and untracked while git updates). */
function dedupe(changes: readonly GitChange[]): GitChange[] {
  const seen = new Map<string, GitChange>();
  for (const change of changes) {
    if (!seen.has(change.uri.fsPath)) seen.set(change.uri.fsPath, change);
  }
  return [...seen.values()];
}

async function newSide(
  repository: GitRepository,
  uri: vscode.Uri,
  ref: string | undefined,
): Promise<string | undefined> {
  try {
    if (ref !== undefined) return await repository.show(ref, uri.fsPath);
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** `uri` relative to `root`, with forward slashes. */
export function relativePath(root: vscode.Uri, uri: vscode.Uri): string {
  const rootPath = root.path.endsWith('/') ? root.path : `${root.path}/`;
  return uri.path.startsWith(rootPath) ? uri.path.slice(rootPath.length) : uri.path;
}

function basename(uri: vscode.Uri): string {
  return uri.path.split('/').filter(Boolean).pop() ?? uri.path;
}
