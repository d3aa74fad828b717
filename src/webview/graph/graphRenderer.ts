import cytoscape, { type Collection, type Core, type ElementDefinition } from 'cytoscape';
import type { Placed } from '../../shared/graphNavigation';
import { animationFrame, nextPaint, nextTask } from '../common/tasks';
import type { DrawnEdge, DrawnNode } from './drawnGraph';
import { keepOffScreen, SketchView } from './sketchView';
import { bindSketchPointer } from './sketchPointer';
import type { SketchViewport } from './sketchScene';
import { graphStyle } from './graphStyle';
import { LevelOfDetail } from './levelOfDetail';
import { exportPng, type PngPicture } from './pngExport';
import { restyleDetails } from './restyleWithoutResort';
import { sortZOrderByKeys } from './zOrder';
import { SliceSizer } from './sliceSizer';
import { SketchWorkers, type SketchWorker } from './sketchPainter';
import { typeColourIndex, type Palette } from './palette';
import { toSvg } from './svgExport';
import { boundsOf, fitViewport, zoomedAbout } from './viewport';
import { releaseWebglCanvases, webglAvailable } from './webglSupport';

/** Above this many elements the graph is drawn the fast way (see graphStyle). */
const LARGE = 1500;
/**
 * Elements added to cytoscape in the first slice. Adding, styling and measuring thousands in one
 * go would block the main thread for a second, and what an element costs varies (a node several
 * times an edge, an edge more the more edges its ends have, a garbage collection now and then):
 * each next slice is sized by what the ones before cost (SliceSizer).
 */
const FIRST_SLICE = 50;
/**
 * The work each task may take while the elements go in: the task that adds a slice, and the
 * frame in which cytoscape styles and measures it. The sketch answers the user meanwhile, and a
 * click or a key waits for the task under way: with a garbage collection on top (tens of
 * milliseconds on a slow machine), an answer still comes within about 50 ms (issue 35).
 */
const SLICE_BUDGET_MS = 15;
/**
 * Up to this many elements (a typical node's catalog) go into cytoscape in one task, in view:
 * their first frame paints them. Slices would cost a frame each, and a frame is what the whole
 * drawing costs here (about 20 ms for 300 elements; a slow machine's frame is more).
 */
const ONE_SLICE = 300;
const ZOOM = { min: 0.02, max: 4 };
/**
 * Cytoscape's WebGL renderer (experimental in 3.3x): nodes, edges and label textures drawn by the
 * GPU in a few instanced draw calls instead of path by path on a 2D canvas. Its default atlas
 * size, with up to 16 atlases per draw call (desktop GPUs have at least 16 texture units).
 */
const WEBGL_OPTIONS = {
  webgl: true,
  webglTexSize: 2048,
  webglTexRows: 36,
  webglBatchSize: 2048,
  webglTexPerBatch: 16,
} as const;

export interface RendererEvents {
  select(id: string | undefined): void;
  toggleCollapse(id: string): void;
}

/** A cytoscape instance, the layer it draws in and the palette it is styled with (as JSON). */
interface CytoscapeLayer {
  cy: Core;
  layer: HTMLElement;
  palette: string;
}

/** One cytoscape instance and the layer it draws in. */
interface Drawing {
  cy: Core;
  layer: HTMLElement;
  /** What was drawn (see draw()); undefined for a view that is never kept. */
  key: string | undefined;
  large: boolean;
  /** Whether cytoscape draws it with WebGL (large graphs where WebGL 2 is available). */
  webgl: boolean;
  /** The palette it is styled with, as JSON: restyling thousands of elements is not free. */
  palette: string;
  /** Whether it is drawn whole (a drawing replaced half-way is never kept). */
  complete: boolean;
  /**
   * A big graph the sketch alone draws (cytoscape's canvas renderer): cytoscape takes its
   * elements in only when an export asks for them (`takenIn`); the sketch keeps the camera, the
   * selection and the matches.
   */
  sketchOnly: boolean;
  /** The elements going into cytoscape, once asked for; resolves false if replaced meanwhile. */
  takenIn: Promise<boolean> | undefined;
  /** What is drawn, for cytoscape when it is asked to take it in. */
  elements: { nodes: readonly DrawnNode[]; edges: readonly DrawnEdge[] };
  /** The selection and matches cytoscape was last given (a sketch-only drawing's, for exports). */
  marksInCy: { selected: string | undefined; matches: ReadonlySet<string> };
  /** Whether the user panned or zoomed since it was drawn (then resizing keeps the view). */
  moved: boolean;
  /** Labels and arrowheads of a large drawing, for what is in view (undefined: all drawn). */
  detail: LevelOfDetail | undefined;
  /**
   * A large drawing's sketch: shown while cytoscape's WebGL renderer takes its elements in, and
   * for the canvas renderer as the whole drawing (sketch-only, see sketchView.ts).
   */
  sketch: SketchView | undefined;
  counts: { nodes: number; edges: number };
  /** The resources drawn, by id: what is selected, searched and hit before cytoscape has them. */
  index: ReadonlyMap<string, DrawnNode>;
  /**
   * Unbinds the sketch's own pointer handling: while the elements go in, and for as long as the
   * sketch is what is on screen (cytoscape's canvas renderer then hit-tests nothing).
   */
  unbindPointer: (() => void) | undefined;
  /** Takes this drawing's own listeners off cytoscape (a spare instance keeps the renderer's). */
  listeners: (() => void)[];
  /** What cytoscape holds selected (a tap selects too): unselected without a search of every element. */
  selectedInCy: Set<string>;
  /** The selected resource and the search matches, as this drawing marks them. */
  selected: string | undefined;
  matches: ReadonlySet<string>;
}

/**
 * The cytoscape instance of the view: draws, restyles, selects, fits, zooms and exports.
 *
 * A drawing of the whole graph is kept, hidden, while a focus view is shown: going back to it
 * is then a single repaint, with the camera where the user left it, instead of adding thousands
 * of elements again.
 */
export class GraphRenderer {
  private current: Drawing | undefined;
  private kept: Drawing | undefined;
  /** Started with the first big drawing, and kept for the next ones while it works. */
  private sketchWorkers: SketchWorkers | undefined;
  /**
   * A small drawing's cytoscape, emptied and hidden when its drawing went, for the next small
   * drawing (the preview's panel showing the next node's catalog). A new instance's canvases and
   * style were about a third of a small graph's drawing.
   */
  private spare: CytoscapeLayer | undefined;

  constructor(
    private readonly container: HTMLElement,
    private readonly events: RendererEvents,
    /** Starts the sketch worker (bundledWorker.ts), with the first big drawing. */
    private readonly startSketchWorker: () => Promise<SketchWorker>,
  ) {
    // the split between graph and details can be dragged, the panel resized: cytoscape only
    // watches the window; an untouched view is fitted again
    new ResizeObserver(() => {
      const current = this.current;
      if (!current) return;
      current.sketch?.resize();
      if (!current.complete) return;
      current.cy.resize();
      if (!current.moved) this.fit();
    }).observe(container);
  }

  /**
   * Starts the sketch worker while the page waits for its first catalog: its bundle fetched and
   * compiled then, not while a big graph's first drawing waits for it.
   */
  warmUp(): void {
    this.sketchWorkers ??= new SketchWorkers(this.startSketchWorker);
  }

  private get cy(): Core | undefined {
    return this.current?.cy;
  }

  /**
   * Replaces what is drawn; resolves once it is drawn whole (by cytoscape, or for a large graph
   * and the canvas renderer by the sketch alone), with the milliseconds from the call to the first
   * paint of the whole graph: the sketch's, for a large graph (undefined: replaced meanwhile).
   * `usable` is called once the graph can be selected, searched, panned and zoomed: a large
   * graph's sketch answers all that while cytoscape's WebGL renderer takes the elements in (then
   * cytoscape takes over the selection, the matches and the camera); any other graph once drawn.
   * A `key` names the drawing so that reuse(key) can bring it back; a drawing without one (a
   * focus view) keeps the keyed drawing it replaces.
   */
  async draw(
    nodes: DrawnNode[],
    edges: DrawnEdge[],
    palette: Palette,
    key: string | undefined,
    usable: () => void = () => undefined,
  ): Promise<number | undefined> {
    const started = performance.now();
    let firstPaintMs: number | undefined;
    this.putAway(key === undefined);
    const large = nodes.length + edges.length > LARGE;
    // it loads while cytoscape is set up; after a failure, a fresh one is tried
    if (large && (!this.sketchWorkers || this.sketchWorkers.failed)) {
      this.sketchWorkers = new SketchWorkers(this.startSketchWorker);
    }
    const webgl = large && webglAvailable();
    const oneSlice = !large && nodes.length + edges.length <= ONE_SLICE;
    const { cy, layer } =
      (oneSlice && this.takeSpare(palette)) || this.newCytoscape(palette, large, webgl);
    // a big graph's sketch draws it for cytoscape's canvas renderer, from its first frame on
    const sketchOnly = large && !webgl && keepOffScreen(cy);
    const drawing: Drawing = {
      cy,
      layer,
      key,
      large,
      webgl,
      palette: JSON.stringify(palette),
      complete: false,
      sketchOnly: false,
      takenIn: undefined,
      elements: { nodes, edges },
      marksInCy: { selected: undefined, matches: new Set() },
      moved: false,
      detail: undefined,
      sketch: undefined,
      counts: { nodes: nodes.length, edges: edges.length },
      index: new Map(nodes.map((node) => [node.id, node])),
      unbindPointer: undefined,
      listeners: [],
      selectedInCy: new Set(),
      selected: undefined,
      matches: new Set(),
    };
    this.current = drawing;
    if (large) {
      // the sketch in a task of its own: setting cytoscape up was this one's
      await nextTask();
      if (this.current !== drawing) return undefined;
      const sketch = new SketchView(
        this.container,
        nodes,
        edges,
        palette,
        () => this.fitted(nodes),
        this.sketchWorkers,
      );
      drawing.sketch = sketch;
      // cytoscape then paints only exports, which ask for every element in z-order: the faster
      // sort goes in
      if (sketchOnly) sortZOrderByKeys(cy);
      await nextTask();
      if (this.current !== drawing) return undefined;
      await sketch.drawNow();
      await nextPaint();
      if (this.current !== drawing) return undefined;
      firstPaintMs = performance.now() - started;
      drawing.unbindPointer = bindSketchPointer(
        this.container,
        (target) => sketch.isCanvas(target),
        ZOOM,
        {
          camera: () => sketch.camera(),
          moveCamera: (viewport) => this.moveCamera(drawing, viewport),
          click: (at) => this.events.select(this.nodeAt(drawing, at)),
          doubleClick: (at) => {
            const id = this.nodeAt(drawing, at);
            if (id !== undefined) this.events.toggleCollapse(id);
          },
        },
      );
      if (sketchOnly) {
        // the sketch draws it whole, at every zoom: cytoscape is needed for exports only, and
        // its tens of thousands of elements cost seconds of slices and their garbage collections
        drawing.sketchOnly = true;
        drawing.complete = true;
        sketch.whole();
        usable();
        await nextPaint();
        return firstPaintMs;
      }
      usable();
    }
    if (oneSlice) {
      // in this task, with the camera set below: no frame comes before it, so none looks away
      cy.add([...nodes.map(nodeElement), ...edges.map(edgeElement)]);
    } else {
      if (!(await this.takeIn(drawing))) return undefined;
      // one frame still looking away: cytoscape sorts every element by z-order in the first
      // frame after the last one went in, so that frame is not also the one that paints them all
      await nextPaint();
      if (this.current !== drawing) return undefined;
    }
    // the panel may have been resized meanwhile (the sketch followed it)
    cy.resize();
    // cytoscape paints and takes the pointer from now on
    drawing.unbindPointer?.();
    drawing.unbindPointer = undefined;
    // it takes over the camera the user chose on the sketch meanwhile, if they moved it
    const chosen = drawing.sketch?.chosenCamera();
    cy.viewport(chosen ?? this.fitted(nodes));
    drawing.moved = chosen !== undefined;
    // and paints the graph in the frame that takes the sketch away
    drawing.sketch?.handOver(cy);
    drawing.sketch = undefined;
    if (large) {
      // labels and arrowheads for what is in view, zoomed in
      drawing.detail = new LevelOfDetail(cy, { webgl: drawing.webgl });
    }
    drawing.detail?.schedule();
    drawing.complete = true;
    // and the selection and matches made on the sketch
    const { selected, matches } = drawing;
    drawing.selected = undefined;
    drawing.matches = new Set();
    this.select(selected, false);
    this.mark([...matches]);
    // each taken off again when the drawing goes (its cytoscape may be the next one's spare)
    const listen = (events: string, handler: cytoscape.EventHandler, nodesOnly = false) => {
      if (nodesOnly) cy.on(events, 'node', handler);
      else cy.on(events, handler);
      drawing.listeners.push(() =>
        nodesOnly ? cy.off(events, 'node', handler) : cy.off(events, handler),
      );
    };
    listen('scrollzoom pinchzoom dragpan', () => (drawing.moved = true));
    listen('select', (event) => void drawing.selectedInCy.add(String(event.target.id())));
    listen('unselect', (event) => void drawing.selectedInCy.delete(String(event.target.id())));
    listen('tap', (event) => this.events.select(String(event.target.id())), true);
    listen('tap', (event) => {
      if (event.target === cy) this.events.select(undefined);
    });
    listen('dbltap', (event) => this.events.toggleCollapse(String(event.target.id())), true);
    if (firstPaintMs === undefined) usable();
    await nextPaint();
    return firstPaintMs ?? performance.now() - started;
  }

  /**
   * Puts the drawing's elements into cytoscape, a slice per task (see SLICE_BUDGET_MS); false if
   * the drawing was replaced or discarded meanwhile.
   */
  private takeIn(drawing: Drawing): Promise<boolean> {
    drawing.takenIn ??= (async () => {
      const { cy } = drawing;
      const { nodes, edges } = drawing.elements;
      // While the slices go in, the camera looks away: each frame then culls every element (its
      // geometry is still worked out, a slice at a time) instead of repainting a half-built graph.
      if (!drawing.sketchOnly) {
        cy.viewport({ zoom: this.fitted(nodes).zoom, pan: { x: -1e7, y: -1e7 } });
      }
      // nodes first (edges need their ends), then edges, each sized afresh: they cost differently
      for (const elements of [nodes.map(nodeElement), edges.map(edgeElement)]) {
        const sizer = new SliceSizer(FIRST_SLICE, SLICE_BUDGET_MS);
        for (let start = 0; start < elements.length;) {
          if (cy.destroyed() || (!drawing.sketchOnly && this.current !== drawing)) return false;
          const size = sizer.next();
          const began = performance.now();
          cy.add(elements.slice(start, start + size));
          const addMs = performance.now() - began;
          start += size;
          // cytoscape styles and measures what went in at its next frame (painting nothing while
          // the sketch stands in), in its own callback, which comes before this one
          const frameBegan = await animationFrame();
          sizer.took(size, Math.max(addMs, performance.now() - frameBegan));
          await nextTask();
        }
      }
      return !cy.destroyed();
    })();
    return drawing.takenIn;
  }

  /**
   * Gives cytoscape a sketch-only drawing's elements, selection and matches, for an export; false
   * if it was discarded meanwhile.
   */
  private async readyForExport(drawing: Drawing): Promise<boolean> {
    if (!drawing.sketchOnly) return true;
    if (!(await this.takeIn(drawing))) return false;
    const cy = drawing.cy;
    const given = drawing.marksInCy;
    cy.batch(() => {
      if (given.selected !== undefined) {
        const node = cy.getElementById(given.selected);
        node.unselect();
        node.connectedEdges().removeClass('incident');
      }
      for (const id of given.matches) cy.getElementById(id).removeClass('match');
      if (drawing.selected !== undefined) {
        const node = cy.getElementById(drawing.selected);
        node.select();
        node.connectedEdges().addClass('incident');
      }
      for (const id of drawing.matches) cy.getElementById(id).addClass('match');
    });
    drawing.marksInCy = { selected: drawing.selected, matches: new Set(drawing.matches) };
    return true;
  }

  /** Whether the sketch answers for the camera, the selection and the matches, not cytoscape. */
  private sketchAnswers(drawing: Drawing): boolean {
    return !drawing.complete || drawing.sketchOnly;
  }

  /** The resource whose box is under a point of the view, by the sketch's camera. */
  private nodeAt(drawing: Drawing, at: { x: number; y: number }): string | undefined {
    const camera = drawing.sketch?.camera();
    if (!camera) return undefined;
    const x = (at.x - camera.pan.x) / camera.zoom;
    const y = (at.y - camera.pan.y) / camera.zoom;
    let found: string | undefined;
    // the last one drawn is on top
    for (const node of drawing.index.values()) {
      if (Math.abs(x - node.x) <= node.width / 2 && Math.abs(y - node.y) <= node.height / 2) {
        found = node.id;
      }
    }
    return found;
  }

  /**
   * Moves the camera of a drawing the sketch answers for (undefined: fitted): the sketch's own
   * while the elements go in, cytoscape's once they are in.
   */
  private moveCamera(drawing: Drawing, viewport: SketchViewport | undefined): void {
    if (this.current !== drawing) return;
    if (this.sketchAnswers(drawing)) {
      drawing.moved = viewport !== undefined;
      drawing.sketch?.moveCamera(viewport);
      return;
    }
    if (viewport === undefined) return this.fit();
    drawing.moved = true;
    drawing.cy.viewport(viewport);
  }

  /** The camera of what is on screen: cytoscape's, or the sketch's where it answers. */
  private camera(current: Drawing): SketchViewport {
    if (this.sketchAnswers(current) && current.sketch) return current.sketch.camera();
    return { zoom: current.cy.zoom(), pan: { ...current.cy.pan() } };
  }

  /**
   * Shows the kept drawing named `key` again, if there is one; resolves once it is painted.
   * Another theme may have come meanwhile, so it takes the current palette.
   */
  async reuse(key: string, palette: Palette): Promise<boolean> {
    const kept = this.kept;
    if (!kept || kept.key !== key) return false;
    this.kept = undefined;
    this.putAway(false);
    this.current = kept;
    this.restyle(palette);
    kept.layer.hidden = false;
    kept.sketch?.show(true);
    kept.cy.resize();
    if (!kept.moved) this.fit();
    await nextPaint();
    return true;
  }

  /** Takes every drawing off the screen and lets it go (the page shows another subject). */
  clear(): void {
    this.putAway(false);
  }

  /** Takes the current drawing off the screen: kept (hidden) when asked, if whole and keyed. */
  private putAway(keep: boolean): void {
    const previous = this.current;
    this.current = undefined;
    if (keep && previous?.key !== undefined && previous.complete) {
      if (this.kept !== previous) this.letGo(this.kept);
      previous.layer.hidden = true;
      previous.sketch?.show(false);
      this.kept = previous;
      return;
    }
    this.letGo(previous);
    if (!keep) {
      this.letGo(this.kept);
      this.kept = undefined;
    }
  }

  /** A new cytoscape instance, in a layer of its own on top of the container's. */
  private newCytoscape(palette: Palette, large: boolean, webgl: boolean): CytoscapeLayer {
    const layer = document.createElement('div');
    layer.className = 'graph-layer';
    // the WebGL renderer blends arrowheads with the container's background colour (CSSOM, not an
    // inline style attribute: the CSP allows it)
    layer.style.backgroundColor = palette.background;
    this.container.append(layer);
    claimCytoscapeStylesheet();
    const cy = cytoscape({
      container: layer,
      style: graphStyle(palette, large, webgl),
      ...(webgl ? WEBGL_OPTIONS : {}),
      layout: { name: 'preset' },
      minZoom: ZOOM.min,
      maxZoom: ZOOM.max,
      pixelRatio: 1,
      // level of detail while panning and zooming a big graph: a snapshot (WebGL; the canvas
      // renderer has the far view instead), no edges, no labels
      textureOnViewport: webgl,
      hideEdgesOnViewport: large,
      hideLabelsOnViewport: large,
      motionBlur: false,
      // a big graph's boxes stay where the layout put them: the far view's sketch and the near
      // view's index of what is in view are worked out once (a drag pans instead)
      autoungrabify: large,
      boxSelectionEnabled: false,
      selectionType: 'single',
    });
    return { cy, layer, palette: JSON.stringify(palette) };
  }

  /** The spare small instance, if there is one, shown with `palette`'s style. */
  private takeSpare(palette: Palette): CytoscapeLayer | undefined {
    const spare = this.spare;
    this.spare = undefined;
    // cytoscape destroys itself when its container leaves the document
    if (!spare || spare.cy.destroyed()) return undefined;
    const json = JSON.stringify(palette);
    if (spare.palette !== json) {
      spare.cy.style(graphStyle(palette, false, false));
      spare.layer.style.backgroundColor = palette.background;
      spare.palette = json;
    }
    // shown where it is, not moved on top: leaving the document for that moment would destroy it
    // (every other drawing's layer is hidden)
    spare.layer.hidden = false;
    spare.layer.style.visibility = '';
    return spare;
  }

  /** Lets a drawing go: a small one's cytoscape becomes the spare, any other is destroyed. */
  private letGo(drawing: Drawing | undefined): void {
    if (!drawing) return;
    const { nodes, edges } = drawing.counts;
    if (drawing.large || nodes + edges > ONE_SLICE || this.spare) {
      discard(drawing);
      return;
    }
    drawing.unbindPointer?.();
    for (const unlisten of drawing.listeners) unlisten();
    // out of sight but laid out: a layer without a size would have its canvases made again
    drawing.layer.style.visibility = 'hidden';
    drawing.cy.elements().remove();
    this.spare = { cy: drawing.cy, layer: drawing.layer, palette: drawing.palette };
  }

  /** Applies another theme's colours. */
  restyle(palette: Palette): void {
    const current = this.current;
    const json = JSON.stringify(palette);
    if (!current || current.palette === json) return;
    current.palette = json;
    current.cy.style(graphStyle(palette, current.large, current.webgl));
    // the canvas shows the layer's background through (the edges of one theme are drawn in a
    // colour another theme's background may share)
    current.layer.style.backgroundColor = palette.background;
    current.sketch?.restyle(palette);
  }

  /** Selects a resource (and marks its edges); `centre` pans to it. */
  select(id: string | undefined, centre: boolean): void {
    const current = this.current;
    if (!current) return;
    if (this.sketchAnswers(current)) {
      // the sketch shows it; cytoscape is given it once every element is in (or an export asks)
      const node = id === undefined ? undefined : current.index.get(id);
      current.selected = node?.id;
      this.markSketch();
      if (centre && node) {
        const { width, height } = this.viewSize();
        const zoom = Math.max(this.camera(current).zoom, 0.9);
        this.moveCamera(current, {
          zoom,
          pan: { x: width / 2 - node.x * zoom, y: height / 2 - node.y * zoom },
        });
      }
      return;
    }
    const cy = current.cy;
    const node = id === undefined ? undefined : cy.getElementById(id);
    cy.batch(() => {
      // a tap selects in cytoscape too (an edge, say): whatever it holds selected goes
      for (const selectedId of current.selectedInCy) cy.getElementById(selectedId).unselect();
      // only this class marks incident edges: the last selection's are found without a search
      if (current.selected !== undefined) {
        cy.getElementById(current.selected).connectedEdges().removeClass('incident');
      }
      current.selected = undefined;
      if (!node?.nonempty()) return;
      node.select();
      node.connectedEdges().addClass('incident');
      current.selected = node.id();
    });
    this.markSketch();
    if (centre && node?.nonempty()) {
      current.moved = true;
      const zoom = Math.max(cy.zoom(), 0.9);
      // animating thousands of elements costs a full repaint per frame: jump instead
      if (current.large) cy.viewport({ zoom, pan: panTo(cy, node.position(), zoom) });
      else cy.animate({ zoom, center: { eles: node } }, { duration: 200 });
    }
  }

  /** Marks the search matches. */
  mark(ids: readonly string[]): void {
    const current = this.current;
    if (!current) return;
    if (this.sketchAnswers(current)) {
      current.matches = new Set(ids.filter((id) => current.index.has(id)));
      this.markSketch();
      return;
    }
    const cy = current.cy;
    cy.batch(() => {
      for (const id of current.matches) cy.getElementById(id).removeClass('match');
      for (const id of ids) cy.getElementById(id).addClass('match');
    });
    current.matches = new Set(ids);
    this.markSketch();
  }

  /** Shows the selection and the search matches in the sketch. */
  private markSketch(): void {
    const current = this.current;
    current?.sketch?.mark({ selected: current.selected, matches: current.matches });
  }

  fit(): void {
    const current = this.current;
    if (current && this.sketchAnswers(current)) return this.moveCamera(current, undefined);
    if (!current) return;
    const cy = current.cy;
    current.moved = false;
    const boxes = cy.nodes().map((node) => ({
      ...node.position(),
      width: Number(node.data('width')),
      height: Number(node.data('height')),
    }));
    cy.viewport(this.fitted(boxes));
  }

  zoomBy(factor: number): void {
    const current = this.current;
    if (!current) return;
    if (this.sketchAnswers(current)) {
      const { width, height } = this.viewSize();
      const middle = { x: width / 2, y: height / 2 };
      return this.moveCamera(current, zoomedAbout(this.camera(current), factor, middle, ZOOM));
    }
    const cy = current.cy;
    current.moved = true;
    const renderedPosition = { x: cy.width() / 2, y: cy.height() / 2 };
    cy.zoom({ level: cy.zoom() * factor, renderedPosition });
  }

  /** The whole graph as a PNG no longer than `maxChars` as a data URL (see pngExport.ts). */
  async png(palette: Palette, maxChars: number): Promise<PngPicture | undefined> {
    const current = this.current;
    if (!current || !(await this.readyForExport(current))) return undefined;
    const cy = current.cy;
    const restyle = (elements: Collection, work: () => void) =>
      restyleDetails(cy, current.webgl, elements, work);
    return exportPng(cy, {
      background: palette.background,
      maxChars,
      restyle: current.large ? restyle : undefined,
      dataUrl: readAsDataUrl,
    });
  }

  async svg(palette: Palette): Promise<string | undefined> {
    const current = this.current;
    if (!current || !(await this.readyForExport(current))) return undefined;
    return toSvg(current.cy, palette);
  }

  /** Where the drawn resources sit, and the middle of the view, in graph coordinates. */
  placement(): { nodes: Placed[]; centre: { x: number; y: number } } {
    const current = this.current;
    if (!current) return { nodes: [], centre: { x: 0, y: 0 } };
    // the layout's positions until cytoscape has the elements (a small graph's can be dragged)
    const nodes = this.sketchAnswers(current)
      ? [...current.index.values()].map(({ id, x, y }) => ({ id, x, y }))
      : current.cy.nodes().map((node) => ({ id: node.id(), ...node.position() }));
    const { zoom, pan } = this.camera(current);
    const { width, height } = this.viewSize();
    const centre = { x: (width / 2 - pan.x) / zoom, y: (height / 2 - pan.y) / zoom };
    return { nodes, centre };
  }

  /** Where a resource's centre is on screen, in CSS pixels from the graph's top left corner. */
  renderedPosition(id: string): { x: number; y: number } | undefined {
    const current = this.current;
    if (current && !this.sketchAnswers(current)) {
      const node = current.cy.getElementById(id);
      return node.nonempty() ? node.renderedPosition() : undefined;
    }
    const node = current?.index.get(id);
    if (!current || !node) return undefined;
    const { zoom, pan } = this.camera(current);
    return { x: node.x * zoom + pan.x, y: node.y * zoom + pan.y };
  }

  /** Whether a resource's centre is in view. */
  inView(id: string): boolean {
    const at = this.renderedPosition(id);
    if (!at) return false;
    const { width, height } = this.viewSize();
    return at.x >= 0 && at.y >= 0 && at.x <= width && at.y <= height;
  }

  /** Whether the drawing on screen is a sketch whose elements are still going into cytoscape. */
  takingIn(): boolean {
    return this.current !== undefined && !this.current.complete;
  }

  /** The zoom of the camera on what is on screen (1 with nothing drawn). */
  zoom(): number {
    return this.current ? this.camera(this.current).zoom : 1;
  }

  /** Whether the drawing on screen is drawn with WebGL. */
  usesWebgl(): boolean {
    return this.current?.webgl ?? false;
  }

  /** How many resources and edges are drawn. */
  counts(): { nodes: number; edges: number } {
    return this.current?.counts ?? { nodes: 0, edges: 0 };
  }

  /** Whether a resource is drawn. */
  has(id: string): boolean {
    return this.current?.index.has(id) ?? false;
  }

  /** What is drawn, for tests and benchmarks. */
  drawn(): {
    nodes: string[];
    edges: string[];
    selected: string | undefined;
    /** How many elements cytoscape holds (a sketch-only drawing's: none until an export). */
    inCytoscape: number;
  } {
    const current = this.current;
    const cy = this.cy;
    if (current?.sketchOnly) {
      return {
        nodes: [...current.index.keys()],
        edges: current.elements.edges.map((edge) => edge.id),
        selected: current.selected,
        inCytoscape: current.cy.elements().length,
      };
    }
    return {
      inCytoscape: cy?.elements().length ?? 0,
      nodes: cy?.nodes().map((node) => node.id()) ?? [],
      edges: cy?.edges().map((edge) => String(edge.data('key'))) ?? [],
      selected: cy?.$('node:selected').first().id(),
    };
  }

  /** The computed style of a drawn element (tests check the theme's colours reach the canvas). */
  styleOf(id: string, property: string): string | undefined {
    const element = this.cy?.getElementById(id);
    return element?.nonempty() ? String(element.style(property)) : undefined;
  }

  private fitted(nodes: Iterable<{ x: number; y: number; width: number; height: number }>) {
    const { width, height } = this.viewSize();
    return fitViewport(boundsOf([...nodes]), width, height, 24, ZOOM);
  }

  private viewSize(): { width: number; height: number } {
    return { width: this.container.clientWidth || 800, height: this.container.clientHeight || 600 };
  }
}

function nodeElement(node: DrawnNode): ElementDefinition {
  return {
    group: 'nodes',
    data: {
      id: node.id,
      label: node.label,
      width: node.width,
      height: node.height,
      members: node.members,
      type: node.type,
      colour: typeColourIndex(node.type),
    },
    position: { x: node.x, y: node.y },
    classes: node.diff === 'same' ? [] : [node.diff],
  };
}

function edgeElement(edge: DrawnEdge, index: number): ElementDefinition {
  return {
    group: 'edges',
    // cytoscape ids are its own; `key` is the model's `source relationship target`
    data: { id: `e${index}`, key: edge.id, source: edge.source, target: edge.target },
    classes: edge.diff === 'same' ? [edge.group] : [edge.group, edge.diff],
  };
}

function discard(drawing: Drawing | undefined): void {
  if (!drawing) return;
  drawing.unbindPointer?.();
  // a page gets about sixteen live WebGL contexts: free this one now, not when collected
  if (drawing.webgl) releaseWebglCanvases(drawing.layer);
  drawing.detail?.stop();
  drawing.sketch?.remove();
  drawing.cy.destroy();
  drawing.layer.remove();
}

function panTo(cy: Core, position: { x: number; y: number }, zoom: number) {
  return { x: cy.width() / 2 - position.x * zoom, y: cy.height() / 2 - position.y * zoom };
}

/**
 * Cytoscape injects a `<style>` (its container's `position: relative`) into the page unless an
 * element with its id is already there; the webview's CSP refuses inline styles, so that would
 * be a CSP violation. Its rule is in graph.css; this placeholder tells cytoscape it is in place.
 */
function claimCytoscapeStylesheet(): void {
  const id = '__________cytoscape_stylesheet';
  if (document.getElementById(id)) return;
  const placeholder = document.createElement('meta');
  placeholder.id = id;
  document.head.append(placeholder);
}

/** A blob as a `data:` URL, read by the browser off the page's thread. */
function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('the picture could not be read'));
    reader.readAsDataURL(blob);
  });
}
