/**
 * The repositories and revisions the Blast Radius view offers, from VS Code's git extension
 * (`vscode.git`, API version 1): the repositories it has open (a view's record or a command's
 * argument is matched among them, never opened), their local branches, the base of a branch and
 * their recent commits. No git process of our own.
 */
import * as vscode from 'vscode';

/** A ref of git.d.ts (`Ref`, `Branch`): type 0 a local branch, 1 a remote one, 2 a tag. */
interface GitRef {
  readonly type: number;
  readonly name?: string;
  readonly commit?: string;
  readonly remote?: string;
}

interface GitCommit {
  readonly hash: string;
  readonly message: string;
  readonly parents: string[];
  readonly authorName?: string;
  readonly authorDate?: Date;
}

/** The part of git.d.ts's `Repository` the view uses. */
export interface ChangeRepository {
  readonly rootUri: vscode.Uri;
  getBranches(query: { remote?: boolean }): Promise<GitRef[]>;
  getBranchBase(ref: string): Promise<GitRef | undefined>;
  log(options?: { maxEntries?: number }): Promise<GitCommit[]>;
}

interface GitApi {
  readonly repositories: ChangeRepository[];
}

interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** The repositories the git extension has open; undefined when it is absent or disabled. */
export async function openRepositories(): Promise<readonly ChangeRepository[] | undefined> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) return undefined;
  const exports = extension.isActive ? extension.exports : await extension.activate();
  return exports.enabled ? exports.getAPI(1).repositories : undefined;
}

/** The repository's local branches, by name. */
export async function localBranches(repository: ChangeRepository): Promise<string[]> {
  const branches = await repository.getBranches({ remote: false });
  return branches
    .filter((branch) => branch.type === 0 && branch.name)
    .map((branch) => branch.name!)
    .sort((a, b) => a.localeCompare(b));
}

/** Commits offered to pick from: the newest, as `git log` lists them from HEAD. */
const PICKED_COMMITS = 50;

export interface CommitChoice {
  hash: string;
  subject: string;
  authorName: string | undefined;
  authorDate: Date | undefined;
}

/** The newest commits that have a parent (a root commit has nothing to compare against). */
export async function recentCommits(repository: ChangeRepository): Promise<CommitChoice[]> {
  const commits = await repository.log({ maxEntries: PICKED_COMMITS });
  return commits
    .filter((commit) => commit.parents.length > 0)
    .map((commit) => ({
      hash: commit.hash,
      subject: commit.message.split('\n', 1)[0] ?? '',
      authorName: commit.authorName,
      authorDate: commit.authorDate,
    }));
}

/** A branch ref's name as git reads it (`origin/main` for a remote one). */
function refName(ref: GitRef): string | undefined {
  if (!ref.name) return undefined;
  return ref.remote && !ref.name.startsWith(`${ref.remote}/`)
    ? `${ref.remote}/${ref.name}`
    : ref.name;
}

/**
 * The branch a branch is compared with (git's base of it: its configured base or upstream; else
 * `main` or `master`), or undefined when there is none. The engine diffs against their merge base.
 */
export async function baseOf(
  repository: ChangeRepository,
  branch: string,
  branches: readonly string[],
): Promise<string | undefined> {
  const configured = await repository.getBranchBase(branch).catch(() => undefined);
  return (
    (configured && refName(configured)) ??
    ['main', 'master'].find((name) => name !== branch && branches.includes(name))
  );
}
