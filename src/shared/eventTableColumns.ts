/**
 * The columns of the events table: what each cell says, what its filter searches and how it
 * sorts. Plain functions of one event row, shared by the table model (sorting, filtering) and the
 * webview (rendering), so what is shown is what is searched.
 */
import { eventChange } from './history/runChange';
import type { EventRowDto, EventStatus } from './reportDto';

export const EVENT_COLUMNS = [
  'status',
  'timestamp',
  'resource',
  'property',
  'change',
  'kind',
  'message',
  'class',
  'location',
] as const;

export type EventColumn = (typeof EVENT_COLUMNS)[number];

export const COLUMN_LABELS: Readonly<Record<EventColumn, string>> = {
  status: 'Status',
  timestamp: 'Timestamp',
  resource: 'Resource',
  property: 'Property',
  change: 'Old → New',
  kind: 'Change kind',
  message: 'Message',
  class: 'Class',
  location: 'File:Line',
};

/** `Type[title]`, as Puppet and the catalog graph name a resource. */
export function resourceRef(row: Pick<EventRowDto, 'resourceType' | 'resourceTitle'>): string {
  return `${row.resourceType}[${row.resourceTitle}]`;
}

/** A property value as text: strings as they are, anything else as JSON, null as nothing. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function changeText(row: EventRowDto): string {
  const oldText = valueText(row.oldValue);
  const newText = valueText(row.newValue);
  return oldText === '' && newText === '' ? '' : `${oldText} → ${newText}`;
}

/**
 * Corrective, intentional or unknown for a change made or proposed (success, noop); nothing for
 * a failed or skipped event, which changed nothing.
 */
export function changeKindText(row: Pick<EventRowDto, 'status' | 'correctiveChange'>): string {
  const kind = eventChange({ status: row.status, corrective_change: row.correctiveChange });
  return kind === 'none' ? '' : kind;
}

/** `file:line` in full (the cell shows the file's base name; the filter searches the path). */
export function locationText(row: EventRowDto): string {
  if (!row.file) return '';
  return row.line === null ? row.file : `${row.file}:${row.line}`;
}

export function shortLocationText(row: EventRowDto): string {
  if (!row.file) return '';
  const base = row.file.slice(row.file.lastIndexOf('/') + 1);
  return row.line === null ? base : `${base}:${row.line}`;
}

/** The full text of a cell: what its tooltip shows and its filter searches. */
export function cellText(row: EventRowDto, column: EventColumn): string {
  switch (column) {
    case 'status':
      return row.status;
    case 'timestamp':
      return row.timestamp;
    case 'resource':
      return resourceRef(row);
    case 'property':
      return row.property ?? '';
    case 'change':
      return changeText(row);
    case 'kind':
      return changeKindText(row);
    case 'message':
      return row.message ?? '';
    case 'class':
      return row.containingClass ?? '';
    case 'location':
      return locationText(row);
  }
}

/** Ascending status order puts what needs attention first. */
export const STATUS_SORT_RANK: Readonly<Record<EventStatus, number>> = {
  failure: 0,
  skipped: 1,
  noop: 2,
  success: 3,
};

/**
 * What a column sorts by: numbers for time and status, else the lower-cased text (compared with
 * `<`, which is fast and stable across locales). File:line sorts by file, then line as a number.
 */
export function sortKey(row: EventRowDto, column: EventColumn): string | number {
  switch (column) {
    case 'status':
      return STATUS_SORT_RANK[row.status];
    case 'timestamp': {
      const time = Date.parse(row.timestamp);
      return Number.isNaN(time) ? 0 : time;
    }
    case 'location':
      return row.file === null
        ? ''
        : `${row.file.toLowerCase()}\u0000${String(row.line ?? 0).padStart(10, '0')}`;
    default:
      return cellText(row, column).toLowerCase();
  }
}
