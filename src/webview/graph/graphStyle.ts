import type { StylesheetJson } from 'cytoscape';
import { DETAILED } from './levelOfDetail';
import { EXPORT_DETAILED } from './pngExport';
import { strokes, type Palette } from './palette';

/** The palette of the current theme: VS Code sets its colours as CSS variables on the body. */
export function readPalette(): Palette {
  const style = getComputedStyle(document.body);
  const variable = (name: string, fallback: string) =>
    style.getPropertyValue(name).trim() || fallback;
  const background = variable('--vscode-editor-background', '#1e1e1e');
  return {
    foreground: variable('--vscode-editor-foreground', '#cccccc'),
    muted: variable('--vscode-descriptionForeground', '#999999'),
    background,
    nodeBackground: variable('--vscode-editorWidget-background', background),
    focus: variable('--vscode-focusBorder', '#007fd4'),
    selectionForeground: variable('--vscode-list-activeSelectionForeground', '#ffffff'),
    added: variable('--vscode-gitDecoration-addedResourceForeground', '#81b88b'),
    removed: variable('--vscode-gitDecoration-deletedResourceForeground', '#c74e39'),
    changed: variable('--vscode-gitDecoration-modifiedResourceForeground', '#e2c08d'),
    types: [
      variable('--vscode-charts-blue', '#3794ff'),
      variable('--vscode-charts-green', '#89d185'),
      variable('--vscode-charts-orange', '#d18616'),
      variable('--vscode-charts-purple', '#b180d7'),
      variable('--vscode-charts-yellow', '#cca700'),
      variable('--vscode-charts-red', '#f14c4c'),
      variable('--vscode-terminal-ansiCyan', '#11a8cd'),
      variable('--vscode-terminal-ansiMagenta', '#bc3fbc'),
    ],
    highContrast: document.body.classList.contains('vscode-high-contrast'),
  };
}

/**
 * Nodes: rounded boxes with a border in their type's colour. Edges: containment faint and
 * without arrowhead, ordering (before/require) solid, refresh (notify/subscribe) dashed.
 * Large graphs get haystack edges (arrowhead mid-edge), square boxes, and labels and arrowheads
 * only where the level of detail (levelOfDetail.ts) gives them, which cytoscape draws several
 * times faster. High contrast themes get thicker, opaque lines.
 * The WebGL renderer draws straight edges with their arrowhead at the target (it draws neither
 * mid-edge arrowheads nor dashes: refresh edges are told apart by colour there).
 */
export function graphStyle(palette: Palette, large: boolean, webgl = false): StylesheetJson {
  const line = strokes(palette);
  return [
    {
      selector: 'node',
      style: {
        shape: large ? 'rectangle' : 'round-rectangle',
        width: 'data(width)',
        height: 'data(height)',
        'background-color': palette.nodeBackground,
        'border-width': line.nodeBorder,
        // a big graph labels only what levelOfDetail.ts marks (in view, zoomed in), and the
        // selected resource and search matches
        label: large ? '' : 'data(label)',
        color: palette.foreground,
        'font-size': 11,
        'font-family': getComputedStyle(document.body).fontFamily || 'sans-serif',
        'text-valign': 'center',
        'text-halign': 'center',
        'min-zoomed-font-size': large ? 7 : 0,
      },
    },
    ...palette.types.map((colour, index) => ({
      selector: `node[colour = ${index}]`,
      style: { 'border-color': colour },
    })),
    {
      selector: 'node[members > 1]',
      style: { 'border-width': line.markedNodeBorder, 'font-weight': 'bold' },
    },
    ...(large
      ? [
          {
            selector: `node.${DETAILED}, node:selected, node.match`,
            style: { label: 'data(label)' },
          },
          // a PNG export's labels (pngExport.ts): shown at the picture's scale, not the screen's
          {
            selector: `node.${EXPORT_DETAILED}`,
            style: { label: 'data(label)', 'min-zoomed-font-size': 0 },
          },
          // arrowheads likewise (containment edges never have one: see edge.contains)
          {
            selector: `edge.${DETAILED}, edge.incident, edge.${EXPORT_DETAILED}`,
            style: arrowhead(webgl),
          },
        ]
      : []),
    {
      selector: 'edge',
      style: {
        width: line.edgeWidth,
        'line-color': palette.muted,
        'target-arrow-color': palette.muted,
        'mid-target-arrow-color': palette.muted,
        'arrow-scale': line.arrowScale,
        // haystack edges skip the per-edge geometry (parallel edges, border intersections) that
        // dominates drawing thousands of edges; their arrowhead sits mid-edge
        ...edgeShape(large, webgl),
      },
    },
    {
      selector: 'edge.contains',
      style: {
        opacity: line.containsOpacity,
        'target-arrow-shape': 'none',
        'mid-target-arrow-shape': 'none',
      },
    },
    webgl
      ? {
          selector: 'edge.refresh',
          style: {
            'line-color': palette.types[2]!,
            'target-arrow-color': palette.types[2]!,
          },
        }
      : {
          selector: 'edge.refresh',
          style: { 'line-style': 'dashed', 'line-dash-pattern': line.refreshDash },
        },
    ...(['added', 'removed', 'changed'] as const).map((state) => ({
      selector: `node.${state}`,
      style: {
        'border-color': palette[state],
        'border-width': line.markedNodeBorder,
        'border-style': state === 'removed' ? ('dashed' as const) : ('solid' as const),
      },
    })),
    { selector: 'node.removed', style: { opacity: line.removedOpacity } },
    ...(['added', 'removed'] as const).map((state) => ({
      selector: `edge.${state}`,
      style: {
        'line-color': palette[state],
        'target-arrow-color': palette[state],
        'mid-target-arrow-color': palette[state],
        width: line.markedEdgeWidth,
        opacity: 1,
      },
    })),
    {
      selector: 'node.match',
      style: {
        'border-color': palette.focus,
        'border-width': line.markedNodeBorder,
        'border-style': 'double',
      },
    },
    {
      selector: 'edge.incident',
      style: {
        'line-color': palette.focus,
        'target-arrow-color': palette.focus,
        'mid-target-arrow-color': palette.focus,
        width: line.markedEdgeWidth,
        opacity: 1,
        'z-index': 10,
      },
    },
    {
      selector: 'node:selected',
      style: {
        'background-color': palette.focus,
        'border-color': palette.focus,
        'border-width': line.markedNodeBorder,
        color: palette.selectionForeground,
      },
    },
  ];
}

/** A big graph's edges get their arrowhead from the level of detail (arrowhead()). */
function edgeShape(large: boolean, webgl: boolean) {
  if (webgl) return { 'curve-style': 'straight' as const };
  if (large) return { 'curve-style': 'haystack' as const };
  return { 'curve-style': 'bezier' as const, 'target-arrow-shape': 'triangle' as const };
}

function arrowhead(webgl: boolean) {
  // haystack edges draw only a mid-edge arrowhead; the WebGL renderer only one at the target
  return webgl
    ? { 'target-arrow-shape': 'triangle' as const }
    : { 'mid-target-arrow-shape': 'triangle' as const };
}
