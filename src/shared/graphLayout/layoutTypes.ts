import type { Direction, LayoutEdge, LayoutNode, Positions } from '../catalogGraphLayout';

/** A layout the view asks the layout client for. */
export interface LayoutRequest {
  direction: Direction;
  nodes: readonly LayoutNode[];
  edges: readonly LayoutEdge[];
}

/** The layout the view gets back. */
export interface LayoutResponse {
  id: number;
  positions: Positions;
  /** Which layered layout ran: ELK, or the fast one for big graphs (or when ELK failed). */
  engine: 'elk' | 'fast';
  ms: number;
  /** Set when ELK's layout was one kept (of a graph of this shape laid out before). */
  kept?: true;
  /** Set when the extension host's layout thread made it (not the page's worker). */
  byHost?: true;
  /** Why ELK failed, when it did (the worker used the fast layout). */
  error?: string;
  /** Why the worker itself failed (did not start, crashed, timed out): the view ran the fast layout. */
  failure?: string;
}

/**
 * The messages between the layout client and its worker: packed (see layoutWire.ts), because
 * 30,000 small objects cost the main thread tens of milliseconds to send and to read back.
 */
export interface LayoutRequestMessage {
  id: number;
  direction: Direction;
  /** The nodes' ids, in order; the rest refers to nodes by their place here. */
  ids: string[];
  /** Width and height of each node. */
  sizes: Float64Array;
  /** Source and target (places in `ids`) of each edge. */
  ends: Uint32Array;
}

export interface LayoutAnswerMessage {
  id: number;
  /** Top-left corner (x, y) of each node of the request, in its order; NaN where none was found. */
  corners: Float64Array;
  engine: 'elk' | 'fast';
  ms: number;
  /** Why ELK failed, when it did (the worker used the fast layout). */
  error?: string;
  /** Set when the extension host's layout thread made it (not the page's worker). */
  byHost?: true;
}
