import { drawSketch } from './graphSketch';
import type { SketchPainter } from './sketchPainter';
import { SketchScene, type SketchDraw, type SketchSceneParts } from './sketchScene';

/** Draws a sketch on the page's main thread: where no worker can (see SketchWorkers). */
export class PagePainter implements SketchPainter {
  private readonly scene: SketchScene;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    parts: SketchSceneParts,
  ) {
    this.scene = new SketchScene(parts);
  }

  paint(draw: SketchDraw): Promise<void> {
    drawSketch(this.canvas, this.scene, draw);
    return Promise.resolve();
  }

  dispose(): void {}
}
