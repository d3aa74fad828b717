/**
 * What every view's protocol shares: the handshake, the panel's id for a window reload, the date
 * style, the restored note, the error banner and its actions, and the limits of a message. Types
 * (and two constants) only; each view's own messages are in `<view>.ts` beside this file.
 *
 * Every webview starts by posting `{ type: 'ready' }`. The host answers with the date style and
 * then a full snapshot of the view's current state (and again after every reload of the webview,
 * e.g. after it was hidden), so no message is ever lost to a webview that was not listening yet.
 *
 * The host checks every message a webview posts against the view's schema (`<view>Schema.ts`)
 * before it acts on it: a webview shows PuppetDB data, so what it posts is untrusted input.
 */
import type { DateStyle } from '../dateFormat';

/** A webview is listening: the host answers with the date style and a snapshot. */
export interface Ready {
  type: 'ready';
  /**
   * The page can start over in place for a new subject (it registered onRenew): a preview's
   * panel taken over keeps it, told to `renew`, rather than loading a new one.
   */
  renews?: boolean;
}

/**
 * The page started over after `renew`: what it posted before this was of the panel's last
 * subject (its host drops it).
 */
export interface Renewed {
  type: 'renewed';
}

/** The panel's id, under which the host keeps its RestoreInfo (the webview keeps only this). */
export interface Persist {
  type: 'persist';
  panelId: string;
}

/**
 * How the page writes dates: the display language and the `puppetdbExplorer.utcTimes` setting.
 * Sent right before every snapshot, and again to every open page when the setting changes.
 */
export interface DateStyleMessage {
  type: 'dateStyle';
  style: DateStyle;
}

/** What the host posts to every page besides the view's own messages (the page's common part takes them). */
/**
 * The panel shows a new subject, of a new host (a preview's panel taken over): the page forgets
 * its state and what it shows, and says `renewed`; the new host's messages follow at once
 * (webview/common/vscodeApi.ts, onRenew).
 */
export interface Renew {
  type: 'renew';
}

export type HostToEveryPage = Persist | DateStyleMessage | Renew;

/**
 * Says a panel shows what it showed before a window reload (nothing was fetched); the view
 * offers "Run again" / "Load again".
 */
export interface RestoredNote {
  /** When that content was shown (ISO-8601), if known. */
  savedAt: string | undefined;
  /** Why there is no content to show, when there is none. */
  omitted?: string;
}

/**
 * What a view keeps of what it shows (in its VS Code state, beside its panel's id), so a panel
 * restored after a window reload shows it again without asking PuppetDB anything: the content,
 * or why it is not there. For display only: a restored panel's actions never take a file, a line
 * or a query from it. (`KeptContent<E>` in index.ts names it for each view.)
 */
export interface Kept<Content> {
  /** When the view kept it (ISO-8601). */
  savedAt: string;
  content?: Content;
  /** Why the content was not kept (e.g. too large), for the restored panel's note. */
  omitted?: string;
}

/** The note a restored panel shows, from what its webview kept. */
export function restoredNote(kept: Kept<unknown> | undefined): RestoredNote {
  return {
    savedAt: kept?.savedAt,
    omitted:
      kept?.content !== undefined
        ? undefined
        : (kept?.omitted ?? 'Nothing of it was kept when the window reloaded.'),
  };
}

/**
 * A panel restored after a window reload without what it showed (too large to keep, or not kept):
 * the note, and its "Load again".
 */
export interface RestoredWithoutContent {
  type: 'restored';
  title: string;
  note: RestoredNote;
}

/** A failure a view shows in its error banner (the panel's `fail()` posts it, and every snapshot again). */
export interface ViewError {
  type: 'error';
  message: string;
  /** The connection's settings are the likely fix (a refused address, TLS, a credential): Edit Connection. */
  editConnection?: boolean;
}

/**
 * What every view's error banner (the page frame's) posts, and every host answers the same way:
 * - `showLog`: the extension's log, where the failure is written with its causes;
 * - `editConnection`: the connection's form, when its settings are the likely fix (the error's
 *   `editConnection`).
 *
 * The banner's Retry has no message of its own: it posts the view's own reload (the message of
 * its "Load again", "Refresh" or "Run again", with what the page has chosen: a range, a window),
 * which the host answers with the panel's `reload()`.
 */
export type ErrorBannerAction = { type: 'showLog' } | { type: 'editConnection' };

/**
 * The page painted rows the host streamed: `rows` shown (after the page's own filter), of
 * `loaded` it holds. The host sends the next batch of a streaming load only once the page has
 * painted the last one (webviews/rowPoster.ts); tests and benches wait for it too.
 */
export interface RowsShown {
  type: 'shown';
  rows: number;
  loaded: number;
}

/** What every page may post besides its view's own messages. */
export type EveryPageToHost = Ready | Renewed | ErrorBannerAction;

/** A view's messages to its page (`M`), with those every page gets: `persist`, the date style, its error. */
export type HostToPage<M extends { type: string }> = M | HostToEveryPage | ViewError;

/** A page's messages to the host (`M`), with those every page may post: `ready`, the error banner's. */
export type PageToHost<M extends { type: string }> = M | EveryPageToHost;

/**
 * Above this size (JSON characters) a view keeps only a note, not its content: VS Code writes
 * the state of every open panel into the workspace storage, and a window must close quickly.
 */
export const SHOWN_CONTENT_MAX_CHARS = 1_048_576;

/**
 * The longest text one field of a view's message may hold (a query, an error, an exported
 * picture): the host ignores a message past it (the schemas).
 */
export const MESSAGE_TEXT_MAX_CHARS = 64 * 1024 * 1024;

/**
 * The shape of one view's protocol (index.ts lists them): its messages each way, what the host
 * records to rebuild it after a window reload (`restore`, under the panel's random id), and what
 * its webview keeps to show again then (`shown`).
 */
export interface ViewProtocol {
  toWebview: { type: string };
  toHost: { type: string };
  restore: { entry: string; connectionId: string };
  shown: unknown;
}
