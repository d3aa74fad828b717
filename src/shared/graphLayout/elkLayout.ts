/**
 * A layout request answered, in whichever worker runs it (the page's Web Worker, the extension
 * host's worker thread): ELK's layered algorithm (for directed graphs) for catalogs of up to
 * ELK_LIMIT resources; above that it takes seconds, so the fast layered layout of
 * catalogGraphLayout.ts runs instead (also the fallback if ELK fails). Both workers give ELK the
 * same graph with the same options, so a layout is the same whichever made it: the pages keep
 * layouts by shape (layoutCache.ts).
 */
import { layeredLayout, type Positions } from '../catalogGraphLayout';
import { ELK_LIMIT } from '../graphLayouts';
import { runtime } from '../runtimeTimers';
import type { LayoutAnswerMessage, LayoutRequest, LayoutRequestMessage } from './layoutTypes';
import { decodeRequest, encodeCorners } from './layoutWire';
import { forEachPlacedEdge } from './placedEdges';

/** What is used of ELK (elkjs's ELK class): the graph in, the same graph placed out. */
export interface Elk {
  layout(graph: ElkGraph): Promise<ElkGraph>;
}

interface ElkGraph {
  id: string;
  layoutOptions?: Record<string, string>;
  children?: Array<{ id: string; width?: number; height?: number; x?: number; y?: number }>;
  edges?: Array<{ id: string; sources: string[]; targets: string[] }>;
}

/** Answers a request; `loadElk` gives the worker's ELK (loaded on the first graph it fits). */
export async function answerLayout(
  message: LayoutRequestMessage,
  loadElk: () => Promise<Elk>,
): Promise<LayoutAnswerMessage> {
  const request = decodeRequest(message);
  const started = runtime.performance.now();
  let answer: { positions: Positions; engine: 'elk' | 'fast'; error?: string };
  if (request.nodes.length > ELK_LIMIT) {
    answer = { engine: 'fast', positions: fast(request) };
  } else {
    try {
      answer = { engine: 'elk', positions: await elkLayout(await loadElk(), request) };
    } catch (error) {
      answer = { engine: 'fast', positions: fast(request), error: String(error) };
    }
  }
  const { positions, ...rest } = answer;
  return {
    ...rest,
    id: message.id,
    corners: encodeCorners(message.ids, positions),
    ms: runtime.performance.now() - started,
  };
}

function fast({ nodes, edges, direction }: LayoutRequest): Positions {
  return layeredLayout(nodes, edges, { direction });
}

async function elkLayout(elk: Elk, { nodes, edges, direction }: LayoutRequest): Promise<Positions> {
  const places = new Map(nodes.map((node, index) => [node.id, index]));
  const graph = await elk.layout({
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
    // pages keep for the next graph of that shape (layoutCache.ts)
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
