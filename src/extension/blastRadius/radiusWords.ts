/**
 * What the blast radius says to the user in VS Code, in one place: how a hunk's count was made,
 * what it cannot know, and why there is no blast radius at all. The view's page has its own
 * English words (src/shared/blastRadius/radiusView.ts); these go through `vscode.l10n.t`, which
 * takes a literal, so each stays a sentence of its own for the translators.
 */
import * as vscode from 'vscode';
import type { ReachBasis, ReachCaveat } from '../../shared/blastRadius/model';
import { inert } from '../inertText';

/** Why there is no blast radius to show, each said plainly to the user. */
export type NoBlastRadius =
  'noGit' | 'noRepository' | 'severalRepositories' | 'noChange' | 'noCommit';

/**
 * The sentence for a basis, a caveat or a refusal; `definitions` are what a file defines (the
 * `definitions` basis names them).
 */
export function radiusWords(
  word: ReachBasis | ReachCaveat | NoBlastRadius,
  definitions: readonly string[] = [],
): string {
  switch (word) {
    case 'resources':
      return vscode.l10n.t("Counted from the resources today's catalogs declare on these lines.");
    case 'definitions':
      return vscode.l10n.t(
        "No resource of today's catalogs is declared on these lines: counted by the classes and defined types this file defines ({0}).",
        inert(definitions.join(', ')),
      );
    case 'hieraData':
      return vscode.l10n.t('Counted from the nodes whose Hiera hierarchy reads this file.');
    case 'modules':
      return vscode.l10n.t(
        'Counted from the nodes holding the classes and types of the modules this change updates.',
      );
    case 'environment':
      return vscode.l10n.t('Every node of the environment this file is deployed to.');
    case 'none':
      return vscode.l10n.t('No catalog of the fleet names this code.');
    case 'newLines':
      return vscode.l10n.t('These lines are new: no catalog declares anything on them yet.');
    case 'hieraNotComputed':
      return vscode.l10n.t(
        'Which nodes read this data file is known only for the data of a hiera.yaml at the root of a trusted workspace folder.',
      );
    case 'environmentWide':
      return vscode.l10n.t('A change here reaches every node of the environment.');
    case 'notInCatalogs':
      return vscode.l10n.t('No catalog of the fleet names this file.');
    case 'moduleCode':
      return vscode.l10n.t(
        "A module's facts, functions and types sync to every node of the environment and may reach more.",
      );
    case 'conditionals':
      return vscode.l10n.t(
        "Code behind conditionals may reach more nodes than today's catalogs show.",
      );
    case 'noGit':
      return vscode.l10n.t(
        "The blast radius reads changes through VS Code's Git extension, which is disabled or missing.",
      );
    case 'noRepository':
      return vscode.l10n.t('No Git repository is open in this workspace.');
    case 'severalRepositories':
      return vscode.l10n.t(
        'Several Git repositories are open: open a file of the one to read, or pick it in Source Control.',
      );
    case 'noChange':
      return vscode.l10n.t('This change holds no changed file.');
    case 'noCommit':
      return vscode.l10n.t('The repository has no commit yet: there is nothing to compare with.');
  }
}
