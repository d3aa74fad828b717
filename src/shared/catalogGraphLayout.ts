/**
 * A fast layered (Sugiyama-style) layout for graphs too big for ELK to lay out in time: ELK's
 * `layered` takes seconds on a few thousand resources, this takes tens of milliseconds. Steps:
 * break cycles (DFS), put each node one layer after its furthest predecessor (longest path),
 * order each layer by the barycentre of its neighbours (a few sweeps down and up), wrap very
 * long layers into several columns (so the drawing is roughly landscape), and place. No dummy nodes: edges are drawn straight.
 * Pure code (no DOM), run in the layout worker and tested in Node.
 */

export interface LayoutNode {
  id: string;
  width: number;
  height: number;
}

export interface LayoutEdge {
  source: string;
  target: string;
}

export type Direction = 'LR' | 'TB';

export interface LayeredOptions {
  direction: Direction;
  /** Between nodes of one layer. */
  nodeGap?: number;
  /** Between layers (and between the columns of a wrapped layer). */
  layerGap?: number;
  /** Ordering sweeps (each one down and one up). */
  sweeps?: number;
}

/** Top-left corners, like ELK's. */
export type Positions = Record<string, { x: number; y: number }>;

export function layeredLayout(
  nodes: readonly LayoutNode[],
  edges: readonly LayoutEdge[],
  options: LayeredOptions,
): Positions {
  const { direction, nodeGap = 14, layerGap = 48, sweeps = 3 } = options;
  const index = new Map(nodes.map((node, position) => [node.id, position]));
  const out: number[][] = nodes.map(() => []);
  const into: number[][] = nodes.map(() => []);
  for (const edge of edges) {
    const from = index.get(edge.source);
    const to = index.get(edge.target);
    if (from === undefined || to === undefined || from === to) continue;
    out[from]!.push(to);
    into[to]!.push(from);
  }
  const layerOf = longestPathLayers(nodes.length, out, into);
  const layers: number[][] = [];
  nodes.forEach((_, node) => (layers[layerOf[node]!] ??= []).push(node));
  orderLayers(layers.filter(Boolean), out, into, sweeps);
  return place(layers.filter(Boolean), nodes, direction, nodeGap, layerGap);
}

/** Layers by longest path from the sources, ignoring the edges that close a cycle. */
function longestPathLayers(count: number, out: number[][], into: number[][]): number[] {
  const back = backEdges(count, out);
  const isBack = (from: number, to: number) => back.has(from * count + to);
  const waiting = into.map((sources, node) => sources.filter((from) => !isBack(from, node)).length);
  const layer = new Array<number>(count).fill(0);
  const queue: number[] = [];
  waiting.forEach((n, node) => n === 0 && queue.push(node));
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    for (const next of out[node]!) {
      if (isBack(node, next)) continue;
      layer[next] = Math.max(layer[next]!, layer[node]! + 1);
      if (--waiting[next]! === 0) queue.push(next);
    }
  }
  return layer;
}

/** Edges that point back to a node on the current DFS path (iterative: no stack overflow). */
function backEdges(count: number, out: number[][]): Set<number> {
  const state = new Uint8Array(count); // 0 new, 1 on the path, 2 done
  const back = new Set<number>();
  for (let root = 0; root < count; root++) {
    if (state[root] !== 0) continue;
    const stack: Array<[number, number]> = [[root, 0]];
    state[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [node, next] = top;
      if (next < out[node]!.length) {
        top[1]++;
        const target = out[node]![next]!;
        if (state[target] === 1) back.add(node * count + target);
        else if (state[target] === 0) {
          state[target] = 1;
          stack.push([target, 0]);
        }
      } else {
        state[node] = 2;
        stack.pop();
      }
    }
  }
  return back;
}

/** Barycentre ordering: each node moves towards the mean position of its neighbours. */
function orderLayers(layers: number[][], out: number[][], into: number[][], sweeps: number): void {
  const position = new Float64Array(out.length);
  const record = (layer: number[]) =>
    layer.forEach((node, rank) => (position[node] = (rank + 0.5) / layer.length));
  layers.forEach(record);
  const sortBy = (layer: number[], neighbours: number[][]) => {
    const keyed = layer.map((node) => {
      const around = neighbours[node]!;
      let sum = 0;
      for (const other of around) sum += position[other]!;
      return { node, key: around.length > 0 ? sum / around.length : position[node]! };
    });
    keyed.sort((a, b) => a.key - b.key);
    keyed.forEach((item, rank) => (layer[rank] = item.node));
    record(layer);
  };
  for (let sweep = 0; sweep < sweeps; sweep++) {
    for (let layer = 1; layer < layers.length; layer++) sortBy(layers[layer]!, into);
    for (let layer = layers.length - 2; layer >= 0; layer--) sortBy(layers[layer]!, out);
  }
}

function place(
  layers: number[][],
  nodes: readonly LayoutNode[],
  direction: Direction,
  nodeGap: number,
  layerGap: number,
): Positions {
  const depth = (node: number) => (direction === 'LR' ? nodes[node]!.width : nodes[node]!.height);
  const breadth = (node: number) => (direction === 'LR' ? nodes[node]!.height : nodes[node]!.width);
  // very long layers are wrapped into several columns (rows, top-down), aiming at a drawing
  // about as wide as a landscape view rather than one endless strip
  const area = nodes.reduce(
    (sum, node) => sum + (node.width + nodeGap) * (node.height + layerGap),
    0,
  );
  const aspect = direction === 'LR' ? 1 / LANDSCAPE : LANDSCAPE;
  const budget = Math.max(MIN_WRAP, Math.sqrt(area * aspect));
  const positions: Positions = {};
  let along = 0; // across layers: x for LR, y for TB
  for (const layer of layers) {
    for (const column of wrap(layer, breadth, nodeGap, budget)) {
      const columnDepth = Math.max(...column.map(depth));
      const total = column.reduce((sum, node) => sum + breadth(node) + nodeGap, -nodeGap);
      let across = -total / 2;
      for (const node of column) {
        const offset = (columnDepth - depth(node)) / 2;
        positions[nodes[node]!.id] =
          direction === 'LR' ? { x: along + offset, y: across } : { x: across, y: along + offset };
        across += breadth(node) + nodeGap;
      }
      along += columnDepth + layerGap;
    }
  }
  return positions;
}

/** Width over height of the drawing the wrapping aims at. */
const LANDSCAPE = 1.6;
/** Layers shorter than this (px) are never wrapped. */
const MIN_WRAP = 600;

function wrap(
  layer: number[],
  breadth: (node: number) => number,
  gap: number,
  budget: number,
): number[][] {
  const columns: number[][] = [[]];
  let used = 0;
  for (const node of layer) {
    const size = breadth(node) + gap;
    if (used + size > budget && columns[columns.length - 1]!.length > 0) {
      columns.push([]);
      used = 0;
    }
    columns[columns.length - 1]!.push(node);
    used += size;
  }
  return columns;
}
