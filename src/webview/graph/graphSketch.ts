import type { DrawnEdge, DrawnNode } from './drawnGraph';
import { strokes, typeColourIndex, type Palette } from './palette';

/** What the sketch needs of a resource: its centre, size, type and state (no label). */
type SketchNode = Omit<DrawnNode, 'label'>;
type SketchEdge = Pick<DrawnEdge, 'source' | 'target' | 'group' | 'diff'>;

export interface SketchViewport {
  zoom: number;
  pan: { x: number; y: number };
}

/** How a set of lines or boxes is stroked: the sketch draws each look as one path. */
interface Look {
  colour: string;
  width: number;
  alpha: number;
  /** Dash and gap lengths; empty: solid. */
  dash: number[];
}

/**
 * A sketch of a big graph on a plain 2D canvas: every box and line in the colours, widths and
 * dashes the graph's style gives them (graphStyle.ts, large graphs: square boxes, straight
 * edges, no labels or arrowheads, which a fitted big graph is too small to show anyway).
 *
 * Cytoscape takes seconds to take in thousands of elements (style, geometry, textures, a chunk
 * per task); the sketch shows the whole graph in one short task as soon as the layout is known,
 * and is taken away once cytoscape has painted it. Drawing each look as one path is what makes
 * it fast: tens of thousands of elements cost a few dozen canvas calls.
 */
export function drawSketch(
  canvas: HTMLCanvasElement,
  nodes: readonly SketchNode[],
  edges: readonly SketchEdge[],
  palette: Palette,
  viewport: SketchViewport,
): void {
  // one canvas pixel per CSS pixel, as the cytoscape drawing it stands in for (pixelRatio: 1)
  const width = Math.max(1, canvas.clientWidth);
  const height = Math.max(1, canvas.clientHeight);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) return;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalAlpha = 1;
  context.fillStyle = palette.background;
  context.fillRect(0, 0, width, height);
  const { zoom, pan } = viewport;
  context.setTransform(zoom, 0, 0, zoom, pan.x, pan.y);
  const inView = viewBox(width, height, viewport);

  const centres = new Map<string, SketchNode>();
  for (const node of nodes) centres.set(node.id, node);
  const edgeLooks = new Map<string, { look: Look; path: Path2D }>();
  for (const edge of edges) {
    const source = centres.get(edge.source);
    const target = centres.get(edge.target);
    if (!source || !target || !lineInView(source, target, inView)) continue;
    const { path } = pathFor(edgeLooks, edgeLook(edge, palette));
    path.moveTo(source.x, source.y);
    path.lineTo(target.x, target.y);
  }
  for (const { look, path } of edgeLooks.values()) stroke(context, look, path);

  // boxes over the lines, as cytoscape draws them
  const nodeLooks = new Map<string, { look: Look; path: Path2D }>();
  for (const node of nodes) {
    if (!boxInView(node, inView)) continue;
    const { path } = pathFor(nodeLooks, nodeLook(node, palette));
    path.rect(node.x - node.width / 2, node.y - node.height / 2, node.width, node.height);
  }
  context.fillStyle = palette.nodeBackground;
  for (const { look, path } of nodeLooks.values()) {
    context.globalAlpha = look.alpha;
    context.fill(path);
    stroke(context, look, path);
  }
  context.globalAlpha = 1;
}

function edgeLook(edge: SketchEdge, palette: Palette): Look {
  const line = strokes(palette);
  if (edge.diff === 'added' || edge.diff === 'removed') {
    return { colour: palette[edge.diff], width: line.markedEdgeWidth, alpha: 1, dash: [] };
  }
  return {
    colour: palette.muted,
    width: line.edgeWidth,
    alpha: edge.group === 'contains' ? line.containsOpacity : 1,
    dash: edge.group === 'refresh' ? line.refreshDash : [],
  };
}

function nodeLook(node: SketchNode, palette: Palette): Look {
  const line = strokes(palette);
  if (node.diff !== 'same') {
    return {
      colour: palette[node.diff],
      width: line.markedNodeBorder,
      alpha: node.diff === 'removed' ? line.removedOpacity : 1,
      dash: node.diff === 'removed' ? line.refreshDash : [],
    };
  }
  return {
    colour: palette.types[typeColourIndex(node.type)] ?? palette.muted,
    width: node.members > 1 ? line.markedNodeBorder : line.nodeBorder,
    alpha: 1,
    dash: [],
  };
}

function pathFor(looks: Map<string, { look: Look; path: Path2D }>, look: Look) {
  const key = `${look.colour}|${look.width}|${look.alpha}|${look.dash.join(' ')}`;
  let entry = looks.get(key);
  if (!entry) {
    entry = { look, path: new Path2D() };
    looks.set(key, entry);
  }
  return entry;
}

function stroke(context: CanvasRenderingContext2D, look: Look, path: Path2D): void {
  context.globalAlpha = look.alpha;
  context.strokeStyle = look.colour;
  context.lineWidth = look.width;
  context.setLineDash(look.dash);
  context.stroke(path);
}

interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The part of the graph in view, in graph coordinates. */
function viewBox(width: number, height: number, { zoom, pan }: SketchViewport): Box {
  return {
    x1: -pan.x / zoom,
    y1: -pan.y / zoom,
    x2: (width - pan.x) / zoom,
    y2: (height - pan.y) / zoom,
  };
}

function boxInView(node: SketchNode, view: Box): boolean {
  return (
    node.x + node.width / 2 >= view.x1 &&
    node.x - node.width / 2 <= view.x2 &&
    node.y + node.height / 2 >= view.y1 &&
    node.y - node.height / 2 <= view.y2
  );
}

function lineInView(a: { x: number; y: number }, b: { x: number; y: number }, view: Box): boolean {
  return (
    Math.max(a.x, b.x) >= view.x1 &&
    Math.min(a.x, b.x) <= view.x2 &&
    Math.max(a.y, b.y) >= view.y1 &&
    Math.min(a.y, b.y) <= view.y2
  );
}
