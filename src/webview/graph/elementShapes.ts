import type { Core, SingularElementArgument } from 'cytoscape';

/**
 * Model units around an element's own box that what cytoscape draws of it may take: its border,
 * a label wider than the box, a mid-edge arrowhead.
 */
const MARGIN = 40;

/** A part of the graph, in model coordinates. */
export interface Region {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * Where each element of a list lies, flat: a node as its box, an edge as its line (a big graph's
 * edges are straight: haystack), each grown by MARGIN.
 */
export class ElementShapes {
  /** Per element: x1, y1, x2, y2 of its box, or of its line's ends (source, then target). */
  private readonly points: Float64Array;
  private readonly isLine: Uint8Array;
  /** Where each element is in the list the shapes were worked out from. */
  private readonly indexOf = new Map<SingularElementArgument, number>();

  constructor(elements: readonly SingularElementArgument[]) {
    const points = new Float64Array(elements.length * 4);
    this.points = points;
    this.isLine = new Uint8Array(elements.length);
    for (let index = 0, at = 0; index < elements.length; index++, at += 4) {
      const element = elements[index]!;
      this.indexOf.set(element, index);
      if (element.isNode()) {
        const { x, y } = element.position();
        // the whole data object: asking for a field at a time parses arguments each time
        const { width, height } = element.data() as { width?: number; height?: number };
        const halfWidth = (width ?? 0) / 2 + MARGIN;
        const halfHeight = (height ?? 0) / 2 + MARGIN;
        points[at] = x - halfWidth;
        points[at + 1] = y - halfHeight;
        points[at + 2] = x + halfWidth;
        points[at + 3] = y + halfHeight;
      } else {
        const source = element.source().position();
        const target = element.target().position();
        points[at] = source.x;
        points[at + 1] = source.y;
        points[at + 2] = target.x;
        points[at + 3] = target.y;
        this.isLine[index] = 1;
      }
    }
  }

  /**
   * For each element of `elements` (the same ones in another order, or some of them), its index
   * here; undefined if one is not here.
   */
  orderOf(elements: readonly SingularElementArgument[]): Int32Array | undefined {
    const order = new Int32Array(elements.length);
    for (let index = 0; index < elements.length; index++) {
      const at = this.indexOf.get(elements[index]!);
      if (at === undefined) return undefined;
      order[index] = at;
    }
    return order;
  }

  /** Whether the element at `index` is an edge (kept as its line). */
  isEdge(index: number): boolean {
    return this.isLine[index] === 1;
  }

  /** How far the middle of the element at `index` (a box's, or a line's) is from (x, y). */
  distance(index: number, x: number, y: number): number {
    const points = this.points;
    const at = index * 4;
    return Math.hypot(
      (points[at]! + points[at + 2]!) / 2 - x,
      (points[at + 1]! + points[at + 3]!) / 2 - y,
    );
  }

  /** Whether the element at `index` reaches into `region`. */
  meets(index: number, { x1, y1, x2, y2 }: Region): boolean {
    const points = this.points;
    const at = index * 4;
    const ax = points[at]!;
    const ay = points[at + 1]!;
    const bx = points[at + 2]!;
    const by = points[at + 3]!;
    if (!this.isLine[index]) return ax <= x2 && bx >= x1 && ay <= y2 && by >= y1;
    // a line: the region grown by MARGIN, then its box, then whether its corners all lie on
    // one side of the line (a long diagonal's box covers much that the line does not)
    const left = x1 - MARGIN;
    const top = y1 - MARGIN;
    const right = x2 + MARGIN;
    const bottom = y2 + MARGIN;
    if (Math.min(ax, bx) > right || Math.max(ax, bx) < left) return false;
    if (Math.min(ay, by) > bottom || Math.max(ay, by) < top) return false;
    const dx = bx - ax;
    const dy = by - ay;
    const leftTop = Math.sign(dx * (top - ay) - dy * (left - ax));
    return (
      leftTop === 0 ||
      Math.sign(dx * (top - ay) - dy * (right - ax)) !== leftTop ||
      Math.sign(dx * (bottom - ay) - dy * (left - ax)) !== leftTop ||
      Math.sign(dx * (bottom - ay) - dy * (right - ax)) !== leftTop
    );
  }
}

/** A graph's elements, and where each lies: what `shapesOf` hands out. */
export interface GraphShapes {
  elements: readonly SingularElementArgument[];
  shapes: ElementShapes;
}

const byGraph = new WeakMap<Core, GraphShapes>();

/**
 * The shapes of all of `cy`'s elements, worked out on the first ask and kept until an element
 * is added, removed or moved (a big graph's nodes are not draggable, see graphRenderer: they stay
 * where the layout put them). The level of detail looks them up; at
 * 30,000 elements they take tens of milliseconds to work out.
 */
export function shapesOf(cy: Core): GraphShapes {
  let known = byGraph.get(cy);
  if (!known) {
    const elements = cy.elements().toArray();
    known = { elements, shapes: new ElementShapes(elements) };
    // forgotten at the next change: one listener per working-out, gone once it has fired
    cy.one('add remove position', () => byGraph.delete(cy));
    byGraph.set(cy, known);
  }
  return known;
}
