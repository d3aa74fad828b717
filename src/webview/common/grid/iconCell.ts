/**
 * A grid cell of an icon and a label (a run's status, a log's level): its two parts made once per
 * cell (the grid reuses cells), then filled for each row from its look. The icon only decorates
 * (hidden from screen readers); the label is the text.
 */
import type { GridColumn } from './grid';

/** What the cell shows for a row. */
export interface IconLabel {
  /** The codicon's name. */
  icon: string;
  /** The icon's classes besides its codicon ones (its colour), if any. */
  iconClass?: string;
  label: string;
  /** The label's class (its colour), if any. */
  labelClass?: string;
  /** The cell's tooltip. */
  title: string;
}

interface CellParts {
  icon: HTMLElement;
  label: HTMLElement;
}

const cellParts = new WeakMap<HTMLElement, CellParts>();

/** A column's `create` and `fill` for cells of an icon and a label, as `look` says for a row. */
export function iconLabelCell<R>(
  look: (row: R) => IconLabel,
): Required<Pick<GridColumn<R>, 'create' | 'fill'>> {
  return {
    create: (cell) => {
      const icon = document.createElement('span');
      icon.setAttribute('aria-hidden', 'true');
      const label = document.createElement('span');
      cell.append(icon, label);
      cellParts.set(cell, { icon, label });
    },
    fill: (cell, row) => {
      const { icon, label } = cellParts.get(cell)!;
      const shown = look(row);
      // set only when it changes: most rows of a scroll keep their neighbour's icon
      const iconClass = `codicon codicon-${shown.icon}${shown.iconClass ? ` ${shown.iconClass}` : ''}`;
      if (icon.className !== iconClass) icon.className = iconClass;
      if (label.className !== (shown.labelClass ?? '')) label.className = shown.labelClass ?? '';
      label.textContent = shown.label;
      cell.title = shown.title;
    },
  };
}
