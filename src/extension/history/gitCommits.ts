/**
 * The commits between the last good and the first bad run, from the workspace's repositories
 * through VS Code's git extension (`vscode.git`, API version 1): no git process of our own, and
 * nothing when the git extension is disabled or absent. Only hex ids reach git (commitRange.ts
 * checks them), so a configuration version from PuppetDB can never become a git option.
 */
import * as vscode from 'vscode';
import type { CommitRange } from '../../shared/history';

/** The part of the git extension's API (its git.d.ts, version 1) used here. */
interface GitCommit {
  hash: string;
  message: string;
  parents: string[];
  authorDate?: Date;
  authorName?: string;
  authorEmail?: string;
}

/** A file changed between two commits (git.d.ts `Change`). */
interface GitChange {
  readonly uri: vscode.Uri;
  readonly originalUri: vscode.Uri;
}

interface GitRepository {
  readonly rootUri: vscode.Uri;
  getCommit(ref: string): Promise<GitCommit>;
  log(options?: { range?: string; maxEntries?: number }): Promise<GitCommit[]>;
  diffBetween(ref1: string, ref2: string): Promise<GitChange[]>;
}

interface GitApi {
  readonly repositories: GitRepository[];
  toGitUri(uri: vscode.Uri, ref: string): vscode.Uri;
}

interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** The most commits listed between two runs; past it the answer says how many more. */
export const MAX_COMMITS = 200;

export interface CommitInfo {
  hash: string;
  /** The first line of the message. */
  subject: string;
  authorName: string | undefined;
  authorDate: string | undefined;
}

export type CommitsAnswer =
  | { found: true; repository: string; commits: CommitInfo[]; more: number }
  | { found: false; reason: 'noGit' | 'noRepository' | 'notFound' };

async function gitApi(): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) return undefined;
  const exports = extension.isActive ? extension.exports : await extension.activate();
  return exports.enabled ? exports.getAPI(1) : undefined;
}

async function hasCommit(repository: GitRepository, hash: string): Promise<boolean> {
  try {
    await repository.getCommit(hash);
    return true;
  } catch {
    return false;
  }
}

type Found =
  | { api: GitApi; repository: GitRepository }
  | { found: false; reason: 'noGit' | 'noRepository' | 'notFound' };

/** The first of the workspace's repositories that has both ends of `range`. */
async function repositoryWith(range: CommitRange): Promise<Found> {
  const api = await gitApi();
  if (!api) return { found: false, reason: 'noGit' };
  if (api.repositories.length === 0) return { found: false, reason: 'noRepository' };
  for (const repository of api.repositories) {
    if ((await hasCommit(repository, range.to)) && (await hasCommit(repository, range.from))) {
      return { api, repository };
    }
  }
  return { found: false, reason: 'notFound' };
}

/** The commits of `range` (`from..to`, newest first) in the first repository that has both ends. */
export async function commitsBetween(range: CommitRange): Promise<CommitsAnswer> {
  const found = await repositoryWith(range);
  if (!('repository' in found)) return found;
  const { repository } = found;
  const commits = await repository.log({ range: `${range.from}..${range.to}` });
  return {
    found: true,
    repository: repository.rootUri.fsPath,
    commits: commits.slice(0, MAX_COMMITS).map((commit) => ({
      hash: commit.hash,
      subject: commit.message.split('\n', 1)[0] ?? '',
      authorName: commit.authorName,
      authorDate: commit.authorDate?.toISOString(),
    })),
    more: Math.max(0, commits.length - MAX_COMMITS),
  };
}

/**
 * The files changed between the two commits of `range`, in VS Code's multi-file diff editor (each
 * file at `from` beside itself at `to`); false when no repository of the workspace has both.
 */
export async function openChangesBetween(range: CommitRange, title: string): Promise<boolean> {
  const found = await repositoryWith(range);
  if (!('repository' in found)) return false;
  const { api, repository } = found;
  const changes = await repository.diffBetween(range.from, range.to);
  const resources = changes.map((change) => [
    change.uri,
    api.toGitUri(change.originalUri, range.from),
    api.toGitUri(change.uri, range.to),
  ]);
  await vscode.commands.executeCommand('vscode.changes', title, resources);
  return true;
}
