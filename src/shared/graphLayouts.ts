/**
 * The catalog graph's layouts kept by the host for the pages opened after the one that made them
 * (src/extension/graph/keptLayouts.ts): ELK's first layout in a new page is its slowest (its
 * program loaded and run with none of it compiled yet, about a second on two cores), so a graph
 * whose shape some page laid out before is drawn at once instead.
 */

import { arrayOf, object, text, type Check, type FieldChecks } from './messageSchema';

/**
 * The most resources ELK lays out; a bigger graph takes it seconds, and is laid out the fast way
 * (src/shared/catalogGraphLayout.ts) in tens of milliseconds.
 */
export const ELK_LIMIT = 600;

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
