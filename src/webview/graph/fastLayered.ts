/**
 * A fast layered layout for very large catalogs, where ELK's layered algorithm takes many
 * seconds: longest-path layering over a DFS-ordered graph (back edges of cycles ignored), then
 * one barycentre pass to order each layer. Linear in nodes and edges; fewer crossings are
 * traded for speed.
 */
import type { LayoutRequest, LayoutResponse } from './layoutTypes';

const LAYER_GAP = 60;
const NODE_GAP = 12;

export function fastLayered(request: Omit<LayoutRequest, 'id'>): LayoutResponse['positions'] {
  const { nodes, edges, direction } = request;
  const index = new Map(nodes.map((node, position) => [node.id, position]));
  const outgoing: number[][] = nodes.map(() => []);
  const incoming: number[][] = nodes.map(() => []);
  for (const edge of edges) {
    const source = index.get(edge.source);
    const target = index.get(edge.target);
    if (source === undefined || target === undefined || source === target) continue;
    outgoing[source]!.push(target);
    incoming[target]!.push(source);
  }
  // topological order by Kahn; nodes left in cycles are appended in input order
  const indegree = incoming.map((list) => list.length);
  const order: number[] = [];
  const queue: number[] = [];
  indegree.forEach((degree, node) => degree === 0 && queue.push(node));
  const placed = new Uint8Array(nodes.length);
  while (order.length < nodes.length) {
    if (queue.length === 0) {
      const next = placed.findIndex((done) => done === 0);
      queue.push(next);
      indegree[next] = 0;
    }
    const node = queue.shift()!;
    if (placed[node]) continue;
    placed[node] = 1;
    order.push(node);
    for (const target of outgoing[node]!) {
      if (--indegree[target]! <= 0 && !placed[target]) queue.push(target);
    }
  }
  const position = new Int32Array(nodes.length);
  order.forEach((node, rank) => (position[node] = rank));
  const layer = new Int32Array(nodes.length);
  for (const node of order) {
    for (const source of incoming[node]!) {
      if (position[source]! < position[node]!) {
        layer[node] = Math.max(layer[node]!, layer[source]! + 1);
      }
    }
  }
  const layers: number[][] = [];
  for (const node of order) (layers[layer[node]!] ??= []).push(node);
  // one barycentre pass: order each layer by the mean slot of its predecessors
  const slot = new Float64Array(nodes.length);
  for (const members of layers) {
    if (!members) continue;
    const key = members.map((node) => {
      const sources = incoming[node]!.filter((source) => layer[source]! < layer[node]!);
      return sources.length
        ? sources.reduce((sum, source) => sum + slot[source]!, 0) / sources.length
        : Infinity;
    });
    const sorted = members
      .map((node, at) => ({ node, key: key[at]!, at }))
      .sort((a, b) => a.key - b.key || a.at - b.at);
    sorted.forEach((entry, at) => (slot[entry.node] = at));
  }
  const positions: LayoutResponse['positions'] = {};
  let across = 0;
  for (const members of layers) {
    if (!members) continue;
    const breadth = Math.max(
      ...members.map((node) => (direction === 'LR' ? nodes[node]!.width : nodes[node]!.height)),
    );
    let along = 0;
    for (const node of [...members].sort((a, b) => slot[a]! - slot[b]!)) {
      const { width, height } = nodes[node]!;
      positions[nodes[node]!.id] =
        direction === 'LR' ? { x: across, y: along } : { x: along, y: across };
      along += (direction === 'LR' ? height : width) + NODE_GAP;
    }
    across += breadth + LAYER_GAP;
  }
  return positions;
}
