import * as vscode from 'vscode';
import {
  CERTNAME_COLUMN,
  FIRST_SCREEN_ROWS,
  firstScreenQuery,
  inventoryQuery,
  inventoryRecords,
  inventoryView,
  isInventoryColumn,
  type InventoryRow,
} from '../../shared/inventoryTable';
import { packRows } from '../../shared/packedRows';
import {
  INVENTORY_ROWS_PER_MESSAGE,
  type InventoryToHost,
  type KeptContent,
  type RestoredNote,
  type RestoreInfo,
} from '../../shared/protocol';
import { restoredNote } from '../../shared/protocolSchema';
import { WebviewPanels } from '../ids';
import { exportRows } from '../export/exportRows';
import type { PuppetDB } from '../../client';
import type { Services } from '../services';
import { openViews } from '../webviews/openViews';
import { createPanel } from '../webviews/webviewHtml';
import { WebviewPanelHost, type MessageHandlers } from '../webviews/webviewPanelHost';
import { pickFactPathColumn } from './factPathPicker';
import { MAX_LIST_ROWS, readAtMost } from '../boundedRows';
import { noteTruncated } from '../truncationNotice';

/** The longest a batch waits for more rows before it is posted anyway. */
const FLUSH_INTERVAL_MS = 100;

/** A record of the inventory endpoint as a row aligned with the columns. */
function rowOf(columns: readonly string[], record: Record<string, unknown>): InventoryRow {
  return columns.map((column) => record[column] ?? null);
}

/** What the open command answers (host tests read it). */
export interface InventoryPanelInfo {
  connectionId: string;
  columns: string[];
  /** Rows loaded from PuppetDB. */
  loaded: number;
  /** Rows the webview last said it painted (filtered), and of how many loaded. */
  shown: { rows: number; loaded: number } | undefined;
  state: 'loading' | 'done' | 'error';
  error: string | undefined;
}

/**
 * The inventory table: PuppetDB's inventory endpoint asked for the shown columns only (an
 * `extract` of fact paths), streamed into the webview in batches; sorting and filtering happen
 * in the webview, over every loaded row. Adding or removing a column loads again. The first
 * screen of rows is asked beside the whole answer and shown until the whole answer catches up.
 */
export class InventoryPanel extends WebviewPanelHost<'inventory'> {
  /** The rows of the whole answer so far. */
  private rows: InventoryRow[] = [];
  /** Rows of `rows` the webview has been sent. */
  private posted = 0;
  /** The first screen, asked apart; shown while `rows` has fewer. */
  private firstScreen: InventoryRow[] | undefined;
  private firstScreenPosted = false;
  private state: InventoryPanelInfo['state'] = 'loading';
  private error: string | undefined;
  private shown: InventoryPanelInfo['shown'];
  private controller = new AbortController();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private restored: RestoredNote | undefined;
  private readonly shownChanged = new vscode.EventEmitter<void>();
  /** Fires when the webview reports a new paint (tests wait on it). */
  readonly onDidShow = this.shownChanged.event;
  /** Settles when the current load has ended, whichever way. */
  loaded: Promise<void> = Promise.resolve();

  static create(services: Services, connectionId: string, columns: string[]): InventoryPanel {
    const panel = createPanel(
      services.extensionUri,
      WebviewPanels.inventory,
      vscode.l10n.t('Inventory'),
    );
    const inventory = new InventoryPanel(services, panel, connectionId, columns);
    inventory.loaded = inventory.load();
    return inventory;
  }

  /** After a window reload: what it showed (or a note), nothing fetched until "Load again". */
  static restore(
    services: Services,
    panel: vscode.WebviewPanel,
    restore: Extract<RestoreInfo, { entry: 'inventory' }>,
    kept: KeptContent<'inventory'> | undefined,
  ): InventoryPanel {
    const columns = restore.columns.filter(isInventoryColumn);
    const inventory = new InventoryPanel(services, panel, restore.connectionId, columns.slice(1));
    inventory.restored = restoredNote(kept);
    inventory.state = 'done';
    if (kept?.content && kept.content.columns.join('\n') === inventory.columns.join('\n')) {
      inventory.rows = kept.content.rows;
    }
    return inventory;
  }

  /** Certname first, then the fact paths. */
  private columns: string[];

  private constructor(
    private readonly services: Services,
    panel: vscode.WebviewPanel,
    readonly connectionId: string,
    factColumns: string[],
  ) {
    super(panel, services, 'inventory');
    this.columns = [CERTNAME_COLUMN, ...factColumns.filter((c) => c !== CERTNAME_COLUMN)];
    this.updateTitle();
    this.onDidDispose(() => {
      this.controller.abort();
      clearTimeout(this.flushTimer);
      this.shownChanged.dispose();
    });
  }

  /** Settles once the webview has painted every row of the finished load (or it failed). */
  painted(): Promise<void> {
    return this.once(
      this.onDidShow,
      () =>
        this.state === 'error' ||
        (this.state === 'done' && this.shown?.loaded === this.rows.length),
    );
  }

  /**
   * Settles once the webview has painted the first rows of the load (sorted as they will stay:
   * PuppetDB sends them in certname order), or the whole load if it has none, or it failed.
   */
  firstRowsShown(): Promise<void> {
    return this.once(
      this.onDidShow,
      () =>
        this.state === 'error' ||
        (this.shown !== undefined &&
          (this.shown.rows > 0 || (this.state === 'done' && this.rows.length === 0))),
    );
  }

  info(): InventoryPanelInfo {
    return {
      connectionId: this.connectionId,
      columns: [...this.columns],
      loaded: this.rows.length,
      shown: this.shown,
      state: this.state,
      error: this.error,
    };
  }

  private updateTitle(): void {
    const name = this.services.store.get(this.connectionId)?.name ?? this.connectionId;
    this.panel.title = vscode.l10n.t('Inventory · {0}', name);
  }

  private restoreInfo(): Extract<RestoreInfo, { entry: 'inventory' }> {
    return { entry: 'inventory', connectionId: this.connectionId, columns: [...this.columns] };
  }

  private async load(): Promise<void> {
    this.controller.abort();
    this.controller = new AbortController();
    const { signal } = this.controller;
    this.restored = undefined;
    this.rows = [];
    this.posted = 0;
    this.firstScreen = undefined;
    this.firstScreenPosted = false;
    this.shown = undefined;
    this.state = 'loading';
    this.error = undefined;
    this.persist(this.restoreInfo());
    this.post({ type: 'loading', title: this.panel.title, columns: this.columns });
    try {
      const client = await this.services.store.client(this.connectionId);
      // only the shown columns travel: PuppetDB extracts the fact paths itself
      const stream = client.stream('inventory', {
        query: inventoryQuery(this.columns),
        orderBy: [{ field: CERTNAME_COLUMN, order: 'asc' }],
        signal,
      });
      void this.loadFirstScreen(client, signal);
      for await (const batch of stream.batches()) {
        const room = MAX_LIST_ROWS - this.rows.length;
        for (const record of (batch as Array<Record<string, unknown>>).slice(0, room)) {
          this.rows.push(rowOf(this.columns, record));
        }
        if (batch.length > room) {
          // one row per node: leaving the loop ends the request, nothing more is read
          noteTruncated(vscode.l10n.t('The inventory'), MAX_LIST_ROWS);
          break;
        }
        this.scheduleFlush();
      }
      this.state = 'done';
      this.flush();
    } catch (error) {
      if (signal.aborted) return;
      this.state = 'error';
      this.error = error instanceof Error ? error.message : String(error);
      this.post({ type: 'error', message: this.error });
    }
  }

  /** Best effort: when it fails, the whole answer still comes (or says what went wrong). */
  private async loadFirstScreen(client: PuppetDB, signal: AbortSignal): Promise<void> {
    const columns = this.columns;
    try {
      // the first screen's nodes: a longer answer is not a first screen, and is cut there
      const { rows: records } = (await readAtMost(
        client.stream('inventory', {
          query: firstScreenQuery(columns),
          orderBy: [{ field: CERTNAME_COLUMN, order: 'asc' }],
          signal,
        }),
        FIRST_SCREEN_ROWS,
      )) as { rows: Array<Record<string, unknown>> };
      if (signal.aborted || this.state !== 'loading' || this.rows.length >= records.length) return;
      this.firstScreen = records.map((record) => rowOf(columns, record));
      this.flush();
    } catch {
      // deliberately quiet: the whole answer's own failure is the one to show
    }
  }

  /** What the webview shows: the whole answer, or the first screen until the answer has as many. */
  private visibleRows(): InventoryRow[] {
    const early = this.firstScreen;
    return early && this.state === 'loading' && this.rows.length < early.length ? early : this.rows;
  }

  private scheduleFlush(): void {
    const pending = this.rows.length - this.posted;
    if (this.posted === 0 || pending >= INVENTORY_ROWS_PER_MESSAGE) this.flush();
    else if (!this.flushTimer) this.flushTimer = setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
  }

  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (!this.isListening) return;
    if (this.posted === 0) {
      // the first screen is not sent twice while the whole answer catches up
      if (!(this.firstScreenPosted && this.visibleRows() === this.firstScreen)) this.postAll();
      return;
    }
    const complete = this.state === 'done';
    for (let start = this.posted; ; start += INVENTORY_ROWS_PER_MESSAGE) {
      const last = start + INVENTORY_ROWS_PER_MESSAGE >= this.rows.length;
      this.post({
        type: 'moreRows',
        rows: packRows(
          this.rows.slice(start, start + INVENTORY_ROWS_PER_MESSAGE),
          this.columns.length,
        ),
        complete: complete && last,
      });
      if (last) break;
    }
    this.posted = this.rows.length;
  }

  private postAll(): void {
    const rows = this.visibleRows();
    this.post({
      type: 'inventory',
      title: this.panel.title,
      columns: this.columns,
      rows: packRows(rows, this.columns.length),
      complete: this.state === 'done',
      restored: this.restored,
    });
    this.firstScreenPosted = rows === this.firstScreen;
    this.posted = rows === this.rows ? this.rows.length : 0;
  }

  protected sendSnapshot(): void {
    this.persist(this.restoreInfo());
    if (this.state === 'error') {
      this.post({ type: 'error', message: this.error ?? 'The inventory could not be loaded.' });
    } else {
      this.postAll();
    }
  }

  private reload(): Promise<void> {
    this.loaded = this.load();
    return this.loaded;
  }

  protected readonly handlers: MessageHandlers<InventoryToHost> = {
    addColumn: async () => {
      const client = await this.services.store.client(this.connectionId);
      const column = await pickFactPathColumn(client, this.columns);
      if (!column) return;
      this.columns = [...this.columns, column];
      await this.reload();
    },
    removeColumn: async ({ column }) => {
      if (column === CERTNAME_COLUMN || !this.columns.includes(column)) return;
      this.columns = this.columns.filter((candidate) => candidate !== column);
      await this.reload();
    },
    export: async ({ format, filter, sort }) => {
      const valid = sort && sort.column < this.columns.length ? sort : undefined;
      // what the view shows: while loading, the first screen until the whole answer catches up
      const rows = inventoryView(this.visibleRows(), filter, valid);
      await exportRows(inventoryRecords(this.columns, rows), format, {
        fileStem: 'inventory',
        hasMore: false,
      });
    },
    openNode: ({ certname }) => openViews.node({ connectionId: this.connectionId, certname }),
    reload: () => this.reload(),
    shown: ({ rows, loaded }) => {
      this.shown = { rows, loaded };
      this.shownChanged.fire();
    },
  };
}
