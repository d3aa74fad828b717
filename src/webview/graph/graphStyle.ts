import type { StylesheetJson } from 'cytoscape';

/** The theme's colours, read from VS Code's CSS variables (cytoscape styles are not CSS). */
export interface Palette {
  foreground: string;
  muted: string;
  background: string;
  border: string;
  focus: string;
  added: string;
  removed: string;
  changed: string;
  types: string[];
}

export function readPalette(): Palette {
  const style = getComputedStyle(document.body);
  const variable = (name: string, fallback: string) =>
    style.getPropertyValue(name).trim() || fallback;
  return {
    foreground: variable('--vscode-editor-foreground', '#cccccc'),
    muted: variable('--vscode-descriptionForeground', '#999999'),
    background: variable('--vscode-editor-background', '#1e1e1e'),
    border: variable('--vscode-editorWidget-border', '#454545'),
    focus: variable('--vscode-focusBorder', '#007fd4'),
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
  };
}

/** A stable colour per resource type; classes and stages get the first one. */
export function typeColour(palette: Palette, type: string): string {
  if (type === 'Class' || type === 'Stage') return palette.types[0]!;
  let hash = 0;
  for (const character of type) hash = (hash * 31 + character.charCodeAt(0)) | 0;
  return palette.types[1 + (Math.abs(hash) % (palette.types.length - 1))]!;
}

export function graphStyle(palette: Palette, large: boolean): StylesheetJson {
  return [
    {
      selector: 'node',
      style: {
        shape: 'round-rectangle',
        width: 'data(width)',
        height: 'data(height)',
        'background-color': palette.background,
        'border-width': 2,
        'border-color': 'data(colour)',
        label: 'data(label)',
        color: palette.foreground,
        'font-size': 11,
        'text-valign': 'center',
        'text-halign': 'center',
        'min-zoomed-font-size': large ? 8 : 0,
      },
    },
    { selector: 'node[members > 1]', style: { 'border-width': 4, 'font-weight': 'bold' } },
    {
      selector: 'node:selected',
      style: {
        'border-color': palette.focus,
        'border-width': 4,
        'background-color': palette.focus,
        color: palette.background,
      },
    },
    {
      selector: 'node.match',
      style: { 'border-color': palette.focus, 'border-style': 'double', 'border-width': 5 },
    },
    { selector: 'node.added', style: { 'border-color': palette.added, 'border-width': 4 } },
    {
      selector: 'node.removed',
      style: {
        'border-color': palette.removed,
        'border-style': 'dashed',
        'border-width': 4,
        opacity: 0.7,
      },
    },
    { selector: 'node.changed', style: { 'border-color': palette.changed, 'border-width': 4 } },
    {
      selector: 'edge',
      style: {
        width: 1.5,
        'line-color': palette.muted,
        'target-arrow-color': palette.muted,
        'target-arrow-shape': 'triangle',
        'arrow-scale': 0.8,
        'curve-style': large ? 'straight' : 'bezier',
      },
    },
    {
      selector: 'edge.contains',
      // haystack edges skip arrow and bounding-box work: thousands of them draw fast
      style: {
        opacity: 0.25,
        'line-style': 'solid',
        'target-arrow-shape': 'none',
        ...(large ? { 'curve-style': 'haystack' as const } : {}),
      },
    },
    { selector: 'edge.refresh', style: { 'line-style': 'dashed', 'line-dash-pattern': [6, 3] } },
    {
      selector: 'edge.added',
      style: {
        'line-color': palette.added,
        'target-arrow-color': palette.added,
        width: 2.5,
        opacity: 1,
      },
    },
    {
      selector: 'edge.removed',
      style: {
        'line-color': palette.removed,
        'target-arrow-color': palette.removed,
        width: 2.5,
        opacity: 1,
      },
    },
    {
      selector: 'edge:selected, edge.incident',
      style: {
        'line-color': palette.focus,
        'target-arrow-color': palette.focus,
        width: 2.5,
        opacity: 1,
      },
    },
  ];
}
