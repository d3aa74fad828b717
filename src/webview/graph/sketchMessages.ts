import type { SketchDraw, SketchSceneParts } from './sketchScene';

/**
 * The messages between the far view and the sketch worker (sketch.worker.ts), which draws big
 * graphs' sketches on canvases handed over to it (transferControlToOffscreen). `Canvas` is an
 * OffscreenCanvas: named by the worker, so that the page's side compiles without the DOM's types.
 */
export type SketchRequest<Canvas = unknown> =
  /** A drawing's canvas and scene: drawn by the worker from now on. */
  | { type: 'scene'; scene: number; canvas: Canvas; parts: SketchSceneParts }
  | { type: 'draw'; scene: number; draw: number; request: SketchDraw }
  /** The drawing is gone: the worker lets its canvas and scene go. */
  | { type: 'forget'; scene: number };

/** The worker's answer to a `draw`: on the canvas (committed at the end of this task). */
export interface SketchDrawn {
  type: 'drawn';
  scene: number;
  draw: number;
}
