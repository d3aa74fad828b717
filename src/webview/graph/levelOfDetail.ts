import type { Core, SingularElementArgument } from 'cytoscape';
import { nextPaint } from '../common/tasks';
import { DETAIL_ZOOM } from './detailZoom';
import { shapesOf } from './elementShapes';
import { restyleDetails } from './restyleWithoutResort';

/** Zoomed out below this, the details given before are taken back (a gap, so no flicker). */
const UNDETAIL_ZOOM = DETAIL_ZOOM / 2;
/**
 * Elements given their details per frame: a class change costs cytoscape a restyle of the
 * element, and the next frame renders its texture again, label and all (a fraction of a
 * millisecond each in software).
 */
const PER_FRAME = 40;
/** Waits for the view to settle (a drag or a wheel fires many viewport events). */
const SETTLE_MS = 60;

/** The class a big graph's style gives labels and arrowheads to (see graphStyle). */
export const DETAILED = 'detailed';

/**
 * Level of detail for a big graph. Fitted far out, thousands of labels and arrowheads would be
 * a pixel or less, yet cost cytoscape most of a frame (label boxes, arrow geometry) and every
 * element a label measurement. So they are drawn only for what is in view once zoomed in close
 * enough: the elements in view get the class `detailed`, a hundred per frame, the ones
 * nearest the middle first; zoomed far out again, the class is taken away.
 */
export class LevelOfDetail {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every viewport change: a pass over stale elements stops. */
  private generation = 0;
  constructor(
    private readonly cy: Core,
    private readonly options: {
      /** Cytoscape's WebGL renderer: it must hear of every z-order change (its picking buffer). */
      webgl: boolean;
    },
  ) {
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
    let todo: SingularElementArgument[];
    let add: boolean;
    if (zoom >= DETAIL_ZOOM) {
      todo = this.inView();
      add = true;
    } else if (zoom < UNDETAIL_ZOOM) {
      todo = cy.$(`.${DETAILED}`).toArray();
      add = false;
    } else {
      return;
    }
    for (let start = 0; start < todo.length; start += PER_FRAME) {
      if (start > 0) await nextPaint();
      if (generation !== this.generation || cy.destroyed()) return;
      const part = cy.collection();
      for (const element of todo.slice(start, start + PER_FRAME)) part.merge(element);
      const change = () => (add ? part.addClass(DETAILED) : part.removeClass(DETAILED));
      restyleDetails(cy, this.options.webgl, part, change);
    }
  }

  /** The nodes and edges in view without their details, nearest the middle of the view first. */
  private inView(): SingularElementArgument[] {
    const cy = this.cy;
    const { elements, shapes } = shapesOf(cy);
    const extent = cy.extent();
    const middleX = (extent.x1 + extent.x2) / 2;
    const middleY = (extent.y1 + extent.y2) / 2;
    const found: Array<{ element: SingularElementArgument; away: number }> = [];
    for (let index = 0; index < elements.length; index++) {
      const element = elements[index]!;
      if (shapes.meets(index, extent) && !element.hasClass(DETAILED)) {
        found.push({ element, away: shapes.distance(index, middleX, middleY) });
      }
    }
    found.sort((a, b) => a.away - b.away);
    return found.map(({ element }) => element);
  }
}
