/**
 * The DOM of one table row, reused for whatever item it currently shows: an event (eight cells)
 * or a group header. Every value goes in through textContent or the title property, never as
 * markup, so what PuppetDB holds is always shown as text.
 */
import type { EventGroup } from '../../../shared/eventTable';
import {
  EVENT_COLUMNS,
  cellText,
  shortLocationText,
  type EventColumn,
} from '../../../shared/eventTableColumns';
import type { EventRowDto, EventStatus } from '../../../shared/reportDto';
import { formatTimestamp } from './format';

export const STATUS_ICONS: Readonly<Record<EventStatus, string>> = {
  success: 'pass',
  failure: 'error',
  noop: 'circle-outline',
  skipped: 'debug-step-over',
};

interface RowParts {
  cells: Record<EventColumn, HTMLElement>;
  statusIcon: HTMLElement;
  statusText: HTMLElement;
  resourceText: HTMLElement;
  graphButton: HTMLButtonElement;
  group: HTMLElement;
  groupChevron: HTMLElement;
  groupKey: HTMLElement;
  groupCount: HTMLElement;
  groupNodes: HTMLElement;
  groupStatuses: HTMLElement;
}

const parts = new WeakMap<HTMLElement, RowParts>();

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  created.className = className;
  return created;
}

export function createRowElement(): HTMLElement {
  const row = element('div', 'events-row');
  row.setAttribute('role', 'row');
  const cells = {} as Record<EventColumn, HTMLElement>;
  for (const column of EVENT_COLUMNS) {
    const cell = element('div', `events-cell events-cell-${column}`);
    cell.setAttribute('role', 'gridcell');
    cells[column] = cell;
    row.append(cell);
  }
  const statusIcon = element('span', 'codicon');
  statusIcon.setAttribute('aria-hidden', 'true');
  const statusText = element('span', 'events-status-text');
  cells.status.append(statusIcon, statusText);
  const resourceText = element('span', 'events-resource-text');
  const graphButton = element('button', 'events-graph-link codicon codicon-type-hierarchy');
  graphButton.type = 'button';
  graphButton.tabIndex = -1;
  graphButton.dataset.action = 'openInGraph';
  cells.resource.append(resourceText, graphButton);

  const group = element('div', 'events-group');
  group.setAttribute('role', 'gridcell');
  const groupChevron = element('span', 'codicon');
  groupChevron.setAttribute('aria-hidden', 'true');
  const groupKey = element('span', 'events-group-key');
  const groupCount = element('span', 'events-count-badge');
  const groupNodes = element('span', 'events-group-nodes');
  const groupStatuses = element('span', 'events-group-statuses');
  group.append(groupChevron, groupKey, groupCount, groupNodes, groupStatuses);
  row.append(group);
  parts.set(row, {
    cells,
    statusIcon,
    statusText,
    resourceText,
    graphButton,
    group,
    groupChevron,
    groupKey,
    groupCount,
    groupNodes,
    groupStatuses,
  });
  return row;
}

function partsOf(row: HTMLElement): RowParts {
  const found = parts.get(row);
  if (!found) throw new Error('not an events table row');
  return found;
}

export function fillEventRow(row: HTMLElement, event: EventRowDto, canOpenGraph: boolean): void {
  const view = partsOf(row);
  row.classList.remove('is-group');
  row.removeAttribute('aria-expanded');
  view.statusIcon.className = `codicon codicon-${STATUS_ICONS[event.status]} status-${event.status}`;
  view.statusText.textContent = event.status;
  view.cells.status.className = `events-cell events-cell-status status-${event.status}`;
  setCell(view.cells.timestamp, formatTimestamp(event.timestamp), event.timestamp);
  const resource = cellText(event, 'resource');
  view.resourceText.textContent = resource;
  view.cells.resource.title = resource;
  view.graphButton.hidden = !canOpenGraph;
  view.graphButton.title = `Open ${resource} in the catalog graph`;
  view.graphButton.setAttribute('aria-label', view.graphButton.title);
  for (const column of ['property', 'change', 'message', 'class'] as const) {
    const text = cellText(event, column);
    setCell(view.cells[column], text, text);
  }
  setCell(view.cells.location, shortLocationText(event), cellText(event, 'location'));
}

export function fillGroupRow(row: HTMLElement, group: EventGroup): void {
  const view = partsOf(row);
  row.classList.add('is-group');
  row.setAttribute('aria-expanded', String(!group.collapsed));
  view.groupChevron.className = `codicon codicon-chevron-${group.collapsed ? 'right' : 'down'}`;
  view.groupKey.textContent = group.key;
  view.group.title = group.key;
  view.groupCount.textContent = String(group.count);
  view.groupCount.title = `${group.count} event${group.count === 1 ? '' : 's'}`;
  // on how many nodes: what a fleet-wide table is read for ("failed on 40 nodes")
  view.groupNodes.textContent = `${group.nodes} node${group.nodes === 1 ? '' : 's'}`;
  const { failure, skipped, noop } = group.statusCounts;
  view.groupStatuses.textContent = [
    failure ? `${failure} failure${failure === 1 ? '' : 's'}` : '',
    skipped ? `${skipped} skipped` : '',
    noop ? `${noop} noop` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  view.groupStatuses.classList.toggle('status-failure', failure > 0);
}

function setCell(cell: HTMLElement, text: string, title: string): void {
  cell.textContent = text;
  cell.title = title;
}
