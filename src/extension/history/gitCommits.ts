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

interface GitRepository {
  readonly rootUri: vscode.Uri;
  getCommit(ref: string): Promise<GitCommit>;
  log(options?: { range?: string; maxEntries?: number }): Promise<GitCommit[]>;
}

interface GitApi {
  readonly repositories: GitRepository[];
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

/** The commits of `range` (`from..to`, newest first) in the first repository that has both ends. */
export async function commitsBetween(range: CommitRange): Promise<CommitsAnswer> {
  const api = await gitApi();
  if (!api) return { found: false, reason: 'noGit' };
  if (api.repositories.length === 0) return { found: false, reason: 'noRepository' };
  for (const repository of api.repositories) {
    if (!(await hasCommit(repository, range.to)) || !(await hasCommit(repository, range.from))) {
      continue;
    }
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
  return { found: false, reason: 'notFound' };
}
