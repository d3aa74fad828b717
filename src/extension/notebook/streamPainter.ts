import type * as vscode from 'vscode';
import type { PqlBookOutput } from '../../shared/notebook/pqlBook';
import { cellOutput } from './notebookOutput';

/** Streamed rows replace the cell's output at most this often (each replacement repaints it). */
const PAINT_EVERY_MS = 200;

/**
 * The most rows a paint of a run under way carries (with the count that has arrived): far more
 * than a screen, and small to hand over. Every row went to VS Code at each paint before, so a
 * 100,000-row answer crossed to the renderer about twice and its last paint waited for the one
 * before it (bench:notebook); only the run's last output carries every row.
 */
export const PREVIEW_ROWS = 1_000;

/**
 * Paints a streaming cell's rows as they arrive: the first ones at once, then each time they have
 * doubled (each paint redraws the output, and a reader scrolling the first rows would lose their
 * place at a fixed pace), at most every PAINT_EVERY_MS; rows that doubled too soon after a paint
 * are painted when that time is up, so an answer that pauses shows all that has come. It never
 * waits for a paint to reach the renderer before the next rows are read.
 */
export class StreamPainter {
  private painted = performance.now();
  private paintedRows = 0;
  private inFlight: Promise<void> | undefined;
  private latest: { rows: readonly unknown[]; extra: Partial<PqlBookOutput> } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** A paint came due while the one before was still on its way: it follows that one. */
  private waiting = false;
  private ended = false;

  constructor(
    private readonly execution: vscode.NotebookCellExecution,
    private readonly base: PqlBookOutput,
  ) {}

  /** The rows so far (an array the caller goes on filling): painted now, or once it is time. */
  offer(rows: readonly unknown[], extra: Partial<PqlBookOutput> = {}): void {
    if (this.ended || rows.length === 0) return;
    this.latest = { rows, extra };
    if (this.paintedRows > 0 && rows.length < 2 * this.paintedRows) return;
    const wait = this.paintedRows === 0 ? 0 : this.painted + PAINT_EVERY_MS - performance.now();
    if (wait <= 0) this.paint();
    else this.timer ??= setTimeout(() => this.paint(), wait);
  }

  private paint(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.ended || !this.latest) return;
    if (this.inFlight) {
      this.waiting = true;
      return;
    }
    const { rows, extra } = this.latest;
    this.painted = performance.now();
    this.paintedRows = rows.length;
    this.inFlight = Promise.resolve(
      this.execution.replaceOutput(
        cellOutput({
          ...this.base,
          ...extra,
          rows: rows.slice(0, PREVIEW_ROWS),
          arriving: rows.length,
        }),
      ),
    ).finally(() => {
      this.inFlight = undefined;
      if (this.waiting) {
        this.waiting = false;
        this.paint();
      }
    });
  }

  /** No more paints; resolves once the one under way (if any) has reached VS Code. */
  async settled(): Promise<void> {
    this.ended = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight;
  }
}
