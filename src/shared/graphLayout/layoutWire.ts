import type { LayoutEdge, LayoutNode, Positions } from '../catalogGraphLayout';
import type { LayoutRequest, LayoutRequestMessage } from './layoutTypes';
import { forEachPlacedEdge } from './placedEdges';

/*
 * Packing and unpacking of the layout worker's messages. As objects, a 10,000-resource catalog
 * is 30,000 small objects (and 10,000 positions back), which the main thread spends 20–40 ms
 * serializing and as long again reading the answer. Packed, the ids cross once, and the sizes,
 * the edges' ends and the positions as typed arrays whose buffers are transferred, not copied.
 */

/** A message and the buffers to transfer with it (postMessage's second argument). */
export interface Wired<Message> {
  message: Message;
  transfer: ArrayBuffer[];
}

/**
 * Packs a layout request. An edge whose end is not among the nodes is left out: no layout could
 * place it (ELK would refuse the whole graph).
 */
export function encodeRequest(id: number, request: LayoutRequest): Wired<LayoutRequestMessage> {
  const { nodes, edges } = request;
  const ids = new Array<string>(nodes.length);
  const sizes = new Float64Array(nodes.length * 2);
  const places = new Map<string, number>();
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    ids[index] = node.id;
    sizes[2 * index] = node.width;
    sizes[2 * index + 1] = node.height;
    places.set(node.id, index);
  }
  const packed = new Uint32Array(edges.length * 2);
  let count = 0;
  forEachPlacedEdge(edges, places, (_edge, source, target) => {
    packed[2 * count] = source;
    packed[2 * count + 1] = target;
    count++;
  });
  const ends = count === edges.length ? packed : packed.slice(0, 2 * count);
  return {
    message: { id, direction: request.direction, ids, sizes, ends },
    transfer: [sizes.buffer, ends.buffer],
  };
}

/** The worker's side: the request's nodes and edges as the layouts take them. */
export function decodeRequest(message: LayoutRequestMessage): LayoutRequest {
  const { ids, sizes, ends } = message;
  const nodes: LayoutNode[] = ids.map((id, index) => ({
    id,
    width: sizes[2 * index]!,
    height: sizes[2 * index + 1]!,
  }));
  const edges: LayoutEdge[] = [];
  for (let index = 0; index < ends.length; index += 2) {
    edges.push({ source: ids[ends[index]!]!, target: ids[ends[index + 1]!]! });
  }
  return { direction: message.direction, nodes, edges };
}

/** The worker's side: positions by id, as corners in the request's order. */
export function encodeCorners(ids: readonly string[], positions: Positions): Float64Array {
  const corners = new Float64Array(ids.length * 2).fill(Number.NaN);
  for (let index = 0; index < ids.length; index++) {
    const corner = positions[ids[index]!];
    if (!corner) continue;
    corners[2 * index] = corner.x;
    corners[2 * index + 1] = corner.y;
  }
  return corners;
}

/** The view's side: the corners back as positions by id (nodes without a finite one left out). */
export function decodeCorners(ids: readonly string[], corners: Float64Array): Positions {
  const positions: Positions = {};
  for (let index = 0; index < ids.length; index++) {
    const x = corners[2 * index];
    const y = corners[2 * index + 1];
    if (x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) continue;
    positions[ids[index]!] = { x, y };
  }
  return positions;
}
