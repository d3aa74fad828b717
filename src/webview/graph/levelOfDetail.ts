import type { Collection, Core, SingularElementArgument } from 'cytoscape';
import { nextTask } from '../common/tasks';

/**
 * Zoom from which a big graph shows labels and arrowheads: an 11 px label is then at least 7 px
 * tall (below that it is not legible, and the style's `min-zoomed-font-size` hides it anyway).
 */
export const DETAIL_ZOOM = 0.64;
/** Zoomed out below this, the details given before are taken back (a gap, so no flicker). */
const UNDETAIL_ZOOM = DETAIL_ZOOM / 2;
/** Elements restyled per task: a class change costs cytoscape a restyle of the element. */
const PER_TASK = 300;
/** Waits for the view to settle (a drag or a wheel fires many viewport events). */
const SETTLE_MS = 60;

/** The class a big graph's style gives labels and arrowheads to (see graphStyle). */
export const DETAILED = 'detailed';

/**
 * Level of detail for a big graph. Fitted far out, thousands of labels and arrowheads would be
 * a pixel or less, yet cost cytoscape most of a frame (label boxes, arrow geometry) and every
 * element a label measurement. So they are drawn only for what is in view once zoomed in close
 * enough: the elements in view get the class `detailed`, a few hundred per task, the ones
 * nearest the middle first; zoomed far out again, the class is taken away.
 */
export class LevelOfDetail {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every viewport change: a pass over stale elements stops. */
  private generation = 0;

  constructor(private readonly cy: Core) {
    cy.on('viewport', () => this.schedule());
  }

  /** Gives the details to what is in view, after the view settles. */
  schedule(): void {
    this.generation++;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), SETTLE_MS);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.generation++;
  }

  private async update(): Promise<void> {
    const cy = this.cy;
    if (cy.destroyed()) return;
    const generation = this.generation;
    const zoom = cy.zoom();
    let todo: Collection;
    let add: boolean;
    if (zoom >= DETAIL_ZOOM) {
      todo = this.inView();
      add = true;
    } else if (zoom < UNDETAIL_ZOOM) {
      todo = cy.$(`.${DETAILED}`);
      add = false;
    } else {
      return;
    }
    for (let start = 0; start < todo.length; start += PER_TASK) {
      if (start > 0) await nextTask();
      if (generation !== this.generation || cy.destroyed()) return;
      const part = todo.slice(start, start + PER_TASK);
      cy.batch(() => (add ? part.addClass(DETAILED) : part.removeClass(DETAILED)));
    }
  }

  /** The nodes and edges in view without their details, nearest the middle of the view first. */
  private inView(): Collection {
    const cy = this.cy;
    const { x1, y1, x2, y2 } = cy.extent();
    const middle = { x: (x1 + x2) / 2, y: (y1 + y2) / 2 };
    const inside = (x: number, y: number) => x >= x1 && x <= x2 && y >= y1 && y <= y2;
    const distance = (x: number, y: number) => Math.hypot(x - middle.x, y - middle.y);
    const nodes = cy.nodes(`:not(.${DETAILED})`).filter((node) => {
      const { x, y } = node.position();
      return inside(x, y);
    });
    // an edge's arrowhead sits mid-edge (haystack) or at its target: either end in view counts
    const edges = cy.edges(`:not(.${DETAILED})`).filter((edge) => {
      const source = edge.source().position();
      const target = edge.target().position();
      return (
        inside(target.x, target.y) ||
        inside(source.x, source.y) ||
        inside((source.x + target.x) / 2, (source.y + target.y) / 2)
      );
    });
    const byDistance: Array<{ element: SingularElementArgument; away: number }> = [];
    nodes.forEach((node) => {
      const { x, y } = node.position();
      byDistance.push({ element: node, away: distance(x, y) });
    });
    edges.forEach((edge) => {
      const { x, y } = midpoint(edge.source().position(), edge.target().position());
      byDistance.push({ element: edge, away: distance(x, y) });
    });
    byDistance.sort((a, b) => a.away - b.away);
    const sorted = cy.collection();
    for (const { element } of byDistance) sorted.merge(element);
    return sorted;
  }
}

function midpoint(a: { x: number; y: number }, b: { x: number; y: number }) {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}
