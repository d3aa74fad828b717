// No DOM here: unit tests run it in Node; graphSketch.ts draws a scene on a canvas.
import type { DrawnEdge, DrawnNode } from './drawnGraph';
import { strokes, typeColourIndex, type Palette } from './palette';
import { forEachPlacedEdge } from '../../shared/graphLayout/placedEdges';

/** What the sketch needs of a resource: its centre, size, type, state and label. */
type SketchNode = Omit<DrawnNode, 'label'> & { label?: string };
type SketchEdge = Pick<DrawnEdge, 'source' | 'target' | 'group' | 'diff'>;

export interface SketchViewport {
  zoom: number;
  pan: { x: number; y: number };
}

/** What the user marked: the selected resource (its edges too) and the search matches. */
export interface SketchMarks {
  selected: string | undefined;
  matches: ReadonlySet<string>;
}

/** How a set of lines or boxes is stroked and filled: the sketch draws a look's batch at once. */
export interface Look {
  colour: string;
  width: number;
  alpha: number;
  /** Dash and gap lengths; empty: solid. */
  dash: number[];
  /** A box's fill (lines have none). */
  fill?: string;
}

/** What sets an edge's look apart: its relationship group and diff state. */
interface EdgeKind {
  group: SketchEdge['group'];
  diff: SketchEdge['diff'];
}

/** What sets a resource's look apart, short of the user's marks. */
interface NodeKind {
  colour: number;
  diff: SketchNode['diff'];
  collapsed: boolean;
}

/** A mark's own look; a removed resource keeps its faintness under it. */
type MarkKind = 'selected' | 'match' | 'selected-removed' | 'match-removed';

/** Labels of one look: the text's colour and weight, and where each goes. */
export interface LabelBatch {
  colour: string;
  bold: boolean;
  /** Each label's text and the centre of its box, in graph coordinates. */
  labels: Array<{ text: string; x: number; y: number }>;
}

/** The lines and boxes in view, grouped by look, as flat coordinates: what a draw strokes. */
export interface SketchBatches {
  /** Per look: x1, y1, x2, y2 of each line. */
  lines: Array<{ look: Look; coordinates: number[] }>;
  /** Per look: the tip, then the two base corners, of each mid-edge arrowhead (x, y each). */
  arrows: Array<{ look: Look; coordinates: number[] }>;
  /** Per look: left, top, width, height of each box. */
  boxes: Array<{ look: Look; coordinates: number[] }>;
  /** Near, with `labels`: the boxes' labels in view, drawn over them. */
  labels: LabelBatch[];
}

/** What a draw shows: see SketchScene.batches. */
export interface SketchLayers {
  lines: boolean;
  near?: boolean;
  /** Near: the boxes' labels too (left out while the camera moves, as the lines are). */
  labels?: boolean;
}

/**
 * A scene's geometry and kinds, in typed arrays and short lists: what a worker is sent (the
 * arrays' buffers are transferred, not copied) to draw the scene there.
 */
export interface SketchSceneParts {
  /** x1, y1, x2, y2 of each resource's box. */
  boxes: Float64Array;
  nodeKindOf: Uint16Array;
  nodeKinds: NodeKind[];
  /** x1, y1, x2, y2 of each edge; edges whose ends are not drawn are left out. */
  lines: Float64Array;
  edgeKindOf: Uint8Array;
  edgeKinds: EdgeKind[];
  /** Source and target (places in `boxes`) of each line. */
  ends: Int32Array;
  lineCount: number;
  /** Each resource's label, by its place in `boxes`. */
  labels: string[];
}

/** The marks as places in the scene's boxes (-1: nothing selected). */
export interface SketchPlaceMarks {
  selected: number;
  matches: readonly number[];
}

/** One drawing of a scene: its view, and the box it fills on screen (CSS pixels). */
export interface SketchDraw {
  palette: Palette;
  viewport: SketchViewport;
  size: { width: number; height: number };
  marks: SketchPlaceMarks;
  lines: boolean;
  /** Zoomed in: the arrowheads too, and (with `labels`) the boxes' labels. */
  near: boolean;
  labels: boolean;
  /** The labels' font family (the page's: a worker has no page to ask). */
  fontFamily: string;
}

/** A scene's parts, and where each resource's box is in them (by id). */
export interface SketchSource {
  parts: SketchSceneParts;
  placeOf: ReadonlyMap<string, number>;
}

/** Works out a scene's parts from the drawn graph: the costly part, done once per drawing. */
export function sketchSource(
  nodes: readonly SketchNode[],
  edges: readonly SketchEdge[],
): SketchSource {
  const placeOf = new Map<string, number>();
  const boxes = new Float64Array(nodes.length * 4);
  const nodeKindOf = new Uint16Array(nodes.length);
  const labels = new Array<string>(nodes.length);
  const nodeKinds: NodeKind[] = [];
  // kinds by a number made of their parts: tens of thousands of elements have a few dozen kinds
  const nodeKeys = new Map<number, number>();
  const colourOf = new Map<string, number>();
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    placeOf.set(node.id, index);
    labels[index] = node.label ?? '';
    const halfWidth = node.width / 2;
    const halfHeight = node.height / 2;
    boxes[index * 4] = node.x - halfWidth;
    boxes[index * 4 + 1] = node.y - halfHeight;
    boxes[index * 4 + 2] = node.x + halfWidth;
    boxes[index * 4 + 3] = node.y + halfHeight;
    let colour = colourOf.get(node.type);
    if (colour === undefined) {
      colour = typeColourIndex(node.type);
      colourOf.set(node.type, colour);
    }
    const collapsed = node.members > 1;
    const key = (colour * DIFF_STATES + DIFF_NUMBER[node.diff]) * 2 + Number(collapsed);
    let kind = nodeKeys.get(key);
    if (kind === undefined) {
      kind = nodeKinds.push({ colour, diff: node.diff, collapsed }) - 1;
      nodeKeys.set(key, kind);
    }
    nodeKindOf[index] = kind;
  }
  const lines = new Float64Array(edges.length * 4);
  const edgeKindOf = new Uint8Array(edges.length);
  const edgeKinds: EdgeKind[] = [];
  const edgeKeys = new Map<number, number>();
  const ends = new Int32Array(edges.length * 2);
  let count = 0;
  forEachPlacedEdge(edges, placeOf, (edge, source, target) => {
    lines[count * 4] = (boxes[source * 4]! + boxes[source * 4 + 2]!) / 2;
    lines[count * 4 + 1] = (boxes[source * 4 + 1]! + boxes[source * 4 + 3]!) / 2;
    lines[count * 4 + 2] = (boxes[target * 4]! + boxes[target * 4 + 2]!) / 2;
    lines[count * 4 + 3] = (boxes[target * 4 + 1]! + boxes[target * 4 + 3]!) / 2;
    ends[count * 2] = source;
    ends[count * 2 + 1] = target;
    const key = GROUP_NUMBER[edge.group] * DIFF_STATES + DIFF_NUMBER[edge.diff];
    let kind = edgeKeys.get(key);
    if (kind === undefined) {
      kind = edgeKinds.push({ group: edge.group, diff: edge.diff }) - 1;
      edgeKeys.set(key, kind);
    }
    edgeKindOf[count] = kind;
    count++;
  });
  return {
    parts: {
      boxes,
      nodeKindOf,
      nodeKinds,
      lines,
      edgeKindOf,
      edgeKinds,
      ends,
      lineCount: count,
      labels,
    },
    placeOf,
  };
}

/** A number for each diff state and relationship group (every one: checked when it compiles). */
const DIFF_NUMBER: Record<SketchNode['diff'], number> = {
  same: 0,
  added: 1,
  removed: 2,
  changed: 3,
};
const DIFF_STATES = Object.keys(DIFF_NUMBER).length;
const GROUP_NUMBER: Record<SketchEdge['group'], number> = { contains: 0, ordering: 1, refresh: 2 };

/** The user's marks as places in a scene. */
export function placeMarks(
  placeOf: ReadonlyMap<string, number>,
  marks: SketchMarks,
): SketchPlaceMarks {
  const matches: number[] = [];
  for (const id of marks.matches) {
    const place = placeOf.get(id);
    if (place !== undefined) matches.push(place);
  }
  return {
    selected: marks.selected === undefined ? -1 : (placeOf.get(marks.selected) ?? -1),
    matches,
  };
}

/**
 * A big graph seen from far, ready to draw again and again (each camera move of the far view):
 * every box and line in the colours, widths and dashes the graph's style gives them (graphStyle.ts,
 * large graphs: square boxes, straight edges, no labels or arrowheads, which a big graph seen from
 * far is too small to show anyway).
 *
 * What does not change between draws is worked out once (sketchSource): coordinates in typed
 * arrays, each element's kind as a small number (its look follows from the kind and the palette).
 * A draw then only culls and groups by look into flat coordinate lists: each look's lines are then
 * stroked as one path, its boxes as a rectangle call each (graphSketch.ts), with no object per
 * element.
 */
export class SketchScene {
  private looksFor:
    { palette: string; nodes: Look[]; edges: Look[]; arrowed: boolean[] } | undefined;

  constructor(private readonly parts: SketchSceneParts) {}

  /**
   * The boxes and lines in view, by look. `lines: false` leaves the lines out (while the camera
   * moves, as cytoscape hides a big graph's edges then). `near`: zoomed in, the lines get the
   * arrowhead cytoscape gives an edge that is not a containment (graphStyle: mid-edge, pointing at
   * the target), and with `labels` the boxes their labels, as cytoscape's style gives them.
   */
  batches(
    palette: Palette,
    viewport: SketchViewport,
    size: { width: number; height: number },
    marks: SketchPlaceMarks,
    options: SketchLayers = { lines: true },
  ): SketchBatches {
    const looks = this.looks(palette);
    const view = viewBox(size.width, size.height, viewport);
    const { selected } = marks;
    const matches = new Set(marks.matches);
    const { boxes: box, nodeKindOf, nodeKinds, edgeKindOf, ends, lineCount } = this.parts;

    const lines = looks.edges.map((look) => ({ look, coordinates: [] as number[] }));
    // the selected resource's edges over the others (their style's z-index), under the boxes
    const incident = { look: markedEdgeLook(palette), coordinates: [] as number[] };
    const arrows = options.near
      ? lines.map(({ look }) => ({ look, coordinates: [] as number[] }))
      : [];
    const incidentArrows = { look: incident.look, coordinates: [] as number[] };
    const arrowSize = arrowheadSize(palette);
    if (options.lines) {
      const at = this.parts.lines;
      for (let edge = 0; edge < lineCount; edge++) {
        const i = edge * 4;
        const x1 = at[i]!;
        const y1 = at[i + 1]!;
        const x2 = at[i + 2]!;
        const y2 = at[i + 3]!;
        if (
          Math.max(x1, x2) < view.x1 ||
          Math.min(x1, x2) > view.x2 ||
          Math.max(y1, y2) < view.y1 ||
          Math.min(y1, y2) > view.y2
        ) {
          continue;
        }
        const isIncident =
          selected >= 0 && (ends[edge * 2] === selected || ends[edge * 2 + 1] === selected);
        const kind = edgeKindOf[edge]!;
        (isIncident ? incident : lines[kind]!).coordinates.push(x1, y1, x2, y2);
        if (options.near && looks.arrowed[kind]) {
          pushArrowhead(
            (isIncident ? incidentArrows : arrows[kind]!).coordinates,
            x1,
            y1,
            x2,
            y2,
            arrowSize,
          );
        }
      }
    }
    const drawn = <T extends { coordinates: number[] }>(batches: T[]) =>
      batches.filter((batch) => batch.coordinates.length > 0);
    const withLabels = options.near === true && options.labels === true;
    const plain: LabelBatch = { colour: palette.foreground, bold: false, labels: [] };
    const bold: LabelBatch = { colour: palette.foreground, bold: true, labels: [] };
    const onSelected: LabelBatch = { colour: palette.selectionForeground, bold: false, labels: [] };

    const boxes = looks.nodes.map((look) => ({ look, coordinates: [] as number[] }));
    const marked = new Map<MarkKind, { look: Look; coordinates: number[] }>();
    for (let node = 0; node < nodeKindOf.length; node++) {
      const i = node * 4;
      const x1 = box[i]!;
      const y1 = box[i + 1]!;
      const x2 = box[i + 2]!;
      const y2 = box[i + 3]!;
      if (x2 < view.x1 || x1 > view.x2 || y2 < view.y1 || y1 > view.y2) continue;
      let target = boxes[nodeKindOf[node]!]!;
      if (node === selected || matches.has(node)) {
        const removed = nodeKinds[nodeKindOf[node]!]!.diff === 'removed';
        const kind: MarkKind = `${node === selected ? 'selected' : 'match'}${removed ? '-removed' : ''}`;
        target = marked.get(kind) ?? { look: markedNodeLook(palette, kind), coordinates: [] };
        marked.set(kind, target);
      }
      target.coordinates.push(x1, y1, x2 - x1, y2 - y1);
      if (withLabels && this.parts.labels[node]) {
        // graphStyle: a collapsed container's label is bold; the selection's in its own colour
        const batch =
          node === selected ? onSelected : nodeKinds[nodeKindOf[node]!]!.collapsed ? bold : plain;
        batch.labels.push({ text: this.parts.labels[node]!, x: (x1 + x2) / 2, y: (y1 + y2) / 2 });
      }
    }
    // as the style's last rules: a search match over a diff state, the selection over both
    const markOrder: MarkKind[] = ['match-removed', 'match', 'selected-removed', 'selected'];
    return {
      lines: drawn([...lines, incident]),
      arrows: drawn([...arrows, incidentArrows]),
      labels: [plain, bold, onSelected].filter((batch) => batch.labels.length > 0),
      boxes: drawn([
        ...boxes,
        ...markOrder.flatMap((kind) => {
          const batch = marked.get(kind);
          return batch ? [batch] : [];
        }),
      ]),
    };
  }

  /**
   * Each kind's look in this palette, worked out again only when the palette changes (by value:
   * a worker is sent a copy with every draw).
   */
  private looks(palette: Palette): { nodes: Look[]; edges: Look[]; arrowed: boolean[] } {
    const key = JSON.stringify(palette);
    if (this.looksFor?.palette !== key) {
      this.looksFor = {
        palette: key,
        nodes: this.parts.nodeKinds.map((kind) => nodeLook(kind, palette)),
        edges: this.parts.edgeKinds.map((kind) => edgeLook(kind, palette)),
        // graphStyle: a containment has no arrowhead, whatever else marks it
        arrowed: this.parts.edgeKinds.map((kind) => kind.group !== 'contains'),
      };
    }
    return this.looksFor;
  }
}

/**
 * An arrowhead's size in graph units, as cytoscape's canvas renderer works it out from the style's
 * edge width and `arrow-scale`: max((width × 13.37)^0.9, 29) × scale. The marked width makes it
 * no bigger: both come to the floor of 29.
 */
function arrowheadSize(palette: Palette): number {
  const { edgeWidth, arrowScale } = strokes(palette);
  return Math.max(Math.pow(edgeWidth * 13.37, 0.9), 29) * arrowScale;
}

/**
 * Cytoscape's `triangle` arrowhead in the middle of a straight edge: its tip on the midpoint,
 * pointing at the target; 0.3 × size long, 0.3 × size wide at its base.
 */
function pushArrowhead(
  into: number[],
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  size: number,
): void {
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (length === 0) return;
  const alongX = (x2 - x1) / length;
  const alongY = (y2 - y1) / length;
  const tipX = (x1 + x2) / 2;
  const tipY = (y1 + y2) / 2;
  const baseX = tipX - alongX * 0.3 * size;
  const baseY = tipY - alongY * 0.3 * size;
  const halfX = -alongY * 0.15 * size;
  const halfY = alongX * 0.15 * size;
  into.push(tipX, tipY, baseX + halfX, baseY + halfY, baseX - halfX, baseY - halfY);
}

function edgeLook(kind: EdgeKind, palette: Palette): Look {
  const line = strokes(palette);
  if (kind.diff === 'added' || kind.diff === 'removed') {
    return { colour: palette[kind.diff], width: line.markedEdgeWidth, alpha: 1, dash: [] };
  }
  return {
    colour: palette.muted,
    width: line.edgeWidth,
    alpha: kind.group === 'contains' ? line.containsOpacity : 1,
    dash: kind.group === 'refresh' ? line.refreshDash : [],
  };
}

function markedEdgeLook(palette: Palette): Look {
  return { colour: palette.focus, width: strokes(palette).markedEdgeWidth, alpha: 1, dash: [] };
}

function nodeLook(kind: NodeKind, palette: Palette): Look {
  const line = strokes(palette);
  if (kind.diff !== 'same') {
    return {
      colour: palette[kind.diff],
      width: line.markedNodeBorder,
      alpha: kind.diff === 'removed' ? line.removedOpacity : 1,
      dash: kind.diff === 'removed' ? line.refreshDash : [],
    };
  }
  return {
    colour: palette.types[kind.colour] ?? palette.muted,
    width: kind.collapsed ? line.markedNodeBorder : line.nodeBorder,
    alpha: 1,
    dash: [],
  };
}

function markedNodeLook(palette: Palette, kind: MarkKind): Look {
  const line = strokes(palette);
  return {
    colour: palette.focus,
    width: line.markedNodeBorder,
    alpha: kind.endsWith('-removed') ? line.removedOpacity : 1,
    dash: [],
    ...(kind.startsWith('selected') ? { fill: palette.focus } : {}),
  };
}

/** The part of the graph in view, in graph coordinates. */
function viewBox(width: number, height: number, { zoom, pan }: SketchViewport) {
  return {
    x1: -pan.x / zoom,
    y1: -pan.y / zoom,
    x2: (width - pan.x) / zoom,
    y2: (height - pan.y) / zoom,
  };
}
