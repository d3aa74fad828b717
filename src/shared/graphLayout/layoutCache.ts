import type { Positions } from '../catalogGraphLayout';
import { ELK_LIMIT, shapeKey, type KeptLayout } from '../graphLayouts';
import { setAsNewest } from '../newestKept';
import type { LayoutRequest } from './layoutTypes';
import { decodeCorners, encodeCorners } from './layoutWire';
import { forEachPlacedEdge } from './placedEdges';

/**
 * The last few layouts ELK made, by the shape that was laid out: the direction, each resource's
 * size in order, and each edge by the places of its ends, but not the resources' names. The
 * worker gives ELK places, not names (layout.worker.ts), so a graph of that shape is laid out
 * the same whatever its resources are called: going back to a node's graph in the preview's
 * panel, ticking a relationship again or turning the direction back asks for a layout made a
 * moment ago, and so does the next node of a role whose catalog differs from the last one's only
 * in names of the same widths (its own certname in a title: `Host[web02.example.com]`). ELK takes
 * a quarter to one and a half seconds over it, this a lookup. The host keeps them too, for the
 * pages opened after (src/extension/graph/keptLayouts.ts).
 */
export class LayoutCache {
  /** Corners (x, y) by place, in the order of their last use, the oldest first. */
  private readonly layouts = new Map<string, Float64Array>();

  constructor(private readonly capacity = 8) {}

  /** The key of `request`, or undefined for a graph laid out the fast way (not worth keeping). */
  keyOf(request: LayoutRequest): string | undefined {
    if (request.nodes.length > ELK_LIMIT) return undefined;
    const places = new Map(request.nodes.map((node, index) => [node.id, index]));
    const ends: number[] = [];
    // as the worker is sent them (layoutWire.ts): an edge to no resource is no part of the shape
    forEachPlacedEdge(request.edges, places, (_edge, from, to) => ends.push(from, to));
    return shapeKey(
      JSON.stringify([
        request.direction,
        request.nodes.map(({ width, height }) => [width, height]),
        ends,
      ]),
    );
  }

  /** The positions kept for `key`, given to the resources `ids` (the request's, in order). */
  get(key: string, ids: readonly string[]): Positions | undefined {
    const corners = this.layouts.get(key);
    // a layout of as many resources only: a key is a hash
    if (corners === undefined || corners.length !== ids.length * 2) return undefined;
    this.use(key, corners);
    return decodeCorners(ids, corners);
  }

  /**
   * Keeps `positions` of the resources `ids` (in the request's order) for `key`; gives the layout
   * as the host keeps it.
   */
  set(key: string, ids: readonly string[], positions: Positions): KeptLayout {
    const corners = encodeCorners(ids, positions);
    this.use(key, corners);
    return { key, corners: Array.from(corners) };
  }

  /** Takes a layout the host kept, unless one of its shape is kept here already. */
  keep({ key, corners }: KeptLayout): void {
    if (this.layouts.has(key) || corners.length > 2 * ELK_LIMIT) return;
    this.use(key, Float64Array.from(corners));
  }

  /** `key`'s layout, used now: the last to go. */
  private use(key: string, corners: Float64Array): void {
    setAsNewest(this.layouts, key, corners, this.capacity);
  }
}
