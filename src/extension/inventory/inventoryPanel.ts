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
import { INVENTORY_ROWS_PER_MESSAGE } from '../../shared/protocol';
import { exportRows } from '../export/exportRows';
import type { PuppetDB } from '../../client';
import { Commands } from '../ids';
import type { Services } from '../services';
import { viewCommand, type PanelDefinition } from '../webviews/definePanel';
import { openViews } from '../webviews/openViews';
import {
  WebviewPanelHost,
  type InfoOf,
  type Opening,
  type ViewHandlers,
} from '../webviews/webviewPanelHost';
import { pickFactPathColumn } from './factPathPicker';
import { MAX_LIST_ROWS, readAtMost } from '../boundedRows';
import { noteTruncated } from '../truncationNotice';

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

/** The inventory tables' panels: one per connection. */
/**
 * The inventory tables' panels: one per connection. `puppetdbExplorer.openInventory` opens one
 * for a connection node, `{ connectionId, waitForPaint?, firstRows? }`, or nothing (asked), with
 * the columns of the settings. It answers once the rows are loaded; with `waitForPaint` (tests,
 * the bench) once the webview has painted every loaded row; with `firstRows` (the bench) as soon
 * as it painted the first rows.
 */
export function inventoryPanels(services: Services): PanelDefinition<'inventory', InventoryPanel> {
  return {
    entry: 'inventory',
    title: () => vscode.l10n.t('Inventory'),
    create: (opening) => new InventoryPanel(opening),
    command: viewCommand(Commands.openInventory, {
      command: 'Open Inventory',
      connection: 'ask',
      target: ({ fields }) => fields,
      open: async (inventories, { connectionId, target: { waitForPaint, firstRows } }) => {
        const columns = services.settings.inventoryColumns();
        const { panel } = inventories.show({ entry: 'inventory', connectionId, columns });
        if (firstRows === true) return panel.firstRowsShown().then(() => panel.info());
        await panel.loaded;
        if (waitForPaint === true) await panel.painted();
        return panel.info();
      },
    }),
  };
}

/**
 * The inventory table: PuppetDB's inventory endpoint asked for the shown columns only (an
 * `extract` of fact paths), streamed into the webview in batches; sorting and filtering happen
 * in the webview, over every loaded row. Adding or removing a column loads again. The first
 * screen of rows is asked beside the whole answer and shown until the whole answer catches up.
 */
export class InventoryPanel extends WebviewPanelHost<'inventory'> {
  /** The rows of the whole answer so far. */
  private readonly rows = this.streamRows<InventoryRow>(
    INVENTORY_ROWS_PER_MESSAGE,
    () => this.postAll(),
    (rows, complete) =>
      this.post({ type: 'moreRows', rows: packRows(rows, this.columns.length), complete }),
  );
  /** The first screen, asked apart; shown while `rows` has fewer. */
  private firstScreen: InventoryRow[] | undefined;
  private firstScreenPosted = false;
  readonly connectionId: string;
  /** Certname first, then the fact paths. */
  private columns: string[];

  /**
   * The inventory of a connection to load (the columns of the settings), or after a window
   * reload what it showed (or a note), nothing fetched until "Load again".
   */
  constructor(opening: Opening<'inventory'>) {
    super(opening);
    const { connectionId, columns } = opening.info;
    this.connectionId = connectionId;
    const factColumns = columns.filter((c) => c !== CERTNAME_COLUMN && isInventoryColumn(c));
    this.columns = [CERTNAME_COLUMN, ...factColumns];
    this.updateTitle();
    if (!opening.revived) {
      this.loaded = this.load();
      return;
    }
    const kept = opening.revived.kept?.content;
    const sameColumns = kept?.columns.join('\n') === this.columns.join('\n');
    this.rows.reset(sameColumns ? kept!.rows : [], true);
  }

  /** Settles once the webview has painted every row of the finished load (or it failed). */
  painted(): Promise<void> {
    return this.rowsPaintedWhen(
      () =>
        this.rows.state === 'error' ||
        (this.rows.state === 'done' && this.rows.shown?.loaded === this.rows.rows.length),
    );
  }

  /**
   * Settles once the webview has painted the first rows of the load (sorted as they will stay:
   * PuppetDB sends them in certname order), or the whole load if it has none, or it failed.
   */
  firstRowsShown(): Promise<void> {
    return this.firstRowsPainted(this.rows);
  }

  info(): InventoryPanelInfo {
    return {
      connectionId: this.connectionId,
      columns: [...this.columns],
      loaded: this.rows.rows.length,
      shown: this.rows.shown,
      state: this.rows.state,
      error: this.failure?.message,
    };
  }

  private updateTitle(): void {
    const name = this.services.store.get(this.connectionId)?.name ?? this.connectionId;
    this.panel.title = vscode.l10n.t('Inventory · {0}', name);
  }

  protected restoreInfo(): InfoOf<'inventory'> {
    return { entry: 'inventory', connectionId: this.connectionId, columns: [...this.columns] };
  }

  private load(): Promise<void> {
    this.restored = undefined;
    this.rows.reset();
    this.firstScreen = undefined;
    this.firstScreenPosted = false;
    this.failure = undefined;
    this.persist();
    this.post({ type: 'loading', title: this.panel.title, columns: this.columns });
    return this.streamLoad(this.rows, async (signal) => {
      const client = await this.services.store.client(this.connectionId);
      // only the shown columns travel: PuppetDB extracts the fact paths itself
      const stream = client.stream('inventory', {
        query: inventoryQuery(this.columns),
        orderBy: [{ field: CERTNAME_COLUMN, order: 'asc' }],
        signal,
      });
      void this.loadFirstScreen(client, signal);
      for await (const batch of stream.batches()) {
        const rows = (batch as Array<Record<string, unknown>>).map((row) =>
          rowOf(this.columns, row),
        );
        if (!this.rows.addAtMost(rows, MAX_LIST_ROWS)) {
          // one row per node: leaving the loop ends the request, nothing more is read
          noteTruncated(vscode.l10n.t('The inventory'), MAX_LIST_ROWS);
          break;
        }
      }
    });
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
      if (
        signal.aborted ||
        this.rows.state !== 'loading' ||
        this.rows.rows.length >= records.length
      ) {
        return;
      }
      this.firstScreen = records.map((record) => rowOf(columns, record));
      this.rows.flush();
    } catch {
      // deliberately quiet: the whole answer's own failure is the one to show
    }
  }

  /** What the webview shows: the whole answer, or the first screen until the answer has as many. */
  private visibleRows(): InventoryRow[] {
    const early = this.firstScreen;
    const rows = this.rows.rows;
    return early && this.rows.state === 'loading' && rows.length < early.length ? early : rows;
  }

  /**
   * What the webview shows, replacing what it held: the whole answer so far, or the first screen
   * while the whole answer has fewer (sent once: the answer's rows follow when it catches up).
   */
  private postAll(): void {
    const rows = this.visibleRows();
    const early = rows !== this.rows.rows;
    if (early && this.firstScreenPosted) return;
    this.post({
      type: 'inventory',
      title: this.panel.title,
      columns: this.columns,
      rows: packRows(rows, this.columns.length),
      complete: this.rows.state === 'done',
      restored: this.restored,
    });
    this.firstScreenPosted = early;
    // while none has come, the next rows (or the first screen) go as a snapshot again
    if (!early && (rows.length > 0 || this.rows.state !== 'loading')) this.rows.sent();
  }

  protected sendSnapshot(): void {
    this.persist();
    if (this.rows.state === 'error') {
      this.post(this.failure ?? { type: 'error', message: 'The inventory could not be loaded.' });
    } else {
      this.firstScreenPosted = false;
      this.rows.unsent();
      this.postAll();
    }
  }

  protected reload(): Promise<void> {
    this.loaded = this.load();
    return this.loaded;
  }

  protected readonly handlers: ViewHandlers<'inventory'> = {
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
    shown: (shown) => this.rows.pagePainted(shown),
  };
}
