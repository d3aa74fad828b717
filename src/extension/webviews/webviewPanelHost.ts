import * as vscode from 'vscode';
import type { ErrorReporter } from '../errors';
import type { Protocols, RestoreInfo, WebviewEntry } from '../../shared/protocol';
import { checkToHost } from '../../shared/protocolSchema';
import { reportDropped } from './droppedMessages';
import { PanelRecords } from './panelRecords';
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
  /** What each panel shows, by its id: what a restored panel acts on (see PanelRecords). */
  panelRecords: PanelRecords;
}

/** The ids of panels being revived, handed from the serializer to the host it builds. */
const revivedIds = new WeakMap<vscode.WebviewPanel, string>();

/**
 * Gives the host about to be built on a revived `panel` the id its record is kept under, so the
 * record stays the panel's across more reloads (called by the panel serializer).
 */
export function reviveUnderId(panel: vscode.WebviewPanel, id: string): void {
  revivedIds.set(panel, id);
}

/** The id given to `panel` by reviveUnderId that no host took (its reviver closed it), if any. */
export function unclaimedId(panel: vscode.WebviewPanel): string | undefined {
  const id = revivedIds.get(panel);
  revivedIds.delete(panel);
  return id;
}

export abstract class WebviewPanelHost<E extends WebviewEntry> implements vscode.Disposable {
  private listening = false;
  private idGiven = false;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  private isDisposed = false;
  /** The panels open now, newest last (tests deliver messages to them; see `receive`). */
  private static readonly live = new Set<WebviewPanelHost<WebviewEntry>>();

  protected readonly extensionUri: vscode.Uri;
  /**
   * The panel's id: all its webview keeps of where it is (the host's PanelRecords keep the rest).
   * Random, so a webview cannot name another panel's record.
   */
  readonly panelId: string;

  protected constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly panelServices: PanelServices,
    private readonly entry: E,
  ) {
    const { extensionUri } = panelServices;
    this.extensionUri = extensionUri;
    this.panelId = revivedIds.get(panel) ?? PanelRecords.newId();
    revivedIds.delete(panel);
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

  /**
   * Records what the panel shows now, for a window reload: the host keeps `info`, the webview
   * only the panel's id (a `persist` message).
   */
  protected persist(info: Extract<RestoreInfo, { entry: E }>): void {
    this.panelServices.panelRecords.remember(this.panelId, info);
    if (this.listening && !this.isDisposed) this.idGiven = true;
    this.post({ type: 'persist', panelId: this.panelId } as ToWebview<E>);
  }

  /** Whether the webview was given the panel's id (what it keeps for a window reload). */
  get webviewHasId(): boolean {
    return this.idGiven;
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

  /** Closes the panel for good: its record is forgotten (unless the window is reloading). */
  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    this.panelServices.panelRecords.forget(this.panelId);
    this.listening = false;
    WebviewPanelHost.live.delete(this as unknown as WebviewPanelHost<WebviewEntry>);
    this.disposed.fire();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.panel.dispose();
  }
}
