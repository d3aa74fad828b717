import type { SketchDrawn, SketchRequest } from './sketchMessages';
import type { SketchDraw, SketchSceneParts } from './sketchScene';

/** Draws one drawing's sketch on its canvas: in the sketch worker, or on the page. */
export interface SketchPainter {
  /** Resolves once this draw, or a newer one that took its place, is on the canvas. */
  paint(draw: SketchDraw): Promise<void>;
  /** The drawing is gone. */
  dispose(): void;
}

// No DOM here (structural types instead): unit tests run this in Node.

/** What the painters need of a Worker (a fake one in unit tests). */
export interface SketchWorker {
  postMessage(message: SketchRequest, transfer: unknown[]): void;
  onmessage: ((event: { data: SketchDrawn }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessageerror: ((event: unknown) => void) | null;
  terminate(): void;
}

/** A canvas whose drawing can be handed over to a worker (an HTMLCanvasElement). */
export interface TransferableCanvas {
  /** An OffscreenCanvas, to be transferred to the worker. */
  transferControlToOffscreen(): unknown;
}

/**
 * The sketch worker (sketch.worker.ts), shared by the view's drawings, each drawing's canvas
 * handed over to it. Should the worker fail to start or fail later, it is stopped and every
 * painter on it says so (`onFailure`): its drawing is then drawn on the page, on a new canvas,
 * since a canvas handed over cannot be drawn on here again. The next drawing may start afresh
 * (see `failed`).
 */
export class SketchWorkers {
  private readonly worker: Promise<SketchWorker | undefined>;
  private readonly painters = new Map<number, WorkerPainter>();
  private nextScene = 0;
  private hasFailed = false;

  constructor(start: () => Promise<SketchWorker>) {
    this.worker = start().then(
      (worker) => {
        worker.onmessage = ({ data }) => this.painters.get(data.scene)?.drawn(data.draw);
        worker.onerror = () => {
          worker.terminate();
          this.fail();
        };
        worker.onmessageerror = worker.onerror;
        return worker;
      },
      () => {
        this.fail();
        return undefined;
      },
    );
  }

  /**
   * A painter for `canvas`, which is handed over to the worker once it has started, with the
   * arrays of `parts` (no longer usable here then).
   */
  painter(
    canvas: TransferableCanvas,
    parts: SketchSceneParts,
    onFailure: () => void,
  ): SketchPainter {
    const scene = this.nextScene++;
    const painter = new WorkerPainter(scene, onFailure, () => this.painters.delete(scene));
    this.painters.set(scene, painter);
    if (this.hasFailed) {
      painter.failed();
      return painter;
    }
    painter.start(
      this.worker.then((worker) => {
        if (!worker || painter.gone || this.hasFailed) return undefined;
        let offscreen: unknown;
        try {
          offscreen = canvas.transferControlToOffscreen();
        } catch {
          painter.failed();
          return undefined;
        }
        // the scene's arrays are handed over, not copied (copying 2.5 MB of them took the page
        // 30-70 ms): they are empty here afterwards
        const { boxes, nodeKindOf, lines, edgeKindOf, ends } = parts;
        worker.postMessage({ type: 'scene', scene, canvas: offscreen, parts }, [
          offscreen,
          ...[boxes, nodeKindOf, lines, edgeKindOf, ends].map((array) => array.buffer),
        ]);
        return worker;
      }),
    );
    return painter;
  }

  /** Whether the worker failed (to start, or later): its painters draw nothing. */
  get failed(): boolean {
    return this.hasFailed;
  }

  private fail(): void {
    this.hasFailed = true;
    const painters = [...this.painters.values()];
    this.painters.clear();
    for (const painter of painters) painter.failed();
  }
}

/**
 * One drawing's painter on the sketch worker. It keeps at most one draw in flight and the newest
 * one waiting: a wheel asks for a draw every frame, and a draw of the whole graph can take the
 * worker longer than a frame.
 */
class WorkerPainter implements SketchPainter {
  gone = false;
  private worker: Promise<SketchWorker | undefined> = Promise.resolve(undefined);
  private nextDraw = 0;
  private inFlight: number | undefined;
  /** Resolved when the draw in flight is on the canvas. */
  private inFlightDone: Array<() => void> = [];
  private newest: SketchDraw | undefined;
  /** Resolved when the newest draw (not sent yet) is on the canvas. */
  private newestDone: Array<() => void> = [];

  constructor(
    private readonly scene: number,
    private readonly onFailure: () => void,
    private readonly forget: () => void,
  ) {}

  start(worker: Promise<SketchWorker | undefined>): void {
    this.worker = worker;
  }

  paint(draw: SketchDraw): Promise<void> {
    if (this.gone) return Promise.resolve();
    this.newest = draw;
    const done = new Promise<void>((resolve) => this.newestDone.push(resolve));
    void this.send();
    return done;
  }

  /** The worker drew `draw`. */
  drawn(draw: number): void {
    if (draw !== this.inFlight) return;
    this.inFlight = undefined;
    settle(this.inFlightDone);
    void this.send();
  }

  failed(): void {
    if (this.gone) return;
    this.stop();
    this.onFailure();
  }

  dispose(): void {
    if (this.gone) return;
    this.stop();
    void this.worker.then((worker) =>
      worker?.postMessage({ type: 'forget', scene: this.scene }, []),
    );
  }

  private stop(): void {
    this.gone = true;
    this.newest = undefined;
    this.forget();
    settle(this.inFlightDone);
    settle(this.newestDone);
  }

  private async send(): Promise<void> {
    if (this.inFlight !== undefined) return;
    const worker = await this.worker;
    if (!worker || this.gone || this.inFlight !== undefined || this.newest === undefined) return;
    const request = this.newest;
    this.newest = undefined;
    this.inFlight = this.nextDraw++;
    this.inFlightDone = this.newestDone;
    this.newestDone = [];
    worker.postMessage({ type: 'draw', scene: this.scene, draw: this.inFlight, request }, []);
  }
}

function settle(waiting: Array<() => void>): void {
  for (const resolve of waiting.splice(0)) resolve();
}
