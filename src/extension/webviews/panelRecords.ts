import { randomUUID } from 'node:crypto';
import type * as vscode from 'vscode';
import type { RestoreInfo, WebviewEntry } from '../../shared/protocol';
import { checkRestoreInfo, isPanelId } from '../../shared/protocol/schema';

const STATE_KEY = 'puppetdbExplorer.panelRecords';
/**
 * The most panels remembered. A window rarely holds more than a few tens of our panels; a panel
 * not revived since (a tab closed while the extension was not running) is forgotten first.
 */
export const MAX_PANEL_RECORDS = 100;

interface PanelRecord {
  info: RestoreInfo;
  /** When it was last written or revived (ms), for the oldest-first eviction. */
  at: number;
}

/**
 * The host's own record of what each open panel shows (its connection, query, node, report…),
 * kept in the workspace state across window reloads. A webview keeps only its panel's id (an
 * unguessable random one), so what a restored panel fetches, opens or runs again comes from here
 * and never from the state its webview wrote, which is untrusted like anything it posts.
 */
export class PanelRecords {
  private readonly records: Map<string, PanelRecord>;
  /** Set once the extension deactivates: panels closed by the shutdown are revived after it. */
  private keeping = false;

  constructor(private readonly memento: vscode.Memento) {
    const saved = memento.get<Record<string, PanelRecord>>(STATE_KEY) ?? {};
    this.records = new Map(
      Object.entries(saved).filter(([id, record]) => isPanelId(id) && isRecord(record)),
    );
  }

  /** A new panel's id. */
  static newId(): string {
    return randomUUID();
  }

  /** Records what the panel `id` shows now; the oldest records go past MAX_PANEL_RECORDS. */
  remember(id: string, info: RestoreInfo): void {
    const before = this.records.get(id);
    if (before && JSON.stringify(before.info) === JSON.stringify(info)) return;
    this.records.delete(id);
    this.records.set(id, { info: structuredClone(info), at: Date.now() });
    this.save();
  }

  /**
   * What the panel `id` of `entry` showed, if this host recorded it: undefined for an id it never
   * gave out (forged, or from before this record existed) or one of another kind of panel.
   */
  recall<E extends WebviewEntry>(
    entry: E,
    id: unknown,
  ): Extract<RestoreInfo, { entry: E }> | undefined {
    if (!isPanelId(id)) return undefined;
    const record = this.records.get(id);
    // one written by an older version may not fit today's panels: then it rebuilds nothing
    if (record?.info.entry !== entry || checkRestoreInfo(entry, record.info)) return undefined;
    // revived: the newest again
    this.records.delete(id);
    this.records.set(id, { ...record, at: Date.now() });
    this.save();
    return structuredClone(record.info) as Extract<RestoreInfo, { entry: E }>;
  }

  /** The user closed the panel: nothing of it is restored again. */
  forget(id: string): void {
    if (this.keeping || !this.records.delete(id)) return;
    this.save();
  }

  /** The extension is deactivating (a window reload): the panels it closes will be revived. */
  keepAll(): void {
    this.keeping = true;
  }

  private save(): void {
    const newestLast = [...this.records.entries()].sort(([, a], [, b]) => a.at - b.at);
    for (const [id] of newestLast.slice(0, Math.max(0, newestLast.length - MAX_PANEL_RECORDS))) {
      this.records.delete(id);
    }
    void this.memento.update(STATE_KEY, Object.fromEntries(this.records));
  }
}

/** What the workspace state gave back may be anything (`?.` reads nothing of null or a number). */
function isRecord(value: unknown): value is PanelRecord {
  const record = value as Partial<PanelRecord> | null | undefined;
  return typeof record?.at === 'number' && typeof record.info === 'object' && record.info !== null;
}
