/**
 * The graph layout, off the main thread: ELK's layered algorithm (for directed graphs) in a Web
 * Worker. Receives the nodes with their sizes and the edges; answers with top-left positions.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import { fastLayered } from './fastLayered';
import type { LayoutRequest, LayoutResponse } from './layoutTypes';

/** Above this many nodes ELK takes seconds; the fast layered layout takes milliseconds. */
const ELK_MAX_NODES = 1200;

const elk = new ELK();

self.onmessage = async (event: MessageEvent<LayoutRequest>) => {
  const { id, nodes, edges, direction } = event.data;
  const started = performance.now();
  const large = nodes.length > 600;
  if (nodes.length > ELK_MAX_NODES) {
    const positions = fastLayered(event.data);
    (self as unknown as Worker).postMessage({
      id,
      positions,
      ms: performance.now() - started,
    } satisfies LayoutResponse);
    return;
  }
  try {
    const graph = await elk.layout({
      id: 'root',
      layoutOptions: {
        'elk.algorithm': 'layered',
        'elk.direction': direction === 'LR' ? 'RIGHT' : 'DOWN',
        'elk.spacing.nodeNode': '14',
        'elk.layered.spacing.nodeNodeBetweenLayers': '48',
        'elk.separateConnectedComponents': 'true',
        'elk.layered.cycleBreaking.strategy': 'GREEDY',
        // the thorough crossing minimisation costs seconds on thousands of nodes
        'elk.layered.thoroughness': large ? '1' : '7',
        'elk.layered.nodePlacement.strategy': large ? 'SIMPLE' : 'BRANDES_KOEPF',
      },
      children: nodes.map((node) => ({ id: node.id, width: node.width, height: node.height })),
      edges: edges.map((edge, index) => ({
        id: `e${index}`,
        sources: [edge.source],
        targets: [edge.target],
      })),
    });
    const positions: LayoutResponse['positions'] = {};
    for (const child of graph.children ?? []) {
      positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
    }
    (self as unknown as Worker).postMessage({
      id,
      positions,
      ms: performance.now() - started,
    } satisfies LayoutResponse);
  } catch (error) {
    (self as unknown as Worker).postMessage({
      id,
      positions: {},
      ms: 0,
      error: String(error),
    } satisfies LayoutResponse);
  }
};
