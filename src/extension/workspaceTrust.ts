import * as vscode from 'vscode';

/**
 * Restricted Mode for the features that act on a workspace's files: they ask `isTrusted`, and
 * what they hold back is recorded (for the user's "why not?" and for the tests) and released
 * when the user trusts the workspace.
 */
export class WorkspaceTrust implements vscode.Disposable {
  private readonly waiting = new Set<string>();
  private readonly subscription = vscode.workspace.onDidGrantWorkspaceTrust(() =>
    this.waiting.clear(),
  );

  get isTrusted(): boolean {
    return vscode.workspace.isTrusted;
  }

  /** Fires once the user trusts the workspace. */
  readonly onDidGrant = vscode.workspace.onDidGrantWorkspaceTrust;

  /** Records that `what` waits for trust (e.g. "ast_only check of file:///…/q.pql"). */
  hold(what: string): void {
    this.waiting.add(what);
  }

  /** What waits for trust now. */
  held(): string[] {
    return [...this.waiting];
  }

  /** Opens VS Code's Workspace Trust editor. */
  manage(): Thenable<unknown> {
    return vscode.commands.executeCommand('workbench.trust.manage');
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
