import * as vscode from 'vscode';
import type { ErrorReporter } from '../errors';
import type { Protocols, WebviewEntry } from '../../shared/protocol';
import { checkToHost } from '../../shared/protocolSchema';
import { reportDropped } from './droppedMessages';
import { webviewHtml, webviewOptions } from './webviewHtml';

type ToWebview<E extends WebviewEntry> = Protocols[E]['toWebview'];
type ToHost<E extends WebviewEntry> = Protocols[E]['toHost'];

/** One handler per message type a webview may post (other than `ready`), typed by the protocol. */
export type MessageHandlers<M extends { type: string }> = {
  [K in Exclude<M['type'], 'ready'>]: (message: Extract<M, { type: K }>) => unknown;
};

/** What became of a message from the webview. */
export type Receipt = 'handled' | 'dropped';

/**
 * The host side of one webview panel: its HTML, the ready handshake and typed messages.
 *
 * Messages posted while the webview is not listening (before its first `ready`, or while it is
 * hidden and torn down) are dropped on purpose: on every `ready` the subclass re-posts a full
 * snapshot from `sendSnapshot()`, which is what also restores the view after a reload.
 *
 * Every message from the webview is checked against the protocol's schema first (the webview
 * shows PuppetDB data, so what it posts is untrusted): one that does not fit is dropped and
 * reported, never thrown, and never reaches a handler.
 */
/** What every panel's host needs of the extension's services. */
export interface PanelServices {
  extensionUri: vscode.Uri;
  log: vscode.LogOutputChannel;
  errors: ErrorReporter;
}

export abstract class WebviewPanelHost<E extends WebviewEntry> implements vscode.Disposable {
  private listening = false;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  private isDisposed = false;
  /** The panels open now, newest last (tests deliver messages to them; see `receive`). */
  private static readonly live = new Set<WebviewPanelHost<WebviewEntry>>();

  protected readonly extensionUri: vscode.Uri;

  protected constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly panelServices: PanelServices,
    private readonly entry: E,
  ) {
    const { extensionUri } = panelServices;
    this.extensionUri = extensionUri;
    panel.webview.options = webviewOptions(extensionUri);
    panel.webview.html = webviewHtml(panel.webview, extensionUri, entry, panel.title);
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.listening = false;
      }),
      panel.onDidDispose(() => this.dispose()),
      this.disposed,
    );
    WebviewPanelHost.live.add(this as unknown as WebviewPanelHost<WebviewEntry>);
  }

  /** The newest open panel of `entry`, if any. */
  static newest(entry: WebviewEntry): WebviewPanelHost<WebviewEntry> | undefined {
    return [...WebviewPanelHost.live].reverse().find((host) => host.entry === entry);
  }

  /** Sends a message if the webview is listening; see the class comment for why it may not be. */
  protected post(message: ToWebview<E>): void {
    if (this.listening && !this.isDisposed) void this.panel.webview.postMessage(message);
  }

  /**
   * Resolves once `condition` holds, looked at now and after each `change` (a paint the webview
   * reported, say), or once the panel closes: the commands that answer after a paint wait on it.
   */
  protected once(change: vscode.Event<void>, condition: () => boolean): Promise<void> {
    if (this.isDisposed || condition()) return Promise.resolve();
    return new Promise((resolve) => {
      const listeners = [
        change(() => {
          if (!condition()) return;
          listeners.forEach((listener) => listener.dispose());
          resolve();
        }),
        this.onDidDispose(() => {
          listeners.forEach((listener) => listener.dispose());
          resolve();
        }),
      ];
    });
  }

  get isListening(): boolean {
    return this.listening;
  }

  /** Posts the view's whole current state (called on every `ready`). */
  protected abstract sendSnapshot(): void;

  /** What to do with each message other than `ready` (called only with checked messages). */
  protected abstract readonly handlers: MessageHandlers<ToHost<E>>;

  /**
   * Takes one message from the webview: checks it, then answers `ready` or runs its handler.
   * Public so host tests can hand it hostile input through the same path a webview's post takes.
   */
  async receive(message: unknown): Promise<Receipt> {
    const problem = checkToHost(this.entry, message);
    if (problem) {
      reportDropped(this.panelServices.log, this.entry, 'a message', problem);
      return 'dropped';
    }
    const checked = message as ToHost<E>;
    if (checked.type === 'ready') {
      this.listening = true;
      this.sendSnapshot();
      return 'handled';
    }
    const type = checked.type as Exclude<ToHost<E>['type'], 'ready'>;
    const handler = this.handlers[type] as (message: ToHost<E>) => unknown;
    try {
      await handler(checked);
    } catch (error) {
      void this.panelServices.errors.show(`The ${this.entry} view's "${type}"`, error);
    }
    return 'handled';
  }

  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    this.listening = false;
    WebviewPanelHost.live.delete(this as unknown as WebviewPanelHost<WebviewEntry>);
    this.disposed.fire();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.panel.dispose();
  }
}
