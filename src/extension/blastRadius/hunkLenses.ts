/**
 * Above each changed hunk of a manifest or a Hiera data file: "this change reaches N nodes
 * (F failing)", from the working tree's blast radius (workingTreeRadius.ts); a click opens the
 * Blast Radius view focused on that file and hunk. The lines are those of the file on disk (git's
 * diff): while an edit is unsaved they may sit a few lines off, and move back on save.
 */
import * as vscode from 'vscode';
import type { ChangedHunk, FileReach } from '../../shared/blastRadius/model';
import type { Services } from '../services';
import { repositoryFor, relativePath } from './gitChange';
import { radiusWords } from './radiusWords';
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
  const lines = [
    radiusWords(hunk.basis, file.definitions),
    ...hunk.caveats.map((caveat) => radiusWords(caveat)),
  ];
  if (file.kind === 'manifest') lines.push(radiusWords('conditionals'));
  lines.push(vscode.l10n.t('Show the blast radius'));
  return lines.join('\n');
}
