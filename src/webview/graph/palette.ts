// No DOM here: the SVG export uses this module, and its unit test runs in Node.

/**
 * The theme's colours, read from VS Code's CSS variables: cytoscape draws on a canvas, so its
 * styles cannot use `var(--…)` and are rebuilt from these when the theme changes.
 */
export interface Palette {
  foreground: string;
  muted: string;
  background: string;
  nodeBackground: string;
  focus: string;
  selectionForeground: string;
  added: string;
  removed: string;
  changed: string;
  /** Border colours of resource types (`typeColourIndex` picks one). */
  types: string[];
  highContrast: boolean;
}

/**
 * The widths, opacities and dashes of the graph's lines and boxes, in graph units: the cytoscape
 * style (graphStyle.ts) and a big graph's sketch (graphSketch.ts) draw with the same ones. High
 * contrast themes get thicker, opaque lines.
 */
export function strokes(palette: Palette) {
  const edgeWidth = palette.highContrast ? 2 : 1.25;
  return {
    edgeWidth,
    /** An added or removed edge, and the selected resource's edges. */
    markedEdgeWidth: edgeWidth + 1.5,
    containsOpacity: palette.highContrast ? 0.6 : 0.3,
    /** notify / subscribe edges. */
    refreshDash: [6, 3],
    /** Cytoscape's `arrow-scale`: an arrowhead's size, against its default. */
    arrowScale: 0.7,
    nodeBorder: palette.highContrast ? 2 : 1.5,
    /** Collapsed containers, diff states, search matches and the selection. */
    markedNodeBorder: 3,
    removedOpacity: 0.75,
  };
}

const TYPE_COLOURS = 8;

/** A stable colour per resource type; classes and stages share the first. */
export function typeColourIndex(type: string): number {
  if (type === 'Class' || type === 'Stage') return 0;
  let hash = 0;
  for (const character of type) hash = (hash * 31 + character.charCodeAt(0)) | 0;
  return 1 + (Math.abs(hash) % (TYPE_COLOURS - 1));
}
