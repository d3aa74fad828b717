/**
 * Above each changed hunk of a manifest or a Hiera data file: "this change reaches N nodes
 * (F failing)", from the working tree's blast radius (workingTreeRadius.ts); a click opens the
 * Blast Radius view focused on that file and hunk. The lines are those of the file on disk (git's
 * diff): while an edit is unsaved they may sit a few lines off, and move back on save.
 */
import * as vscode from 'vscode';
import type {
  ChangedHunk,
  FileReach,
  ReachBasis,
  ReachCaveat,
} from '../../shared/blastRadius/model';
import { inert } from '../inertText';
import type { Services } from '../services';
import { repositoryFor, relativePath } from './gitChange';
import { SHOW_BLAST_RADIUS, type ShowBlastRadiusArgument } from './showBlastRadiusArgument';
import type { WorkingTreeRadius } from './workingTreeRadius';

/** Manifests, and the data files Hiera reads (the engine decides which are; others get no lens). */
export const CHANGED_CODE_FILES: vscode.DocumentSelector = [
  { scheme: 'file', pattern: '**/*.pp' },
  { scheme: 'file', pattern: '**/*.{yaml,yml,json,eyaml}' },
];

export class HunkLensProvider implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(
    private readonly services: Services,
    private readonly radius: WorkingTreeRadius,
  ) {
    radius.onDidChange(() => this.changed.fire());
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    if (!this.services.settings.codeLenses()) return [];
    const repository = repositoryFor(await this.radius.repositories(), document.uri);
    if (!repository) return [];
    let answer;
    try {
      answer = await this.radius.answer(repository);
    } catch (error) {
      this.services.log.warn(`The blast radius for the lenses failed: ${String(error)}`);
      return [];
    }
    if (!answer.found) return [];
    const path = relativePath(repository.rootUri, document.uri);
    const file = answer.radius.files.find((candidate) => candidate.path === path);
    if (!file || (file.kind !== 'manifest' && file.kind !== 'hieraData')) return [];
    const lastLine = Math.max(0, document.lineCount - 1);
    return file.hunks.map((hunk, index) => {
      const line = Math.min(Math.max(0, hunk.start - 1), lastLine);
      return new vscode.CodeLens(new vscode.Range(line, 0, line, 0), {
        title: hunkLabel(hunk),
        tooltip: hunkTooltip(file, hunk),
        command: SHOW_BLAST_RADIUS,
        arguments: [
          {
            scope: { kind: 'workingTree' },
            repository: repository.rootUri.toString(),
            file: file.path,
            hunk: index,
          } satisfies ShowBlastRadiusArgument,
        ],
      });
    });
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** The lens's title: the count, or what could not be counted. */
export function hunkLabel(hunk: ChangedHunk): string {
  if (hunk.caveats.includes('hieraNotComputed')) {
    return vscode.l10n.t('$(target) the nodes this data change reaches: not computed');
  }
  if (hunk.nodes === 0) {
    return vscode.l10n.t('$(target) this change reaches no node PuppetDB knows');
  }
  const count = hunk.nodes.toLocaleString();
  return hunk.failing > 0
    ? vscode.l10n.t(
        '$(target) this change reaches {0} nodes ({1} failing)',
        count,
        hunk.failing.toLocaleString(),
      )
    : vscode.l10n.t('$(target) this change reaches {0} nodes', count);
}

/** How the count was made and what it cannot know. */
export function hunkTooltip(file: FileReach, hunk: ChangedHunk): string {
  const lines = [basisText(file, hunk.basis), ...hunk.caveats.map(caveatText)];
  if (file.kind === 'manifest') lines.push(caveatText('conditionals'));
  lines.push(vscode.l10n.t('Show the blast radius'));
  return lines.join('\n');
}

function basisText(file: FileReach, basis: ReachBasis): string {
  switch (basis) {
    case 'resources':
      return vscode.l10n.t("Counted from the resources today's catalogs declare on these lines.");
    case 'definitions':
      return vscode.l10n.t(
        "No resource of today's catalogs is declared on these lines: counted by the classes and defined types this file defines ({0}).",
        inert(file.definitions.join(', ')),
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
  }
}

function caveatText(caveat: ReachCaveat): string {
  switch (caveat) {
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
  }
}
