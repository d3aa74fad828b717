/**
 * The frame of every page (results, graph, events, report, inventory, overview, runs, fact
 * explorer): a header (the title, a loading ring, the status line and the page's actions), then
 * the restored note, the error banner and the page's own notes, then the page's body. What the
 * page shows stays the page's; the frame keeps these parts the same on every page, and the same
 * failure, the same "restored" note and the same loading state everywhere.
 */
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import type {
  ErrorBannerAction,
  RestoredNote,
  RestoredWithoutContent,
  ViewError,
  WebviewEntry,
} from '../../../shared/protocol';
import { onDateStyleChange } from '../dateStyle';
import { postToHost } from '../vscodeApi';
import { fillErrorBanner, type BannerError } from './errorBanner';
import { restoredNote, type ReloadLabel } from './restoredNote';
import './pageFrame.css';

export interface PageFrameOptions {
  /** The page's own class on the header (its stylesheet may refine it). */
  className: string;
  /** Read out while the page loads ("Loading the events"). */
  loadingLabel: string;
  /**
   * What fetches the page's content anew: the restored note's action (with this label) and the
   * error banner's Retry post the view's own reload, refresh or rerun.
   */
  reload: { label: ReloadLabel; run(): void };
  /** Posts the banner's Show Log and Edit Connection (every view's protocol takes them: common.ts). */
  errorActions: (action: ErrorBannerAction) => void;
}

/**
 * The frame of a view's page, in the page's `#app` element, whose error banner posts Show Log and
 * Edit Connection to the view's host.
 */
export function viewPageFrame(
  entry: WebviewEntry,
  options: Omit<PageFrameOptions, 'errorActions'>,
): PageFrame {
  return new PageFrame(document.getElementById('app')!, {
    ...options,
    errorActions: (action) => postToHost(entry, action),
  });
}

/** What showLoadState takes: loading, restored without content, failed. */
export type LoadStateMessage =
  { type: 'loading'; title: string } | RestoredWithoutContent | ViewError;

export class PageFrame {
  readonly header: HTMLElement;
  /** Before the title (an icon, say). */
  readonly leading: HTMLElement;
  readonly title: HTMLElement;
  /** The status line: counts, state, timings (a polite live region; never rows). */
  readonly status: HTMLElement;
  /** The page's buttons and fields, at the end of the header. */
  readonly actions: HTMLElement;
  /** The page's own notes under the banner ("Truncated at …"). */
  readonly notes: HTMLElement;
  /** The page's content. */
  readonly body: HTMLElement;
  private readonly loading: HTMLElement;
  private readonly restoredSlot: HTMLElement;
  private readonly banner: HTMLElement;
  private restored: RestoredNote | undefined;

  constructor(
    app: HTMLElement,
    private readonly options: PageFrameOptions,
  ) {
    this.header = element('header', `page-header ${options.className}`);
    this.leading = element('span', 'page-leading');
    this.title = element('h1', 'page-title');
    this.loading = document.createElement('vscode-progress-ring');
    this.loading.className = 'page-loading';
    this.loading.setAttribute('aria-label', options.loadingLabel);
    this.loading.hidden = true;
    this.status = element('span', 'status');
    this.status.setAttribute('role', 'status');
    this.actions = element('div', 'page-actions');
    this.header.append(this.leading, this.title, this.loading, this.status, this.actions);
    this.restoredSlot = element('div', 'page-restored');
    this.banner = element('div', 'banner');
    this.banner.setAttribute('role', 'alert');
    this.banner.hidden = true;
    this.notes = element('div', 'page-notes');
    this.body = element('div', 'page-body');
    app.replaceChildren(this.header, this.restoredSlot, this.banner, this.notes, this.body);
    // the restored note says when its content was shown: in the page's date style
    onDateStyleChange(() => this.showRestored(this.restored));
  }

  /** The title, in the header and as the document's. */
  setTitle(text: string, tooltip?: string): void {
    this.title.textContent = text;
    this.title.title = tooltip ?? text;
    document.title = text;
  }

  setLoading(loading: boolean): void {
    this.loading.hidden = !loading;
    this.body.setAttribute('aria-busy', String(loading));
  }

  /** The page shows what it loaded (or what a revived panel kept: `restored` says when). */
  showLoaded(restored: RestoredNote | undefined): void {
    this.setLoading(false);
    this.showError(undefined);
    this.showRestored(restored);
  }

  /**
   * The messages a page of one loaded thing (a report, two runs) shows as every such page does:
   * the host loading it, a revived panel whose content was not kept, a failure. `clear` empties
   * what the page showed.
   */
  showLoadState(message: LoadStateMessage, clear: () => void): void {
    switch (message.type) {
      case 'loading':
        clear();
        this.setTitle(message.title);
        this.showError(undefined);
        this.showRestored(undefined);
        this.setLoading(true);
        this.status.textContent = `Loading ${message.title}…`;
        break;
      case 'restored':
        clear();
        this.setTitle(message.title);
        this.setLoading(false);
        this.showRestored(message.note);
        break;
      case 'error':
        this.setLoading(false);
        this.showRestored(undefined);
        this.status.replaceChildren();
        this.showError(message);
        break;
      default: {
        // every message of the union is handled above (checked when it compiles)
        const unexpected: never = message;
        void unexpected;
      }
    }
  }

  /**
   * The frame as a new page has it, for a new subject in the panel (onRenew): no title, status,
   * actions, content, failure or restored note. The page's own notes stay (it fills them).
   * `keepContent`: the body's elements stay, for a page that empties them itself (the graph's
   * canvas and toolbar are made once).
   */
  startOver(options: { keepContent?: boolean } = {}): void {
    this.setTitle('');
    this.leading.replaceChildren();
    this.status.replaceChildren();
    this.actions.replaceChildren();
    if (!options.keepContent) this.body.replaceChildren();
    this.setLoading(false);
    this.showError(undefined);
    this.showRestored(undefined);
  }

  /** Shows the failure with Retry, Show Log and Edit Connection; undefined hides it. */
  showError(error: BannerError | undefined): void {
    this.banner.hidden = !error;
    if (!error) {
      this.banner.replaceChildren();
      return;
    }
    fillErrorBanner(this.banner, error, {
      retry: () => this.options.reload.run(),
      post: this.options.errorActions,
    });
  }

  /** The note of a panel restored after a window reload, with its action; undefined hides it. */
  showRestored(note: RestoredNote | undefined): void {
    this.restored = note;
    const { label, run } = this.options.reload;
    this.restoredSlot.replaceChildren(...(note ? [restoredNote(note, label, run)] : []));
  }
}

function element(tag: string, className: string): HTMLElement {
  const created = document.createElement(tag);
  created.className = className;
  return created;
}
