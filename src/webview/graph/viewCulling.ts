import type { Core, SingularElementArgument } from 'cytoscape';
import { ElementShapes, shapesOf, type Region } from './elementShapes';
import { SliceSizer } from './sliceSizer';

/** Cytoscape's widest reach for a hit on an edge, in screen pixels (a touch; 8 for a mouse). */
const HIT_REACH_PX = 24;
/**
 * Elements a frame may show for the first time, at first: cytoscape renders each into a texture
 * of its own then (its label's text too), a fraction of a millisecond each in software.
 */
const FIRST_NEW_PER_FRAME = 40;
/** What a frame may spend on elements shown for the first time; the next frames show the rest. */
const NEW_BUDGET_MS = 20;

type Element = SingularElementArgument;

export interface ViewCullingOptions {
  /** Whether frames on screen draw edges (false: something else draws them). */
  edges: boolean;
}

/** One frame cytoscape paints on screen. */
interface Frame {
  shownFirst: number;
  heldBack: boolean;
  /** What it was given (it may ask more than once). */
  cut?: { all: readonly Element[]; shown: ZSorted };
}

/** Cytoscape's list of every element in drawing order, and the parts of it it draws and hits. */
type ZSorted = Element[] & { nondrag: Element[]; drag: Element[]; interactive: Element[] };

/** The parts of cytoscape's canvas renderer (3.3x) this steps into. */
interface CanvasRenderer {
  render(options?: { forcedContext?: unknown }): void;
  findNearestElements(x: number, y: number, interactiveOnly: boolean, isTouch: boolean): Element[];
  getCachedZSortedEles(forceRecalc?: boolean): ZSorted;
  drawLayeredElements(context: unknown, eles: unknown, pxRatio: number, extent: unknown): void;
  drawCachedElements(context: unknown, eles: unknown, pxRatio: number, extent: unknown): void;
}

/**
 * Makes cytoscape's canvas renderer look only at the elements where it looks: for a big graph
 * (see sketchView.ts for the sketch that stands in for it zoomed far out).
 *
 * That renderer walks every element of the graph for each frame and for each pointer move: it
 * asks each for its bounding box, to cull it from the frame or to test it for a hit under the
 * pointer, and first tries to put them all in layer textures the size of the graph. With tens
 * of thousands of elements that is hundreds of milliseconds per frame and per mouse move, for
 * the few hundred on screen or the one under the pointer. So while it paints on screen, or looks
 * for what is under the pointer, the list of elements it asks for is cut (in the same order) to
 * those in view, or near the pointer, found in flat arrays of their shapes; and it paints them
 * from its per-element textures without layers (a layer of a list that changes with every move
 * would be rebuilt with every move). Everything else it asks the list for (exports, snapshots)
 * gets every element.
 *
 * With `edges: false` a frame on screen gets no edges at all: something else draws them (the far
 * view's sketch, under cytoscape's layer). Hit tests and drawings into another canvas still get
 * them.
 *
 * The shapes come from the elements' positions when cytoscape makes the list (again after a
 * change of z-order): a big graph's nodes are not draggable (see graphRenderer), so they stay
 * where the layout put them.
 */
export class ViewCulling {
  /**
   * For each list cytoscape made, where its elements are in the graph's shapes (see shapesOf): it
   * sorts a new one after each change of z-order (labels given, a selection), of the same
   * elements, which stay put.
   */
  private readonly orders = new WeakMap<
    readonly Element[],
    { shapes: ElementShapes; order: Int32Array }
  >();
  /** Set while the renderer paints on screen or hit-tests: what it may see. */
  private region: (() => Region) | undefined;
  /** Set while it paints on screen. */
  private frame: Frame | undefined;
  /** The elements a frame has shown: cytoscape keeps their textures. */
  private readonly shown = new WeakSet<Element>();
  private readonly newPerFrame = new SliceSizer(FIRST_NEW_PER_FRAME, NEW_BUDGET_MS);

  private constructor(
    private readonly cy: Core,
    private readonly options: ViewCullingOptions,
  ) {}

  /**
   * Steps into `cy`'s canvas renderer. False if its renderer is not the one this was written
   * against: cytoscape then works as it does by itself.
   */
  static attach(cy: Core, options: ViewCullingOptions = { edges: true }): boolean {
    const renderer = (cy as unknown as { renderer?: () => Partial<CanvasRenderer> }).renderer?.();
    if (!renderer) return false;
    const {
      render,
      findNearestElements,
      getCachedZSortedEles,
      drawLayeredElements,
      drawCachedElements,
    } = renderer;
    if (
      typeof render !== 'function' ||
      typeof findNearestElements !== 'function' ||
      typeof getCachedZSortedEles !== 'function' ||
      typeof drawLayeredElements !== 'function' ||
      typeof drawCachedElements !== 'function'
    ) {
      return false;
    }
    const culling = new ViewCulling(cy, options);
    // a forced context is a drawing into another canvas (cytoscape's own snapshots): all of it
    renderer.render = (options) => {
      if (options?.forcedContext !== undefined) {
        culling.within(undefined, () => render.call(renderer, options));
        return;
      }
      const began = performance.now();
      const frame: Frame = { shownFirst: 0, heldBack: false };
      culling.frame = frame;
      try {
        // the view's extent only if the frame asks for the list: asking the container its size
        // while the page is being changed (elements still going in) would lay the page out
        let extent: Region | undefined;
        culling.within(
          () => (extent ??= cy.extent()),
          () => render.call(renderer, options),
        );
      } finally {
        culling.frame = undefined;
      }
      if (frame.shownFirst > 0) {
        culling.newPerFrame.took(frame.shownFirst, performance.now() - began);
      }
      // the rest in the next frames: cytoscape paints only when asked, and forgets an asking
      // during its frame
      if (frame.heldBack) {
        setTimeout(() => {
          if (!cy.destroyed()) cy.forceRender();
        }, 0);
      }
    };
    renderer.findNearestElements = (x, y, interactiveOnly, isTouch) => {
      const reach = HIT_REACH_PX / cy.zoom();
      const near = { x1: x - reach, y1: y - reach, x2: x + reach, y2: y + reach };
      return culling.within(
        () => near,
        () => findNearestElements.call(renderer, x, y, interactiveOnly, isTouch),
      );
    };
    renderer.getCachedZSortedEles = (forceRecalc) =>
      culling.cut(getCachedZSortedEles.call(renderer, forceRecalc));
    renderer.drawLayeredElements = (context, eles, pxRatio, extent) =>
      culling.region
        ? drawCachedElements.call(renderer, context, eles, pxRatio, extent)
        : drawLayeredElements.call(renderer, context, eles, pxRatio, extent);
    return true;
  }

  private within<T>(region: (() => Region) | undefined, work: () => T): T {
    const outer = this.region;
    this.region = region;
    try {
      return work();
    } finally {
      this.region = outer;
    }
  }

  /** `all`, cut to the region looked at, if any. */
  private cut(all: ZSorted): ZSorted {
    if (!this.region) return all;
    const frame = this.frame;
    if (frame?.cut?.all === all) return frame.cut.shown;
    const region = this.region();
    const shown = frame ? this.inFrame(all, region, frame) : this.inRegion(all, region);
    // both parts keep the list's order: as long as it, they are it (no element dragged, none
    // hidden), and need no shapes of their own
    const part = (elements: Element[]) =>
      elements.length === all.length ? shown : this.inRegion(elements, region);
    const cut = Object.assign(shown, {
      nondrag: part(all.nondrag),
      drag: all.drag,
      interactive: part(all.interactive),
    });
    if (frame) frame.cut = { all, shown: cut };
    return cut;
  }

  /**
   * The elements in view that a frame has shown before, and as many more as it may show for the
   * first time (newPerFrame), the nearest the middle of the view first.
   */
  private inFrame(all: readonly Element[], region: Region, frame: Frame): Element[] {
    const { shapes, order } = this.placesOf(all);
    const taken = new Uint8Array(all.length);
    const unseen: number[] = [];
    const edges = this.options.edges;
    for (let index = 0; index < all.length; index++) {
      // from the flat shapes: asking each of tens of thousands of elements costs every frame
      if (!edges && shapes.isEdge(order[index]!)) continue;
      if (!shapes.meets(order[index]!, region)) continue;
      if (this.shown.has(all[index]!)) taken[index] = 1;
      else unseen.push(index);
    }
    if (unseen.length > 0) {
      const allowed = this.newPerFrame.next();
      if (unseen.length > allowed) {
        const middleX = (region.x1 + region.x2) / 2;
        const middleY = (region.y1 + region.y2) / 2;
        const away = (index: number) => shapes.distance(order[index]!, middleX, middleY);
        unseen.sort((a, b) => away(a) - away(b));
        unseen.length = allowed;
        frame.heldBack = true;
      }
      for (const index of unseen) {
        taken[index] = 1;
        this.shown.add(all[index]!);
      }
      frame.shownFirst += unseen.length;
    }
    const found: Element[] = [];
    for (let index = 0; index < all.length; index++) if (taken[index]) found.push(all[index]!);
    return found;
  }

  private inRegion(elements: readonly Element[], region: Region): Element[] {
    const { shapes, order } = this.placesOf(elements);
    const found: Element[] = [];
    for (let index = 0; index < elements.length; index++) {
      if (shapes.meets(order[index]!, region)) found.push(elements[index]!);
    }
    return found;
  }

  /** The shapes `elements` are in, and where in them each is. */
  private placesOf(elements: readonly Element[]): { shapes: ElementShapes; order: Int32Array } {
    let places = this.orders.get(elements);
    if (!places) {
      const { shapes } = shapesOf(this.cy);
      const order = shapes.orderOf(elements);
      // an element the graph's shapes do not know (none should be): this list's own shapes
      places = order
        ? { shapes, order }
        : {
            shapes: new ElementShapes(elements),
            order: Int32Array.from(elements, (_, index) => index),
          };
      this.orders.set(elements, places);
    }
    return places;
  }
}
