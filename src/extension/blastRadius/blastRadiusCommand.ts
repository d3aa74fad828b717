/**
 * "Show Blast Radius of Change…": its argument is read as every view command's is
 * (commands/commandTarget.ts): it may name one of the user's connections, a change's scope (the
 * working tree, the staged changes, or a range of two ref names or commit ids, checked: never an
 * option) and a repository the git extension has open (`repository`, its root as a URI string, or
 * Source Control's `rootUri`), matched among those open. What it does not name is asked:
 * the repository (when several are open), then the scope, the branches and commits listed from git.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ChangeScope } from '../../shared/blastRadius/model';
import type { BlastRadiusRestoreInfo, FocusedFile } from '../../shared/protocol/blastRadius';
import { changeScope } from '../../shared/protocol/blastRadiusSchema';
import type { CommandArgument } from '../commands/commandTarget';
import { Commands } from '../ids';
import { inert } from '../inertText';
import { pickNothing } from '../pickers';
import { viewCommand, type Panels, type ViewCommand } from '../webviews/definePanel';
import type { WebviewPanelHost } from '../webviews/webviewPanelHost';
import {
  baseOf,
  localBranches,
  openRepositories,
  recentCommits,
  type ChangeRepository,
} from './changeRepositories';
import { relativePath } from './gitChange';
import { blastRadiusTargetOf } from './showBlastRadiusArgument';

/** What a panel shows, but its connection; and the changed file to focus, if one was named. */
type Change = Omit<BlastRadiusRestoreInfo, 'entry' | 'connectionId'> & {
  focus?: FocusedFile;
  /** Answer once the page has painted the whole blast radius (tests, the bench). */
  waitForPaint?: boolean;
};

/** What the command needs of a panel (not its class: the panel's file registers it). */
type BlastRadiusPanelLike = WebviewPanelHost<'blastRadius'> & {
  info(): unknown;
  focusOn(focus: FocusedFile | undefined): void;
  painted(): Promise<void>;
};

const commandName = () => vscode.l10n.t('Show Blast Radius of Change');

/** The repository root the argument names, as a URI string: ours, or Source Control's `rootUri`. */
function namedRoot(argument: CommandArgument): string | undefined {
  const { repository, rootUri } = argument.fields;
  if (repository !== undefined) return String(repository);
  return rootUri instanceof vscode.Uri ? rootUri.toString() : undefined;
}

/** The open repository holding a changed file Source Control named (the innermost). */
function holding(
  repositories: readonly ChangeRepository[],
  file: vscode.Uri,
): ChangeRepository | undefined {
  return repositories
    .filter(
      (repository) =>
        file.scheme === 'file' &&
        file.fsPath.startsWith(`${repository.rootUri.fsPath.replace(/\/$/, '')}/`),
    )
    .sort((a, b) => b.rootUri.fsPath.length - a.rootUri.fsPath.length)[0];
}

/** The repository the argument names (among those open), the only one open, or one picked. */
async function repositoryOf(argument: CommandArgument): Promise<ChangeRepository | undefined> {
  const repositories = await openRepositories();
  if (!repositories) {
    throw new Error(
      vscode.l10n.t(
        '{0}: the built-in Git extension is disabled or missing; enable it to read the change.',
        commandName(),
      ),
    );
  }
  if (repositories.length === 0) {
    throw new Error(
      vscode.l10n.t(
        '{0}: no git repository is open. Open the folder of your control repository first.',
        commandName(),
      ),
    );
  }
  const { resourceUri } = argument.fields;
  if (resourceUri instanceof vscode.Uri) {
    const found = holding(repositories, resourceUri);
    if (found) return found;
  }
  const named = namedRoot(argument);
  if (named !== undefined) {
    const found = repositories.find((repository) => repository.rootUri.toString() === named);
    if (!found) {
      throw new Error(
        vscode.l10n.t(
          '{0}: no open repository is at {1}.',
          commandName(),
          inert(named.slice(0, 200)),
        ),
      );
    }
    return found;
  }
  if (repositories.length === 1) return repositories[0];
  const picked = await vscode.window.showQuickPick(
    repositories.map((repository) => ({
      label: inert(path.basename(repository.rootUri.fsPath)),
      description: inert(repository.rootUri.fsPath),
      repository,
    })),
    { placeHolder: vscode.l10n.t('Which repository’s change?'), ignoreFocusOut: true },
  );
  return picked?.repository;
}

/** The scope the argument names, checked; undefined when it names none. */
function namedScope(argument: CommandArgument): ChangeScope | undefined {
  const { scope } = argument.fields;
  if (scope === undefined) return undefined;
  const problem = changeScope(scope);
  if (problem) {
    throw new Error(
      vscode.l10n.t(
        '{0}: the change named does not fit ({1}). Name the working tree, the staged changes, or a range of two branch names or commit ids.',
        commandName(),
        inert(problem),
      ),
    );
  }
  return scope as ChangeScope;
}

/** A local branch against the commit it forked from its base, picked. */
async function pickBranch(repository: ChangeRepository): Promise<ChangeScope | undefined> {
  const branches = await localBranches(repository);
  const branch = await vscode.window.showQuickPick(
    branches.map((name) => ({ label: inert(name), name })),
    { placeHolder: vscode.l10n.t('A branch (compared with the commit it forked from)') },
  );
  if (!branch) return undefined;
  const base = await baseOf(repository, branch.name, branches);
  if (!base) {
    return pickNothing(
      vscode.l10n.t(
        'The branch {0} has no base to compare with (no upstream, and no main or master branch).',
        inert(branch.name),
      ),
    );
  }
  return { kind: 'range', base, head: branch.name };
}

/** One of the newest commits, against its first parent, picked. */
async function pickCommit(repository: ChangeRepository): Promise<ChangeScope | undefined> {
  const commits = await recentCommits(repository);
  const picked = await vscode.window.showQuickPick(
    commits.map((commit) => ({
      label: inert(commit.subject),
      description: inert(commit.hash.slice(0, 8)),
      detail: commit.authorName
        ? vscode.l10n.t(
            '{0}, {1}',
            inert(commit.authorName),
            inert(commit.authorDate?.toLocaleString() ?? ''),
          )
        : undefined,
      hash: commit.hash,
    })),
    { placeHolder: vscode.l10n.t('A commit (compared with its parent)'), matchOnDescription: true },
  );
  return picked && { kind: 'range', base: `${picked.hash}^`, head: picked.hash };
}

/** Which change: asked, with the branches and commits of `repository`. */
async function pickScope(repository: ChangeRepository): Promise<ChangeScope | undefined> {
  type Choice = vscode.QuickPickItem & { pick: () => Promise<ChangeScope | undefined> };
  const choices: Choice[] = [
    {
      label: vscode.l10n.t('Working tree'),
      detail: vscode.l10n.t('Every change not committed yet (staged or not), against HEAD'),
      pick: () => Promise.resolve({ kind: 'workingTree' }),
    },
    {
      label: vscode.l10n.t('Staged'),
      detail: vscode.l10n.t('The changes staged for the next commit'),
      pick: () => Promise.resolve({ kind: 'staged' }),
    },
    {
      label: vscode.l10n.t('A branch against its base…'),
      detail: vscode.l10n.t('What a branch changed since it forked'),
      pick: () => pickBranch(repository),
    },
    {
      label: vscode.l10n.t('A commit…'),
      detail: vscode.l10n.t('What one commit changed'),
      pick: () => pickCommit(repository),
    },
  ];
  const picked = await vscode.window.showQuickPick(choices, {
    placeHolder: vscode.l10n.t(
      'Which change of {0}?',
      inert(path.basename(repository.rootUri.fsPath)),
    ),
    ignoreFocusOut: true,
  });
  return picked?.pick();
}

/** The changed file to focus: a relative path the argument names, or Source Control's file. */
function focusOf(argument: CommandArgument, repository: ChangeRepository): FocusedFile | undefined {
  const named = blastRadiusTargetOf(argument.fields, (text) => vscode.Uri.parse(text, true));
  const file =
    named.file ?? (named.resourceUri && relativePath(repository.rootUri, named.resourceUri));
  return file ? { file, ...(named.hunk !== undefined && { hunk: named.hunk }) } : undefined;
}

const target = async (argument: CommandArgument): Promise<Change | undefined> => {
  const scope = namedScope(argument);
  const repository = await repositoryOf(argument);
  if (!repository) return undefined;
  const chosen = scope ?? (await pickScope(repository));
  return (
    chosen && {
      scope: chosen,
      repository: repository.rootUri.toString(),
      focus: focusOf(argument, repository),
      waitForPaint: argument.fields.waitForPaint === true,
    }
  );
};

export function blastRadiusCommand<P extends BlastRadiusPanelLike>(): ViewCommand<
  'blastRadius',
  P
> {
  return viewCommand<'blastRadius', P, Change>(Commands.showBlastRadius, {
    command: commandName(),
    connection: 'active',
    target,
    open: async (panels: Panels<'blastRadius', P>, { connectionId, target: change }) => {
      const { focus, waitForPaint, ...shown } = change;
      const { panel } = panels.show({ entry: 'blastRadius', connectionId, ...shown });
      panel.focusOn(focus);
      await panel.loaded;
      if (waitForPaint) await panel.painted();
      return panel.info();
    },
  });
}
