import type { Direction, LayoutEdge, LayoutNode, Positions } from '../../shared/catalogGraphLayout';

/** Messages between the graph view and its layout worker. */
export interface LayoutRequest {
  id: number;
  direction: Direction;
  nodes: LayoutNode[];
  edges: LayoutEdge[];
}

export interface LayoutResponse {
  id: number;
  positions: Positions;
  /** Which layered layout ran: ELK, or the fast one for big graphs (or when ELK failed). */
  engine: 'elk' | 'fast';
  ms: number;
  /** Why ELK failed, when it did (the worker used the fast layout). */
  error?: string;
  /** Why the worker itself failed (did not start, crashed, timed out): the view ran the fast layout. */
  failure?: string;
}
