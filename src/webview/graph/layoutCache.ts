import type { Positions } from '../../shared/catalogGraphLayout';
import { ELK_LIMIT, type LayoutRequest } from './layoutTypes';

/**
 * The last few layouts ELK made, by exactly what was laid out (direction, each resource's id and
 * size, each edge). Going back to a node's graph in the preview's panel, ticking a relationship
 * again or turning the direction back asks for a layout made a moment ago: ELK takes a quarter to
 * one and a half seconds over it, this a lookup.
 */
export class LayoutCache {
  /** In the order of their last use, the oldest first. */
  private readonly layouts = new Map<string, Positions>();

  constructor(private readonly capacity = 8) {}

  /** The key of `request`, or undefined for a graph laid out the fast way (not worth keeping). */
  keyOf(request: LayoutRequest): string | undefined {
    if (request.nodes.length > ELK_LIMIT) return undefined;
    return JSON.stringify([
      request.direction,
      request.nodes.map(({ id, width, height }) => [id, width, height]),
      request.edges.map(({ source, target }) => [source, target]),
    ]);
  }

  get(key: string): Positions | undefined {
    const positions = this.layouts.get(key);
    if (positions === undefined) return undefined;
    // used now: the last to go
    this.layouts.delete(key);
    this.layouts.set(key, positions);
    return positions;
  }

  set(key: string, positions: Positions): void {
    this.layouts.delete(key);
    this.layouts.set(key, positions);
    for (const oldest of this.layouts.keys()) {
      if (this.layouts.size <= this.capacity) break;
      this.layouts.delete(oldest);
    }
  }
}
