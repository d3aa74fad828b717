import type * as vscode from 'vscode';

export interface HistoryEntry {
  query: string;
  connectionId: string;
  /** ISO-8601 */
  ranAt: string;
  outcome: 'done' | 'error' | 'cancelled';
  rows: number;
  elapsedMs: number;
}

const KEY = 'pqlHistory';
const PER_CONNECTION = 100;

/**
 * The last 100 queries of each connection (newest first), kept in the extension's global
 * state. Running the same text again moves it to the top instead of repeating it.
 */
export class QueryHistory {
  constructor(private readonly state: vscode.Memento) {}

  entries(connectionId?: string): HistoryEntry[] {
    const all = this.state.get<Record<string, HistoryEntry[]>>(KEY, {});
    const lists = connectionId ? [all[connectionId] ?? []] : Object.values(all);
    return lists.flat().sort((a, b) => b.ranAt.localeCompare(a.ranAt));
  }

  async add(entry: HistoryEntry): Promise<void> {
    const all = { ...this.state.get<Record<string, HistoryEntry[]>>(KEY, {}) };
    const list = (all[entry.connectionId] ?? []).filter((item) => item.query !== entry.query);
    all[entry.connectionId] = [entry, ...list].slice(0, PER_CONNECTION);
    await this.state.update(KEY, all);
  }

  async clear(): Promise<void> {
    await this.state.update(KEY, {});
  }
}
