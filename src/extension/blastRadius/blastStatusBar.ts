/**
 * "$(target) N nodes" in the status bar: how many nodes the active repository's working-tree
 * change reaches (its failing ones in the tooltip); a click opens the Blast Radius view. Hidden
 * without a connection, a repository or a change.
 */
import * as vscode from 'vscode';
import type { Services } from '../services';
import { Commands } from '../ids';
import { inert } from '../inertText';
import { repositoryFor, type GitRepository } from './gitChange';
import type { WorkingTreeAnswer, WorkingTreeRadius } from './workingTreeRadius';
import { SHOW_BLAST_RADIUS, type ShowBlastRadiusArgument } from './showBlastRadiusArgument';

/** What the item shows (tests read it through the extension's test API). */
export interface BlastStatus {
  visible: boolean;
  text: string;
  tooltip: string;
  /** The reached and failing counts shown; undefined while hidden or on a failure. */
  nodes?: number;
  failing?: number;
}

export class BlastStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 49);
  private readonly disposables: vscode.Disposable[] = [this.item];
  private generation = 0;
  private shown: BlastStatus = { visible: false, text: '', tooltip: '' };
  private readonly updated = new vscode.EventEmitter<BlastStatus>();
  /** Fires each time the item was updated (tests wait for it). */
  readonly onDidUpdate = this.updated.event;

  constructor(
    private readonly services: Services,
    private readonly radius: WorkingTreeRadius,
  ) {
    this.item.name = vscode.l10n.t('Blast radius of the working tree');
    this.disposables.push(
      this.updated,
      radius.onDidChange(() => void this.update()),
      vscode.window.onDidChangeActiveTextEditor(() => void this.update()),
      services.firstUse.onDidBegin(() => void this.update()),
    );
    void this.update();
  }

  get status(): BlastStatus {
    return this.shown;
  }

  async update(): Promise<void> {
    const generation = ++this.generation;
    // no request of its own before the window has asked PuppetDB for something
    if (!this.services.firstUse.begun) {
      this.hide();
      return;
    }
    const repository = await this.activeRepository();
    let answer: WorkingTreeAnswer | undefined;
    let failure: unknown;
    try {
      answer = repository && (await this.radius.answer(repository));
    } catch (error) {
      failure = error;
    }
    if (generation !== this.generation) return; // a newer update is on its way
    if (failure !== undefined) {
      this.showFailure(failure);
      return;
    }
    if (!repository || !answer?.found) {
      this.hide();
      return;
    }
    const { radius } = answer;
    const nodes = radius.nodes.length;
    const failing = radius.nodes.filter((node) => node.status === 'failed').length;
    const text = `$(target) ${vscode.l10n.t('{0} nodes', nodes.toLocaleString())}`;
    const tooltip = [
      vscode.l10n.t(
        'The working-tree change of {0} reaches {1} nodes, {2} of them failing.',
        inert(radius.repository),
        nodes.toLocaleString(),
        failing.toLocaleString(),
      ),
      vscode.l10n.t('Show the blast radius'),
    ].join('\n');
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: tooltip };
    this.item.command = {
      title: vscode.l10n.t('Show the blast radius'),
      command: SHOW_BLAST_RADIUS,
      arguments: [
        {
          scope: { kind: 'workingTree' },
          repository: repository.rootUri.toString(),
        } satisfies ShowBlastRadiusArgument,
      ],
    };
    this.item.show();
    this.publish({ visible: true, text, tooltip, nodes, failing });
  }

  /** The repository of the active editor's file, else the only one. */
  private async activeRepository(): Promise<GitRepository | undefined> {
    const repositories = await this.radius.repositories();
    return repositoryFor(repositories, vscode.window.activeTextEditor?.document.uri);
  }

  private showFailure(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.services.log.warn(`The blast radius of the working tree failed: ${message}`);
    const text = `$(target) ${vscode.l10n.t('nodes unknown')}`;
    const tooltip = vscode.l10n.t(
      'Counting the nodes this change reaches failed: {0}',
      inert(message),
    );
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: tooltip };
    this.item.command = Commands.showLog;
    this.item.show();
    this.publish({ visible: true, text, tooltip });
  }

  private hide(): void {
    this.item.hide();
    this.publish({ visible: false, text: '', tooltip: '' });
  }

  private publish(status: BlastStatus): void {
    this.shown = status;
    this.updated.fire(status);
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
