import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import type { DateStyle } from '../../shared/dateFormat';
import {
  restoredNote,
  type ErrorBannerAction,
  type EveryPageToHost,
  type KeptContent,
  type Protocols,
  type RestoredNote,
  type RestoredWithoutContent,
  type Renew,
  type RestoreInfo,
  type ViewError,
  type WebviewEntry,
} from '../../shared/protocol';
import { checkToHost } from '../../shared/protocol/schema';
import { pointsAtConnectionSettings } from '../errorText';
import { Commands } from '../ids';
import type { Services } from '../services';
import type { Settings } from '../settings';
import { reportDropped } from './droppedMessages';
import { PanelRecords } from './panelRecords';
import { RowPoster } from './rowPoster';
import { webviewHtml, webviewOptions } from './webviewHtml';

type ToWebview<E extends WebviewEntry> = Protocols[E]['toWebview'];
type ToHost<E extends WebviewEntry> = Protocols[E]['toHost'];
/** What a view's own handlers take: its messages but every page's (`ready`, `renewed`, the banner's: the base takes those). */
type ViewToHost<E extends WebviewEntry> = Exclude<ToHost<E>, EveryPageToHost>;

/** One handler per message type, typed by the protocol. */
export type MessageHandlers<M extends { type: string }> = {
  [K in M['type']]: (message: Extract<M, { type: K }>) => unknown;
};

/** A view's handlers: one per message its webview may post, but those every view shares. */
export type ViewHandlers<E extends WebviewEntry> = MessageHandlers<ViewToHost<E>>;

/** What became of a message from the webview. */
export type Receipt = 'handled' | 'dropped';

/** What the record of a panel of `E` holds. */
export type InfoOf<E extends WebviewEntry> = Extract<RestoreInfo, { entry: E }>;

/**
 * How a panel comes to be, the one way its constructor takes: opened by a command, with what it
 * is to show; or revived by VS Code after a window reload, with the host's record of what it
 * showed and what its webview kept of it, which it shows again without fetching anything until
 * the user asks ("Load again", "Run again").
 */
export interface Opening<E extends WebviewEntry> {
  /** The panel: new, the one VS Code kept, or a preview's, whose host released it for this one. */
  panel: vscode.WebviewPanel;
  services: Services;
  /** What each panel shows, by its id: what a restored panel acts on (see PanelRecords). */
  records: PanelRecords;
  /** What the panel shows: the command's target, or the host's record of a revived panel. */
  info: InfoOf<E>;
  /**
   * Set when the panel was a preview's whose page is alive and can start over (definePanel.ts):
   * the page is told to (`renew`) rather than loaded again, and says `renewed` to this host.
   */
  renewPage?: boolean;
  /** Set when the panel is revived: its id (its record's) and what its webview kept, if anything. */
  revived?: { panelId: string; kept: KeptContent<E> | undefined };
}

/** The date style of every page: the display language, and UTC or not (`puppetdbExplorer.utcTimes`). */
export function pageDateStyle(settings: Settings): DateStyle {
  return { locale: vscode.env.language, utc: settings.utcTimes() };
}

/**
 * The host side of one webview panel: its HTML, the ready handshake, typed messages, its record
 * for a window reload, its date style and its failures. Built by its definition (definePanel.ts),
 * which keeps one panel per key and revives panels after a reload.
 *
 * Messages posted while the webview is not listening (before its first `ready`, or while it is
 * hidden and torn down) are dropped on purpose: on every `ready` the host posts the date style
 * and then the subclass a full snapshot from `sendSnapshot()`, which is what also restores the
 * view after a reload. A preview's page on screen that a new host takes over is told to start
 * over (`renew`) and given both right behind it; what it posts before its `renewed` is dropped.
 *
 * Every message from the webview is checked against the view's schema first (the webview shows
 * PuppetDB data, so what it posts is untrusted): one that does not fit is dropped and reported,
 * never thrown, and never reaches a handler. The error banner's messages (Retry, Show Log, Edit
 * Connection) are answered here, the same for every view.
 */
export abstract class WebviewPanelHost<E extends WebviewEntry> implements vscode.Disposable {
  private listening = false;
  /** Set until a renewed page says `renewed`: what it posted for the last host is dropped. */
  private renewing = false;
  /** Ends the wait of pageIsOurs (the page renewed, or new, or the panel closed). */
  private endRenewing = () => {};
  /**
   * Settles once what the page posts is of this host's subject: at once, or for a page told to
   * start over (renew), once it said so (`renewed`, or a new page's `ready`) or the panel closed.
   * Tests hand the page's messages in after it (ExtensionApi.receiveFromWebview).
   */
  readonly pageIsOurs: Promise<void>;
  /** The page said it can start over in place for a new subject (its `ready`; see Renew). */
  private pageRenews = false;
  private idGiven = false;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  private isDisposed = false;
  readonly entry: E;

  protected readonly extensionUri: vscode.Uri;
  /**
   * The panel's id: all its webview keeps of where it is (the host's PanelRecords keep the rest).
   * Random, so a webview cannot name another panel's record.
   */
  readonly panelId: string;
  /** Set while the panel shows what it showed before a window reload (nothing fetched). */
  protected restored: RestoredNote | undefined;
  /** The last failure (see fail()), until the panel loads again: snapshots show it. */
  protected failure: ViewError | undefined;
  /** The date style the webview was last given (tests read it through the extension's API). */
  private dateStyleGiven: DateStyle | undefined;
  /** Fires when the page says it painted streamed rows (see firstRowsPainted). */
  private readonly rowsPainted = new vscode.EventEmitter<void>();
  /** Aborted when a new load starts (nextLoad) or the panel closes. */
  private loadController = new AbortController();
  /** Settles when the panel's latest load has ended, whichever way (commands answer after it). */
  loaded: Promise<void> = Promise.resolve();
  readonly panel: vscode.WebviewPanel;
  protected readonly services: Services;
  private readonly records: PanelRecords;

  /** The connection the panel shows (Edit Connection opens its form), if it has one. */
  abstract readonly connectionId: string | undefined;

  protected constructor(opening: Opening<E>) {
    const { panel, services, records } = opening;
    this.panel = panel;
    this.services = services;
    this.records = records;
    const { extensionUri } = services;
    this.extensionUri = extensionUri;
    this.entry = opening.info.entry as E;
    this.panelId = opening.revived?.panelId ?? PanelRecords.newId();
    this.restored = opening.revived ? restoredNote(opening.revived.kept) : undefined;
    if (opening.renewPage) {
      // the page takes what follows once it started over: no `ready` round trip is waited for
      this.renewing = true;
      this.pageRenews = true;
      this.pageIsOurs = new Promise((resolve) => (this.endRenewing = resolve));
      void panel.webview.postMessage({ type: 'renew' } satisfies Renew);
      this.listening = true;
      this.postDateStyle();
      // (once the view's constructor has run)
      queueMicrotask(() => {
        if (!this.isDisposed) this.sendSnapshot();
      });
    } else {
      this.pageIsOurs = Promise.resolve();
      panel.webview.options = webviewOptions(extensionUri);
      panel.webview.html = webviewHtml(panel.webview, extensionUri, {
        entry: this.entry,
        title: panel.title,
        panelId: this.panelId,
      });
    }
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.listening = false;
      }),
      panel.onDidDispose(() => this.dispose()),
      this.disposed,
      this.rowsPainted,
    );
  }

  /** What the panel shows now, as the host records it for a window reload (none: nothing yet). */
  protected abstract restoreInfo(): InfoOf<E> | undefined;

  /**
   * Records what the panel shows now, for a window reload: the host keeps its restore info, the
   * webview only the panel's id (a `persist` message).
   */
  protected persist(): void {
    const info = this.restoreInfo();
    if (!info) return;
    this.records.remember(this.panelId, info);
    if (this.listening && !this.isDisposed) this.idGiven = true;
    this.post({ type: 'persist', panelId: this.panelId } as ToWebview<E>);
  }

  /** What every panel's command answers of it (tests read it): its title, record and failure. */
  protected commonInfo(): { title: string; restore: InfoOf<E>; error: string | undefined } {
    return { title: this.panel.title, restore: this.restoreInfo()!, error: this.failure?.message };
  }

  /** Whether the webview was given the panel's id (what it keeps for a window reload). */
  get webviewHasId(): boolean {
    return this.idGiven;
  }

  /** The date style the webview was last given, if it was given one. */
  get dateStyleShown(): DateStyle | undefined {
    return this.dateStyleGiven;
  }

  /** Sends a message if the webview is listening; see the class comment for why it may not be. */
  protected post(message: ToWebview<E>): void {
    if (this.listening && !this.isDisposed) void this.panel.webview.postMessage(message);
  }

  /**
   * Posts the restored note when the panel was revived without what it showed (its webview kept
   * nothing, or too much to keep): whether it did, and so the snapshot is that note.
   */
  protected postRestoredNote(): boolean {
    if (this.restored?.omitted === undefined) return false;
    const note: RestoredWithoutContent = {
      type: 'restored',
      title: this.panel.title,
      note: this.restored,
    };
    this.post(note as ToWebview<E>);
    return true;
  }

  /**
   * The snapshot of a panel that shows one loaded thing (a report, a comparison, a blast radius):
   * the restored note, else `shown` (the message of what it loaded, once it has), else its failure,
   * else that it loads (a `loading` with the panel's title, which each such view's protocol takes).
   */
  protected postOneLoaded(shown: ToWebview<E> | undefined): void {
    this.persist();
    if (this.postRestoredNote()) return;
    if (shown) this.post(shown);
    else if (this.failure) this.post(this.failure as ToWebview<E>);
    else this.post({ type: 'loading', title: this.panel.title } as ToWebview<E>);
  }

  /**
   * Does `load` again ("Load again", "Refresh", Retry), unless a load is under way (nothing
   * `shown` yet, no failure, not restored): then that load is what is waited for.
   */
  protected async loadAgain(shown: unknown, load: () => Promise<void>): Promise<void> {
    if (!shown && !this.failure && !this.restored) return this.loaded;
    this.loaded = load();
    await this.loaded;
  }

  /** Gives the webview the date style of the settings now (before each snapshot; on a change). */
  postDateStyle(): void {
    if (!this.listening || this.isDisposed) return;
    const style = pageDateStyle(this.services.settings);
    this.dateStyleGiven = style;
    this.post({ type: 'dateStyle', style } as ToWebview<E>);
  }

  /**
   * The panel failed at `what`: the failure is logged with its causes (what Show Log opens on),
   * kept for the snapshots until the next load (`failure`), and posted to the error banner, which
   * offers Edit Connection when the connection's settings are the likely fix.
   */
  protected fail(what: string, error: unknown): ViewError {
    this.services.errors.logged(what, error);
    const failure: ViewError = {
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      editConnection: pointsAtConnectionSettings(error),
    };
    this.failure = failure;
    this.post(failure as ToWebview<E>);
    return failure;
  }

  /**
   * One load of what the panel shows, from its connection: the load before it aborted, the
   * restored note and the last failure dropped, `clear` forgets what it showed and a snapshot
   * says it loads; then `fetch`, and `show` what it got, or the failure reported as `what()` —
   * unless a newer load or the panel's closing aborted it.
   */
  protected async loadFromConnection<T>(
    what: () => string,
    clear: () => void,
    fetch: (client: PuppetDB, signal: AbortSignal) => Promise<T>,
    show: (value: T) => void,
  ): Promise<void> {
    const signal = this.nextLoad();
    this.restored = undefined;
    this.failure = undefined;
    clear();
    this.sendSnapshot();
    try {
      const client = await this.services.store.client(this.connectionId ?? '');
      const value = await fetch(client, signal);
      if (signal.aborted) return;
      show(value);
      this.sendSnapshot();
    } catch (error) {
      if (!signal.aborted) this.fail(what(), error);
    }
  }

  /** The signal of a new load: the load before it (if any) is aborted, as is the last when the panel closes. */
  protected nextLoad(): AbortSignal {
    this.loadController.abort();
    this.loadController = new AbortController();
    return this.loadController.signal;
  }

  /** Disposed with the panel. */
  protected disposeWith(...disposables: vscode.Disposable[]): void {
    this.disposables.push(...disposables);
  }

  /**
   * The streamer of the panel's rows (rowPoster.ts), posting while the webview listens:
   * `postSnapshot` posts the whole view (and says how many rows it carried), `postBatch` the next rows.
   */
  protected streamRows<Row>(
    perMessage: number,
    postSnapshot: () => void,
    postBatch: (rows: Row[], complete: boolean, truncatedAt: number | undefined) => void,
  ): RowPoster<Row> {
    const rows = new RowPoster<Row>({
      perMessage,
      isListening: () => this.listening && !this.isDisposed,
      postSnapshot,
      postBatch,
      shownChanged: () => this.rowsPainted.fire(),
    });
    this.disposables.push(rows);
    return rows;
  }

  /**
   * Settles once the page has painted the first rows of `rows`' load (or all of it, if it has
   * none), or the load failed, or the panel closed: what a command's `firstRows` waits for.
   */
  protected firstRowsPainted(rows: RowPoster<unknown>): Promise<void> {
    return this.rowsPaintedWhen(() => rows.firstRowsPainted);
  }

  /** Settles once `condition` holds, looked at now and after each paint of streamed rows. */
  protected rowsPaintedWhen(condition: () => boolean): Promise<void> {
    return this.once(this.rowsPainted.event, condition);
  }

  /**
   * A streaming load into `rows` (the one before it is aborted): `read` adds the rows; then the
   * load ends (its last batch goes), or fails (fail()), unless a newer load or the panel's close
   * aborted it.
   */
  protected async streamLoad<Row>(
    rows: RowPoster<Row>,
    read: (signal: AbortSignal) => Promise<void>,
  ): Promise<void> {
    const signal = this.nextLoad();
    try {
      await read(signal);
      if (!signal.aborted) rows.finish();
    } catch (error) {
      if (signal.aborted) return;
      rows.fail();
      this.fail(`Loading ${this.panel.title}`, error);
    }
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

  /** Whether the page is on screen, listening, and can start over for a new subject (Renew). */
  get pageCanRenew(): boolean {
    return this.listening && this.pageRenews && this.panel.visible && !this.isDisposed;
  }

  /** Posts the view's whole current state (called on every `ready`, after the date style). */
  protected abstract sendSnapshot(): void;

  /**
   * Does again what the panel shows, from the host's own record: what the view's "Load again",
   * "Refresh" or "Run again" message does, which the error banner's Retry posts too (common.ts).
   */
  protected abstract reload(): Promise<unknown>;

  /** What to do with each of the view's own messages (called only with checked messages). */
  protected abstract readonly handlers: ViewHandlers<E>;

  /** The error banner's actions: the same in every view. */
  private readonly bannerHandlers: MessageHandlers<ErrorBannerAction> = {
    showLog: () => vscode.commands.executeCommand(Commands.showLog),
    editConnection: () => {
      const id = this.connectionId;
      return id ? vscode.commands.executeCommand(Commands.editConnection, id) : undefined;
    },
  };

  /**
   * Takes one message from the webview: checks it, then answers `ready` or runs its handler.
   * Public so host tests can hand it hostile input through the same path a webview's post takes.
   */
  async receive(message: unknown): Promise<Receipt> {
    const problem = checkToHost(this.entry, message);
    if (problem) {
      reportDropped(this.services.log, this.entry, 'a message', problem);
      return 'dropped';
    }
    const checked = message as ToHost<E>;
    if (checked.type === 'renewed') {
      this.renewing = false;
      this.endRenewing();
      return 'handled';
    }
    // (a paint or a click of the page's last subject, posted before it heard `renew`)
    if (this.renewing && checked.type !== 'ready') return 'dropped';
    if (checked.type === 'ready') {
      this.renewing = false;
      this.endRenewing();
      this.pageRenews = checked.renews === true;
      this.listening = true;
      this.postDateStyle();
      this.sendSnapshot();
      return 'handled';
    }
    const handler = (
      Object.hasOwn(this.bannerHandlers, checked.type)
        ? this.bannerHandlers[checked.type as ErrorBannerAction['type']]
        : this.handlers[checked.type as ViewToHost<E>['type']]
    ) as (message: ToHost<E>) => unknown;
    try {
      await handler(checked);
    } catch (error) {
      void this.services.errors.show(`The ${this.entry} view's "${checked.type}"`, error);
    }
    return 'handled';
  }

  /** Closes the panel for good: its record is forgotten (unless the window is reloading). */
  dispose(): void {
    if (this.end()) this.panel.dispose();
  }

  /**
   * Hands the panel over to a new host of the same view, which shows its own subject in it (a
   * preview replaced, definePanel.ts): this host ends as if its panel had closed; the panel stays.
   */
  release(): vscode.WebviewPanel {
    this.end();
    return this.panel;
  }

  /** Ends this host: its load aborted, its record forgotten, its listeners gone; false if it had. */
  private end(): boolean {
    if (this.isDisposed) return false;
    this.isDisposed = true;
    this.loadController.abort();
    this.records.forget(this.panelId);
    this.listening = false;
    this.endRenewing();
    this.disposed.fire();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    return true;
  }
}
