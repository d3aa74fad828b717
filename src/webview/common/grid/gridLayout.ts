/**
 * A grid's column layout as the user set it (widths dragged or chosen, columns hidden), kept in
 * the page's UI state; and the CSS grid tracks it makes. Pure (no DOM): unit tested.
 */

export interface GridLayout {
  /** Widths the user set, in px, by column key. */
  widths: Record<string, number>;
  /** Keys of the hidden columns. */
  hidden: string[];
}

/** What the layout needs of a column. */
export interface LayoutColumn {
  key: string;
  /** The least width, and the first one, in px. */
  width: number;
  /** A share of the room left over (a CSS fr); none: the column keeps its width. */
  grow?: number;
  /** False: the column is always shown (the one that names the row). */
  hideable?: boolean;
}

export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 2000;

export function emptyLayout(): GridLayout {
  return { widths: {}, hidden: [] };
}

/** The most columns a kept layout says anything about (it is the page's state: kept small). */
const MAX_KEPT_COLUMNS = 500;

/**
 * A saved layout, checked (it comes from the page's state, which an older version of the page or
 * anything else may have written): column names and widths within bounds. Columns it names that
 * the grid does not have (yet: the PQL results' columns come with the rows) are kept for when
 * they come; a column that must show shows whatever it says (visibleColumns).
 */
export function restoreLayout(saved: unknown): GridLayout {
  const layout = emptyLayout();
  if (typeof saved !== 'object' || saved === null) return layout;
  const value = saved as { widths?: unknown; hidden?: unknown };
  if (typeof value.widths === 'object' && value.widths !== null) {
    const widths = Object.entries(value.widths as Record<string, unknown>);
    for (const [key, width] of widths.slice(0, MAX_KEPT_COLUMNS)) {
      if (typeof width === 'number' && Number.isFinite(width)) {
        layout.widths[key] = clampWidth(width);
      }
    }
  }
  if (Array.isArray(value.hidden)) {
    const hidden: unknown[] = value.hidden;
    layout.hidden = [
      ...new Set(hidden.filter((key): key is string => typeof key === 'string')),
    ].slice(0, MAX_KEPT_COLUMNS);
  }
  return layout;
}

export function clampWidth(width: number): number {
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
}

/** The columns shown, in order: never one that must show hidden, never none at all. */
export function visibleColumns<C extends LayoutColumn>(
  columns: readonly C[],
  layout: GridLayout,
): C[] {
  const shown = columns.filter(
    (column) => column.hideable === false || !layout.hidden.includes(column.key),
  );
  return shown.length > 0 || columns.length === 0 ? shown : columns.slice(0, 1);
}

/**
 * The CSS `grid-template-columns` of the columns shown, and their least total width (the rows'
 * min-width, past which the grid scrolls sideways). A width the user set is fixed; a column
 * that grows gets `minmax(width, grow fr)`.
 */
export function columnTracks(
  columns: readonly LayoutColumn[],
  layout: GridLayout,
): { template: string; minWidth: number } {
  let minWidth = 0;
  const tracks = visibleColumns(columns, layout).map((column) => {
    const set = layout.widths[column.key];
    const width = set ?? column.width;
    minWidth += width;
    return set === undefined && column.grow ? `minmax(${width}px, ${column.grow}fr)` : `${width}px`;
  });
  return { template: tracks.join(' ') || 'auto', minWidth };
}

/** The layout with `key` shown or hidden (never the last column shown, nor one that must show). */
export function toggleHidden(
  layout: GridLayout,
  columns: readonly LayoutColumn[],
  key: string,
): GridLayout {
  const column = columns.find((each) => each.key === key);
  if (!column || column.hideable === false) return layout;
  if (layout.hidden.includes(key)) {
    return { ...layout, hidden: layout.hidden.filter((each) => each !== key) };
  }
  if (visibleColumns(columns, layout).length <= 1) return layout;
  return { ...layout, hidden: [...layout.hidden, key] };
}

/** The layout with `key`'s width set (undefined: back to the column's own). */
export function withWidth(layout: GridLayout, key: string, width: number | undefined): GridLayout {
  const widths = { ...layout.widths };
  if (width === undefined) delete widths[key];
  else widths[key] = clampWidth(width);
  return { ...layout, widths };
}
