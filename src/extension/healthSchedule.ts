import * as vscode from 'vscode';

/**
 * When the status bar checks PuppetDB's health again: every `intervalSeconds` while the window
 * has focus, four times as often after a failure (so a server coming back shows soon), and at once
 * when focus returns after the next check was due. Nothing runs while the window is in the
 * background, so an idle VS Code sends no requests.
 */
export class HealthSchedule implements vscode.Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastCheck = Date.now();
  private lastFailed = false;
  private readonly focus: vscode.Disposable;

  constructor(
    private readonly intervalSeconds: () => number,
    private readonly check: () => Promise<void>,
  ) {
    this.focus = vscode.window.onDidChangeWindowState((state) => {
      if (!state.focused) this.stop();
      else if (Date.now() - this.lastCheck >= this.delayMs()) void this.run();
      else this.schedule();
    });
  }

  /** A check just ended (whoever started it): plan the next one from its outcome. */
  checked(failed: boolean): void {
    this.lastCheck = Date.now();
    this.lastFailed = failed;
    this.schedule();
  }

  dispose(): void {
    this.stop();
    this.focus.dispose();
  }

  private delayMs(): number {
    const seconds = this.intervalSeconds();
    return (this.lastFailed ? seconds / 4 : seconds) * 1000;
  }

  private schedule(): void {
    this.stop();
    if (this.intervalSeconds() <= 0 || !vscode.window.state.focused) return;
    this.timer = setTimeout(() => void this.run(), this.delayMs());
  }

  private async run(): Promise<void> {
    this.stop();
    await this.check();
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
