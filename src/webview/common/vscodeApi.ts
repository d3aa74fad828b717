/**
 * The webview's side of the protocol: typed messages to the host, typed messages from it, and
 * the state VS Code keeps for the panel across reloads (which is how a panel is restored).
 */
import type {
  HostToEveryPage,
  KeptContent,
  Protocols,
  ShownContents,
  WebviewEntry,
} from '../../shared/protocol';
import { setDateStyle } from './dateStyle';
import { keptContent } from './keptContent';
import { startingState, type PageStateIds } from './pageState';

const api = acquireVsCodeApi<ViewState>();
/** The panel id written into this page's HTML (its first host's). */
const pageId = document.body.dataset.panelId;
api.setState({ ...startingState(api.getState(), pageId), page: pageId });

/** What the page does to start over for a new subject in its panel (onRenew). */
let renewView: (() => void) | undefined;

/**
 * How the page starts over when the host shows a new subject in its panel (a preview's, taken
 * over: `renew`): `reset` empties the view and forgets what the user set on it, before the new
 * host's messages (posted right behind `renew`) are taken. Only a page that registers this
 * (before its `ready`, which says so) is renewed in place; another gets a new page.
 */
export function onRenew(reset: () => void): void {
  renewView = reset;
}

interface ViewState extends PageStateIds {
  /** The panel's id, set by the host's `persist`: the host keeps what it shows under it. */
  panelId?: string;
  /** The view's own UI state (filters, sort, zoom…), kept across hide/show. */
  ui?: unknown;
  /** What the view shows, so a window reload can show it again without a request (keepShown). */
  kept?: KeptContent<WebviewEntry>;
}

export function postToHost<E extends WebviewEntry>(
  _entry: E,
  message: Protocols[E]['toHost'],
): void {
  // `ready` says whether the page can start over in place (onRenew, registered before it)
  api.postMessage(message.type === 'ready' && renewView ? { ...message, renews: true } : message);
}

/**
 * Listens to the host. What every page gets is handled here and not passed on: `persist` (kept
 * as the panel's state), `dateStyle` (dateStyle.ts; whatever shows dates shows them again) and
 * `renew` (onRenew).
 * Call this before `postToHost(entry, { type: 'ready' })`.
 */
export function onHostMessage<E extends WebviewEntry>(
  _entry: E,
  listener: (message: Exclude<Protocols[E]['toWebview'], HostToEveryPage>) => void,
): void {
  window.addEventListener('message', (event: MessageEvent<Protocols[E]['toWebview']>) => {
    const message = event.data as Protocols[E]['toWebview'] | HostToEveryPage;
    if (message.type === 'persist') {
      api.setState({ ...api.getState(), panelId: message.panelId });
      return;
    }
    if (message.type === 'dateStyle') {
      setDateStyle(message.style);
      return;
    }
    if (message.type === 'renew') {
      api.setState({ page: pageId });
      renewView?.();
      api.postMessage({ type: 'renewed' });
      return;
    }
    listener(message as Exclude<Protocols[E]['toWebview'], HostToEveryPage>);
  });
}

export function getUiState<T>(): T | undefined {
  return api.getState()?.ui as T | undefined;
}

export function setUiState<T>(ui: T): void {
  api.setState({ ...api.getState(), ui });
}

/**
 * A page's UI state (a grouping, a tab, a grid's sort and columns): what the page kept across
 * hide/show and window reloads, over `defaults`; `save` merges a part into it and keeps it.
 */
export class PageUiState<T extends object> {
  private ui: T;

  constructor(private readonly defaults: T) {
    this.ui = { ...defaults, ...getUiState<Partial<T>>() };
  }

  /** Back to the defaults (a new subject in the panel: onRenew), kept as such. */
  reset(): void {
    setUiState((this.ui = { ...this.defaults }));
  }

  get value(): Readonly<T> {
    return this.ui;
  }

  save(partial: Partial<T>): void {
    setUiState((this.ui = { ...this.ui, ...partial }));
  }

  /** One part, as a grid keeps its state: its value now and how to save it. */
  part<K extends keyof T>(key: K): { value: T[K]; save(value: T[K]): void } {
    return {
      value: this.ui[key],
      save: (value) => this.save({ [key]: value } as unknown as Partial<T>),
    };
  }
}

/**
 * Keeps what the view shows in its state, for a panel restored after a window reload: the
 * content itself up to SHOWN_CONTENT_MAX_CHARS of JSON, above that only a note saying what was
 * left out (see keptContent). `what` names the content for that note ("The 120,000 rows");
 * `savedAt` is kept when the content is itself a restored one.
 */
export function keepShown<E extends WebviewEntry>(
  _entry: E,
  content: ShownContents[E],
  what: string,
  savedAt = new Date().toISOString(),
): void {
  const kept: KeptContent<E> = keptContent(content, what, savedAt);
  api.setState({ ...api.getState(), kept });
}
