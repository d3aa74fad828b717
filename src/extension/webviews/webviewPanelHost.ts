import * as vscode from 'vscode';
import type { Protocols, WebviewEntry } from '../../shared/protocol';
import { webviewHtml, webviewOptions } from './webviewHtml';

type ToWebview<E extends WebviewEntry> = Protocols[E]['toWebview'];
type ToHost<E extends WebviewEntry> = Protocols[E]['toHost'];

/**
 * The host side of one webview panel: its HTML, the ready handshake and typed messages.
 *
 * Messages posted while the webview is not listening (before its first `ready`, or while it is
 * hidden and torn down) are dropped on purpose: on every `ready` the subclass re-posts a full
 * snapshot from `sendSnapshot()`, which is what also restores the view after a reload.
 */
export abstract class WebviewPanelHost<E extends WebviewEntry> implements vscode.Disposable {
  private listening = false;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  private isDisposed = false;

  protected constructor(
    readonly panel: vscode.WebviewPanel,
    protected readonly extensionUri: vscode.Uri,
    private readonly entry: E,
  ) {
    panel.webview.options = webviewOptions(extensionUri);
    panel.webview.html = webviewHtml(panel.webview, extensionUri, entry, panel.title);
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message: ToHost<E>) => void this.receive(message)),
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.listening = false;
      }),
      panel.onDidDispose(() => this.dispose()),
      this.disposed,
    );
  }

  /** Sends a message if the webview is listening; see the class comment for why it may not be. */
  protected post(message: ToWebview<E>): void {
    if (this.listening && !this.isDisposed) void this.panel.webview.postMessage(message);
  }

  get isListening(): boolean {
    return this.listening;
  }

  /** Posts the view's whole current state (called on every `ready`). */
  protected abstract sendSnapshot(): void;

  /** Handles every message other than `ready`. */
  protected abstract onMessage(message: Exclude<ToHost<E>, { type: 'ready' }>): unknown;

  private async receive(message: ToHost<E>): Promise<void> {
    if (message.type === 'ready') {
      this.listening = true;
      this.sendSnapshot();
      return;
    }
    try {
      await this.onMessage(message as Exclude<ToHost<E>, { type: 'ready' }>);
    } catch (error) {
      void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
    }
  }

  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    this.listening = false;
    this.disposed.fire();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.panel.dispose();
  }
}
