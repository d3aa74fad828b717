/**
 * The graph layout, off the main thread. ELK's layered algorithm (for directed graphs) lays out
 * catalogs of up to ELK_LIMIT resources; above that it takes seconds, so the fast layered layout
 * of src/shared/catalogGraphLayout.ts runs instead (also the fallback if ELK fails). Answers with
 * top-left corners.
 */
import type { ELK } from 'elkjs/lib/elk-api';
import { layeredLayout, type Positions } from '../../shared/catalogGraphLayout';
import { ELK_LIMIT } from '../../shared/graphLayouts';
import type { LayoutAnswerMessage, LayoutRequest, LayoutRequestMessage } from './layoutTypes';
import { decodeRequest, encodeCorners } from './layoutWire';
import { forEachPlacedEdge } from './placedEdges';

/**
 * ELK is loaded on the first graph small enough for it: its bundle's top level (the whole GWT
 * program) takes a third of a second to run, which a big graph, laid out the fast way, would
 * otherwise wait for (esbuild keeps a dynamically imported CommonJS module's body unrun until
 * then).
 */
let elk: Promise<ELK> | undefined;
function loadElk(): Promise<ELK> {
  elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ElkBundled }) => {
    // without a workerUrl, ELK runs in this thread (which is already the worker)
    const loaded = new ElkBundled();
    // starting up in a worker, ELK's layout code takes the worker's messages for itself
    // (self.onmessage), as its own worker script would: they are this file's (and none came in
    // between: each is a task of its own)
    self.onmessage = answer;
    return loaded;
  });
  return elk;
}

async function answer(event: MessageEvent<LayoutRequestMessage>): Promise<void> {
  const message = event.data;
  const request = decodeRequest(message);
  const started = performance.now();
  let answer: { positions: Positions; engine: 'elk' | 'fast'; error?: string };
  if (request.nodes.length > ELK_LIMIT) {
    answer = { engine: 'fast', positions: fast(request) };
  } else {
    try {
      answer = { engine: 'elk', positions: await elkLayout(request) };
    } catch (error) {
      answer = { engine: 'fast', positions: fast(request), error: String(error) };
    }
  }
  const { positions, ...rest } = answer;
  const corners = encodeCorners(message.ids, positions);
  (self as unknown as Worker).postMessage(
    {
      ...rest,
      id: message.id,
      corners,
      ms: performance.now() - started,
    } satisfies LayoutAnswerMessage,
    [corners.buffer],
  );
}
self.onmessage = answer;

function fast({ nodes, edges, direction }: LayoutRequest): Positions {
  return layeredLayout(nodes, edges, { direction });
}

async function elkLayout({ nodes, edges, direction }: LayoutRequest): Promise<Positions> {
  const places = new Map(nodes.map((node, index) => [node.id, index]));
  const graph = await (
    await loadElk()
  ).layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': direction === 'LR' ? 'RIGHT' : 'DOWN',
      'elk.spacing.nodeNode': '14',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.componentComponent': '32',
      'elk.separateConnectedComponents': 'true',
      'elk.layered.cycleBreaking.strategy': 'GREEDY',
      // the thorough crossing minimisation costs seconds past a couple of hundred nodes
      'elk.layered.thoroughness': nodes.length > 200 ? '1' : '7',
      'elk.layered.nodePlacement.strategy': nodes.length > 200 ? 'SIMPLE' : 'BRANDES_KOEPF',
    },
    // ELK is given places, not names: the layout is one of the graph's shape alone, which the
    // page keeps for the next graph of that shape (layoutCache.ts)
    children: nodes.map((node, index) => ({
      id: String(index),
      width: node.width,
      height: node.height,
    })),
    edges: placedEdges(edges, places),
  });
  const positions: Positions = {};
  for (const child of graph.children ?? []) {
    const node = nodes[Number(child.id)];
    if (node) positions[node.id] = { x: child.x ?? 0, y: child.y ?? 0 };
  }
  return positions;
}

/** The edges as ELK takes them, each end by its place. */
function placedEdges(
  edges: LayoutRequest['edges'],
  places: ReadonlyMap<string, number>,
): Array<{ id: string; sources: string[]; targets: string[] }> {
  const placed: Array<{ id: string; sources: string[]; targets: string[] }> = [];
  forEachPlacedEdge(edges, places, (_edge, source, target) => {
    placed.push({ id: `e${placed.length}`, sources: [String(source)], targets: [String(target)] });
  });
  return placed;
}
