import type { Core } from 'cytoscape';
import type { DrawnEdge, DrawnNode } from './drawnGraph';
import { PagePainter } from './pagePainter';
import type { SketchPainter, SketchWorkers } from './sketchPainter';
import { placeMarks, sketchSource, type SketchMarks, type SketchViewport } from './sketchScene';
import { DETAIL_ZOOM } from './detailZoom';
import type { Palette } from './palette';

/**
 * Zoomed out below this, a big graph shows no labels or arrowheads (see levelOfDetail.ts): only
 * boxes and lines, which the sketch draws the same way, in a few dozen canvas calls.
 */
export const NEAR_ZOOM = DETAIL_ZOOM;

/**
 * While the camera moves, the sketch leaves the lines out (as cytoscape hides a big graph's edges
 * then); this long after the last move, it draws them too.
 */
const SETTLE_MS = 120;

/** The part of cytoscape's canvas renderer this view steps in front of. */
interface CanvasRenderer {
  render(options?: { forcedContext?: unknown }): void;
}

/**
 * A big graph's sketch (graphSketch.ts): what is on screen of it, in front of cytoscape's layer.
 *
 * It is drawn as soon as the layout is known, fitted: the whole graph is on screen at once, and
 * can be selected, searched, panned and zoomed (sketchPointer.ts, and the renderer working on the
 * layout's own boxes, with the sketch's own camera).
 *
 * For cytoscape's canvas renderer it is the whole drawing, at every zoom, and cytoscape takes the
 * elements in only for an export (see GraphRenderer). That renderer paints every element of a view
 * from a texture of its own, element by element: for a fitted view of thousands, one task of
 * hundreds of milliseconds after every change (the first drawing, a selection, a theme); zoomed in,
 * every frame that showed elements for the first time or gave them their labels took 60-200 ms
 * in software (3,000 to 20,000 resources), a view crossed by thousands of long edges 100 ms and
 * more; and taking tens of thousands of elements in took seconds of slices, with garbage
 * collections of 100-200 ms. The sketch draws the same picture in its worker: the lines as a path
 * per look, the boxes, and zoomed in past NEAR_ZOOM the arrowheads and the labels (the `near`
 * class).
 *
 * The WebGL renderer draws everything itself, at a cost that does not grow that way: the sketch
 * stands in while cytoscape takes the elements in, and then hands over to it, with the camera,
 * the selection and the matches the user gave the sketch meanwhile.
 *
 * The sketch worker draws it, where the page can hand a canvas over to a worker: a sketch of tens
 * of thousands of lines takes a software rasterizer hundreds of milliseconds, which would hold up
 * the page. Otherwise, or should the worker fail, the page draws it itself.
 */
/**
 * Keeps `cy`'s canvas renderer off the screen, from its first frame: the sketch draws there. It
 * still draws into other canvases (a forced context: its snapshots, the exports). False if its
 * renderer is not the one this was written against (cytoscape 3.3x): cytoscape then draws
 * everything, and the sketch is handed over once the elements are in.
 */
export function keepOffScreen(cy: Core): boolean {
  const renderer = (cy as unknown as { renderer?: () => Partial<CanvasRenderer> }).renderer?.();
  const render = renderer?.render;
  if (!renderer || typeof render !== 'function') return false;
  renderer.render = (options) => {
    if (options?.forcedContext === undefined) return;
    render.call(renderer, options);
  };
  return true;
}

export class SketchView {
  private canvas: HTMLCanvasElement;
  private readonly placeOf: ReadonlyMap<string, number>;
  private painter: SketchPainter;
  private marks: SketchMarks = { selected: undefined, matches: new Set() };
  private frame: number | undefined;
  /** Set while the camera moves: the lines are drawn once it has settled. */
  private settling: ReturnType<typeof setTimeout> | undefined;
  /** The camera the user chose (undefined: fitted to the view); cytoscape's stays its own. */
  private chosen: SketchViewport | undefined;
  /** The labels' font: the page's, as cytoscape's style has it (graphStyle). */
  private readonly fontFamily = getComputedStyle(document.body).fontFamily || 'sans-serif';
  /** False while its drawing is put away (see show). */
  private shown = true;
  /** What the canvas shows now: a draw asked for with the same inputs is skipped. */
  private drawnWith: unknown[] = [];

  /** Works the sketch's scene out; drawNow() draws it. */
  constructor(
    container: HTMLElement,
    nodes: readonly DrawnNode[],
    edges: readonly DrawnEdge[],
    private palette: Palette,
    private readonly fitted: () => SketchViewport,
    workers: SketchWorkers | undefined,
  ) {
    this.canvas = sketchCanvas();
    container.append(this.canvas);
    const { parts, placeOf } = sketchSource(nodes, edges);
    this.placeOf = placeOf;
    // the worker is handed the parts' arrays: should it fail, the page works them out again
    this.painter =
      workers && 'transferControlToOffscreen' in this.canvas
        ? workers.painter(this.canvas, parts, () => this.paintOnPage(nodes, edges))
        : new PagePainter(this.canvas, parts);
  }

  /**
   * Draws the sketch now; resolves once it is on the canvas. The first time, in a task after the
   * constructor's (working out the scene of tens of thousands of elements is a task's worth).
   */
  drawNow(): Promise<void> {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    return this.draw();
  }

  /** The camera the sketch is drawn with now. */
  camera(): SketchViewport {
    return this.chosen ?? this.fitted();
  }

  /** The camera the user chose, if they moved it. */
  chosenCamera(): SketchViewport | undefined {
    return this.chosen;
  }

  /** Moves the camera (undefined: fitted again). */
  moveCamera(viewport: SketchViewport | undefined): void {
    this.chosen = viewport;
    this.moving();
    this.schedule();
  }

  /** Whether an event's target is the sketch's canvas. */
  isCanvas(target: EventTarget | null): boolean {
    return target === this.canvas;
  }

  /** The sketch alone draws the graph, whole: it keeps its own camera (see GraphRenderer). */
  whole(): void {
    this.canvas.classList.remove('taking-in');
  }

  /** Every element went in, and cytoscape draws everything from now on. */
  handOver(cy: Core): void {
    this.remove();
    cy.forceRender();
  }

  /** Hides the sketch with its drawing (kept while a focus view is shown), or shows it again. */
  show(shown: boolean): void {
    this.shown = shown;
    this.canvas.hidden = !shown;
    if (shown) this.schedule();
  }

  /** The selection or the search matches (may have) changed. */
  mark(marks: SketchMarks): void {
    const same =
      marks.selected === this.marks.selected &&
      marks.matches.size === this.marks.matches.size &&
      [...marks.matches].every((id) => this.marks.matches.has(id));
    if (same) return;
    this.marks = marks;
    this.schedule();
  }

  restyle(palette: Palette): void {
    this.palette = palette;
    this.schedule();
  }

  /** The panel was resized. */
  resize(): void {
    this.schedule();
  }

  remove(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    clearTimeout(this.settling);
    this.painter.dispose();
    this.canvas.remove();
  }

  /** The worker failed: the page draws the sketch from now on, on a canvas of its own. */
  private paintOnPage(nodes: readonly DrawnNode[], edges: readonly DrawnEdge[]): void {
    const canvas = sketchCanvas();
    canvas.className = this.canvas.className;
    canvas.hidden = this.canvas.hidden;
    this.canvas.replaceWith(canvas);
    this.canvas = canvas;
    this.painter = new PagePainter(canvas, sketchSource(nodes, edges).parts);
    this.drawnWith = [];
    this.schedule();
  }

  /** The camera moved: lines are left out until it has settled. */
  private moving(): void {
    clearTimeout(this.settling);
    this.settling = setTimeout(() => {
      this.settling = undefined;
      this.schedule();
    }, SETTLE_MS);
  }

  /** Draws in the next frame: a wheel or a drag moves the camera many times per frame. */
  private schedule(): void {
    if (this.frame !== undefined || !this.shown) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = undefined;
      void this.draw();
    });
  }

  private draw(): Promise<void> {
    const viewport = this.camera();
    const lines = this.settling === undefined;
    const near = viewport.zoom >= NEAR_ZOOM;
    this.canvas.classList.toggle('near', near);
    const inputs = [
      viewport.zoom,
      viewport.pan.x,
      viewport.pan.y,
      this.canvas.clientWidth,
      this.canvas.clientHeight,
      this.palette,
      this.marks.selected,
      this.marks.matches,
      lines,
      near,
    ];
    if (inputs.every((input, index) => input === this.drawnWith[index])) return Promise.resolve();
    this.drawnWith = inputs;
    return this.painter.paint({
      palette: this.palette,
      viewport,
      size: { width: this.canvas.clientWidth, height: this.canvas.clientHeight },
      marks: placeMarks(this.placeOf, this.marks),
      lines,
      near,
      // left out while the camera moves, as the lines are
      labels: near && lines,
      fontFamily: this.fontFamily,
    });
  }
}

function sketchCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  // it answers the pointer (sketchPointer.ts) for as long as it is on screen
  canvas.className = 'graph-sketch taking-in interactive';
  canvas.setAttribute('aria-hidden', 'true');
  return canvas;
}
