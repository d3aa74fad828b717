/**
 * The blast radius of each open repository's working tree (staged and unstaged changes against
 * HEAD), as the status bar item and the hunk lenses show it: computed once per repository state,
 * again (debounced) when git reports a change, a connection changes or the workspace is trusted.
 */
import * as vscode from 'vscode';
import type { Services } from '../services';
import { activeConnection } from '../code/countingLenses';
import type { BlastRadiusAnswer, BlastRadiusEngine } from './computeBlastRadius';
import { gitApi, type GitApi, type GitRepository } from './gitChange';

/** How long a burst of repository events (a save touches the index, the tree, HEAD) is let settle. */
const SETTLE_MS = 400;

export type WorkingTreeAnswer = BlastRadiusAnswer | { found: false; reason: 'noConnection' };

export class WorkingTreeRadius implements vscode.Disposable {
  private readonly answers = new Map<string, Promise<WorkingTreeAnswer>>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires after the answers were dropped: ask again. */
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private readonly watched = new Map<string, vscode.Disposable>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private api: GitApi | undefined;

  constructor(
    private readonly services: Services,
    private readonly engine: BlastRadiusEngine,
  ) {
    const drop = () => this.drop();
    this.disposables.push(
      services.statusBar.onDidChangeActive(drop),
      services.store.onDidChange(drop),
      services.settings.onDidChange(drop),
      services.trust.onDidGrant(drop),
    );
    void this.watchGit();
  }

  /** The answer for `repository`'s working tree, computed once per state. */
  answer(repository: GitRepository): Promise<WorkingTreeAnswer> {
    const key = repository.rootUri.toString();
    let answer = this.answers.get(key);
    if (!answer) {
      answer = this.compute(repository);
      this.answers.set(key, answer);
      // a failure is not kept: the next question asks again
      answer.catch(() => {
        if (this.answers.get(key) === answer) this.answers.delete(key);
      });
    }
    return answer;
  }

  /** The open repositories (none without the git extension). */
  async repositories(): Promise<readonly GitRepository[]> {
    this.api ??= await gitApi();
    return this.api?.repositories ?? [];
  }

  private async compute(repository: GitRepository): Promise<WorkingTreeAnswer> {
    const connectionId = activeConnection(this.services);
    if (!connectionId) return { found: false, reason: 'noConnection' };
    return this.engine.compute({
      connectionId,
      scope: { kind: 'workingTree' },
      repository: repository.rootUri,
    });
  }

  private async watchGit(): Promise<void> {
    const api = await gitApi().catch(() => undefined);
    if (!api) return;
    this.api = api;
    for (const repository of api.repositories) this.watch(repository);
    this.disposables.push(
      api.onDidOpenRepository((repository) => {
        this.watch(repository);
        this.drop();
      }),
      api.onDidCloseRepository((repository) => {
        const key = repository.rootUri.toString();
        this.watched.get(key)?.dispose();
        this.watched.delete(key);
        this.drop();
      }),
    );
    this.changed.fire();
  }

  private watch(repository: GitRepository): void {
    const key = repository.rootUri.toString();
    if (this.watched.has(key)) return;
    this.watched.set(
      key,
      repository.state.onDidChange(() => this.settle()),
    );
  }

  /** Drops the answers once git's burst of events is over. */
  private settle(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drop();
    }, SETTLE_MS);
  }

  private drop(): void {
    this.answers.clear();
    this.changed.fire();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const watch of this.watched.values()) watch.dispose();
    for (const disposable of this.disposables) disposable.dispose();
  }
}
