/**
 * The catalog graph's layouts and the host: ELK's first layout in a new page would be its slowest
 * (its program loaded and run with none of it compiled yet, about a second on two cores). So the
 * pages ask the extension host to lay their graphs out (src/extension/graph/hostLayouts.ts: one
 * worker thread for every page, ELK compiled by the pages before), and the host keeps the layouts
 * made for the pages opened after (keptLayouts.ts): a graph whose shape was laid out before is
 * drawn at once.
 */

import { arrayOf, object, text, type Check, type FieldChecks } from './messageSchema';

/**
 * The most resources ELK lays out; a bigger graph takes it seconds, and is laid out the fast way
 * (src/shared/catalogGraphLayout.ts) in tens of milliseconds.
 */
export const ELK_LIMIT = 600;

/**
 * The most edges of a graph the extension host lays out for a page (HOST_LAYOUT_FIELDS); a page
 * lays out one with more in its own worker.
 */
export const HOST_LAYOUT_EDGE_LIMIT = 6 * ELK_LIMIT;

/**
 * A graph a page asks the extension host to lay out (its worker thread keeps ELK compiled between
 * pages): each resource's width and height, and each edge's two ends by place, in the order the
 * answer's corners come back in.
 */
export interface HostLayoutRequest {
  id: number;
  direction: 'LR' | 'TB';
  sizes: number[];
  ends: number[];
}

/**
 * The host's answer to a HostLayoutRequest: each resource's top-left corner, x then y, in the
 * request's order (null where none was found: JSON has no NaN), by ELK or, should ELK fail, the
 * fast layout. No corners at all: the host could not lay it out (`error` says why), and the page
 * lays it out itself.
 */
export interface HostLayoutAnswer {
  id: number;
  engine: 'elk' | 'fast';
  ms: number;
  corners: Array<number | null>;
  /** Why ELK or the host's layout thread failed, when one did. */
  error?: string;
}

/** A width or a height as a page measures it: finite, positive, a label's at most. */
const extent: Check<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100_000
    ? undefined
    : 'expected a size from 0 to 100,000';

/** An edge's end: the place of one of the ELK_LIMIT resources at most. */
const place: Check<number> = (value) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < ELK_LIMIT
    ? undefined
    : `expected a place from 0 to ${ELK_LIMIT - 1}`;

/**
 * The checks of a page's layout request (graphSchema.ts): ELK_LIMIT resources and
 * HOST_LAYOUT_EDGE_LIMIT edges at most. The host checks besides that each end is one of them.
 */
export const HOST_LAYOUT_FIELDS: FieldChecks<Omit<HostLayoutRequest, 'id' | 'direction'>> = {
  sizes: arrayOf(extent, 2 * ELK_LIMIT),
  ends: arrayOf(place, 2 * HOST_LAYOUT_EDGE_LIMIT),
};

/** A layout of a graph's shape: its key (shapeKey) and each resource's corner, x then y, by place. */
export interface KeptLayout {
  key: string;
  corners: number[];
}

/** A corner of a resource as ELK places it: a finite number. */
const coordinate: Check<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? undefined : 'expected a finite number';

/**
 * The checks of a layout a page sends (graphSchema.ts) and of one read back from the workspace
 * state: a key as shapeKey writes it, and finite corners, two per resource ELK lays out at most.
 */
export const KEPT_LAYOUT_FIELDS: FieldChecks<KeptLayout> = {
  key: text(40),
  corners: arrayOf(coordinate, 2 * ELK_LIMIT),
};

const keptLayout = object(KEPT_LAYOUT_FIELDS);

/** Whether `value` is a layout as the host keeps it (KEPT_LAYOUT_FIELDS). */
export function isKeptLayout(value: unknown): value is KeptLayout {
  return keptLayout(value) === undefined;
}

/**
 * A short key for a graph's shape, written out in full (layoutCache.ts): its length and two
 * 32-bit FNV-1a hashes of it (one of the text, one of it read backwards), about 64 bits in all.
 * The layouts kept are a handful, so two shapes sharing a key is not to be expected, and a
 * layout is only ever used for a graph with as many resources as it places.
 */
export function shapeKey(shape: string): string {
  let forward = 0x811c9dc5;
  let backward = 0x811c9dc5;
  for (let index = 0; index < shape.length; index++) {
    forward = Math.imul(forward ^ shape.charCodeAt(index), 0x01000193);
    backward = Math.imul(backward ^ shape.charCodeAt(shape.length - 1 - index), 0x01000193);
  }
  const hex = (value: number) => (value >>> 0).toString(16).padStart(8, '0');
  return `${shape.length.toString(36)}-${hex(forward)}${hex(backward)}`;
}
