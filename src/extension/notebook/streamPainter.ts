import type * as vscode from 'vscode';
import type { PqlBookOutput } from '../../shared/notebook/pqlBook';
import { cellOutput } from './notebookOutput';

/** Streamed rows replace the cell's output at most this often (each replacement repaints it). */
const PAINT_EVERY_MS = 200;

/**
 * Paints a streaming cell's rows as they arrive: the first ones at once, then each time they have
 * doubled (every paint hands VS Code all of them, so painting at a fixed pace would send the
 * rows again and again: a 100,000-row answer never finished), never waiting for a paint to reach
 * the renderer before the next rows are read.
 */
export class StreamPainter {
  private painted = performance.now();
  private paintedRows = 0;
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly execution: vscode.NotebookCellExecution,
    private readonly base: PqlBookOutput,
  ) {}

  /** The rows so far: painted now if it is time. */
  offer(rows: readonly unknown[], extra: Partial<PqlBookOutput> = {}): void {
    const due =
      this.paintedRows === 0 ||
      (rows.length >= 2 * this.paintedRows && performance.now() - this.painted >= PAINT_EVERY_MS);
    if (!due || rows.length === 0) return;
    this.painted = performance.now();
    this.paintedRows = rows.length;
    if (this.inFlight) return;
    this.inFlight = Promise.resolve(
      this.execution.replaceOutput(cellOutput({ ...this.base, ...extra, rows: [...rows] })),
    ).finally(() => (this.inFlight = undefined));
  }

  /** Once the paint under way (if any) has reached VS Code. */
  async settled(): Promise<void> {
    await this.inFlight;
  }
}
