/**
 * The events table's columns on the one grid (common/grid/grid.ts): what each cell of an event
 * shows (eight columns), and the row of a group. Every value goes in through textContent or the
 * title property, never as markup, so what PuppetDB holds is always shown as text.
 */
import type { EventGroup } from '../../../shared/eventTable';
import {
  COLUMN_LABELS,
  EVENT_COLUMNS,
  cellText,
  shortLocationText,
  type EventColumn,
} from '../../../shared/eventTableColumns';
import type { EventRowDto, EventStatus } from '../../../shared/reportDto';
import { tableDateText } from '../../common/dateStyle';
import type { GridColumn, GridGroups } from '../../common/grid/grid';

export const STATUS_ICONS: Readonly<Record<EventStatus, string>> = {
  success: 'pass',
  failure: 'error',
  noop: 'circle-outline',
  skipped: 'debug-step-over',
};

/** An item of the table's view: an event's index in the model (≥ 0) or a group (< 0). */
export type EventItem = number;

/** What the columns read the table through. */
export interface EventSource {
  /** The event of an item (undefined for a group's). */
  event(item: EventItem): EventRowDto | undefined;
  /** A column's filter field, for the second header row. */
  filterField(column: EventColumn): HTMLElement;
}

/** Widths in px (and a share of the room left, for the columns that read best wide). */
const WIDTHS: Readonly<Record<EventColumn, { width: number; grow?: number }>> = {
  status: { width: 104 },
  timestamp: { width: 200 },
  resource: { width: 200, grow: 2 },
  property: { width: 96 },
  change: { width: 150, grow: 1.4 },
  kind: { width: 116 },
  message: { width: 240, grow: 3 },
  class: { width: 110, grow: 1 },
  location: { width: 120, grow: 1 },
};

interface StatusParts {
  icon: HTMLElement;
  text: HTMLElement;
  status?: EventStatus;
}

interface ResourceParts {
  text: HTMLElement;
  graph: HTMLButtonElement;
}

const statusParts = new WeakMap<HTMLElement, StatusParts>();
const resourceParts = new WeakMap<HTMLElement, ResourceParts>();

/** The table's columns; a cell's `text` is the event's value in full (copied, and its tooltip). */
export function eventColumns(source: EventSource): Array<GridColumn<EventItem>> {
  return EVENT_COLUMNS.map((column) => ({
    key: column,
    label: COLUMN_LABELS[column],
    ...WIDTHS[column],
    className: `events-cell events-cell-${column}`,
    // the resource names the row: it always shows
    hideable: column !== 'resource',
    text: (item: EventItem) => {
      const event = source.event(item);
      if (!event) return '';
      return column === 'timestamp'
        ? tableDateText(event.timestamp, { milliseconds: true })
        : cellText(event, column);
    },
    create: (cell: HTMLElement) => createCell(column, cell),
    fill: (cell: HTMLElement, item: EventItem) => {
      const event = source.event(item);
      if (event) fillEventCell(column, cell, event);
    },
    subheader: () => source.filterField(column),
  }));
}

/** The inner parts of the cells that have them (made once per pooled cell). */
function createCell(column: EventColumn, cell: HTMLElement): void {
  if (column === 'status') {
    const icon = span('codicon');
    icon.setAttribute('aria-hidden', 'true');
    const text = span('events-status-text');
    cell.append(icon, text);
    statusParts.set(cell, { icon, text });
  } else if (column === 'resource') {
    const text = span('events-resource-text');
    const graph = document.createElement('button');
    graph.className = 'events-graph-link codicon codicon-type-hierarchy';
    graph.type = 'button';
    graph.tabIndex = -1;
    graph.dataset.action = 'openInGraph';
    cell.append(text, graph);
    resourceParts.set(cell, { text, graph });
  }
}

function fillEventCell(column: EventColumn, cell: HTMLElement, event: EventRowDto): void {
  switch (column) {
    case 'status': {
      const parts = statusParts.get(cell)!;
      if (parts.status !== event.status) {
        if (parts.status) cell.classList.remove(`status-${parts.status}`);
        cell.classList.add(`status-${event.status}`);
        parts.icon.className = `codicon codicon-${STATUS_ICONS[event.status]} status-${event.status}`;
        parts.text.textContent = event.status;
        parts.status = event.status;
      }
      return;
    }
    case 'timestamp':
      setCell(cell, tableDateText(event.timestamp, { milliseconds: true }), event.timestamp);
      return;
    case 'resource': {
      const parts = resourceParts.get(cell)!;
      const resource = cellText(event, 'resource');
      parts.text.textContent = resource;
      cell.title = resource;
      parts.graph.title = `Open ${resource} in the catalog graph`;
      parts.graph.setAttribute('aria-label', parts.graph.title);
      return;
    }
    case 'location':
      setCell(cell, shortLocationText(event), cellText(event, 'location'));
      return;
    default: {
      const text = cellText(event, column);
      setCell(cell, text, text);
    }
  }
}

type GroupParts = Record<'chevron' | 'key' | 'count' | 'nodes' | 'statuses', HTMLElement>;

/** The group rows: the key, its count, on how many nodes, and its statuses; a click folds it. */
export function eventGroups(view: {
  group(position: number): EventGroup | undefined;
  toggle(key: string, open?: boolean): void;
}): GridGroups {
  const parts = new WeakMap<HTMLElement, GroupParts>();
  return {
    is: (position) => view.group(position) !== undefined,
    expanded: (position) => !view.group(position)?.collapsed,
    toggle: (position, open) => {
      const group = view.group(position);
      if (group) view.toggle(group.key, open);
    },
    create: (cell) => {
      cell.classList.add('events-group');
      const chevron = span('codicon');
      chevron.setAttribute('aria-hidden', 'true');
      const shown = {
        chevron,
        key: span('events-group-key'),
        count: span('events-count-badge'),
        nodes: span('events-group-nodes'),
        statuses: span('events-group-statuses'),
      };
      cell.append(shown.chevron, shown.key, shown.count, shown.nodes, shown.statuses);
      parts.set(cell, shown);
    },
    fill: (cell, position) => {
      const group = view.group(position);
      const shown = parts.get(cell);
      if (!group || !shown) return;
      shown.chevron.className = `codicon codicon-chevron-${group.collapsed ? 'right' : 'down'}`;
      shown.key.textContent = group.key;
      cell.title = group.key;
      shown.count.textContent = String(group.count);
      shown.count.title = `${group.count} event${group.count === 1 ? '' : 's'}`;
      // on how many nodes: what a fleet-wide table is read for ("failed on 40 nodes")
      shown.nodes.textContent = `${group.nodes} node${group.nodes === 1 ? '' : 's'}`;
      const { failure, skipped, noop } = group.statusCounts;
      shown.statuses.textContent = [
        failure ? `${failure} failure${failure === 1 ? '' : 's'}` : '',
        skipped ? `${skipped} skipped` : '',
        noop ? `${noop} noop` : '',
      ]
        .filter(Boolean)
        .join(' · ');
      shown.statuses.classList.toggle('status-failure', failure > 0);
    },
  };
}

function setCell(cell: HTMLElement, text: string, title: string): void {
  if (cell.textContent !== text) cell.textContent = text;
  if (cell.title !== title) cell.title = title;
}

function span(className: string): HTMLElement {
  const element = document.createElement('span');
  element.className = className;
  return element;
}
