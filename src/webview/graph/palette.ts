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

const TYPE_COLOURS = 8;

/** A stable colour per resource type; classes and stages share the first. */
export function typeColourIndex(type: string): number {
  if (type === 'Class' || type === 'Stage') return 0;
  let hash = 0;
  for (const character of type) hash = (hash * 31 + character.charCodeAt(0)) | 0;
  return 1 + (Math.abs(hash) % (TYPE_COLOURS - 1));
}
