import type * as vscode from 'vscode';
import { isKeptLayout, type KeptLayout } from '../../shared/graphLayouts';
import { setAsNewest } from '../../shared/newestKept';

const STATE_KEY = 'puppetdbExplorer.catalogGraph.layouts';

/**
 * The catalog graph's last few layouts, kept for the graph pages opened after the one that made
 * them (src/shared/graphLayouts.ts). A new page's first ELK layout is its slowest, about a second
 * on two cores: reopening a node's graph, opening a node whose graph has the shape of one seen
 * before, or the graphs VS Code restores after a window reload (the layouts are in the workspace
 * state) are then drawn without one. A page only ever draws with a layout of as many resources as
 * it places, so a page's message can make another page's drawing no worse than a poor layout; each
 * is checked (graphSchema.ts, and isKeptLayout when read back) and their number bounded, as is
 * their size.
 */
export class KeptLayouts {
  /** Corners by key, in the order they were laid out, the oldest first; read when first needed. */
  private kept: Map<string, number[]> | undefined;

  constructor(
    private readonly memento?: vscode.Memento,
    private readonly capacity = 8,
  ) {}

  keep({ key, corners }: KeptLayout): void {
    setAsNewest(this.layouts(), key, corners, this.capacity);
    void this.memento?.update(STATE_KEY, this.all());
  }

  /** Every layout kept, the newest last. */
  all(): KeptLayout[] {
    return [...this.layouts()].map(([key, corners]) => ({ key, corners }));
  }

  private layouts(): Map<string, number[]> {
    if (this.kept) return this.kept;
    const stored = this.memento?.get<unknown>(STATE_KEY);
    // what an older version wrote, or anything else, is left out
    const valid = Array.isArray(stored) ? stored.filter(isKeptLayout) : [];
    this.kept = new Map(
      valid.slice(-this.capacity).map(({ key, corners }) => [key, corners] as const),
    );
    return this.kept;
  }
}
