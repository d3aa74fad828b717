/** The run-time checks of the catalog graph (graph.ts). */
import type { CatalogGraphDto } from '../catalogGraph';
import { ELK_LIMIT } from '../graphLayouts';
import {
  arrayOf,
  count,
  duration,
  object,
  oneOf,
  optional,
  text,
  type Check,
} from '../messageSchema';
import { flag, longText, name, shaped, viewSchema } from './commonSchema';
import type { GraphProtocol, GraphShown } from './graph';

const catalog: Check<CatalogGraphDto> = shaped<CatalogGraphDto>({
  certname: name,
  version: name,
  resources: arrayOf(shaped<CatalogGraphDto['resources'][number]>({ id: name, type: name })),
  edges: arrayOf(shaped<CatalogGraphDto['edges'][number]>({ source: name, target: name })),
});

/** A corner of a resource as ELK places it: a finite number. */
const coordinate: Check<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? undefined : 'expected a finite number';

export const graphSchema = viewSchema<GraphProtocol>({
  toHost: {
    compare: {},
    refresh: {},
    askExport: { format: oneOf('png', 'svg') },
    export: { format: oneOf('png', 'svg'), token: name, data: longText },
    openNode: { certname: name },
    findNodesWithResource: { resource: name },
    openManifest: { resource: name },
    // a layout of at most ELK_LIMIT resources, under a key as shapeKey writes it
    laidOut: { key: text(40), corners: arrayOf(coordinate, 2 * ELK_LIMIT) },
    drawn: {
      nodes: count,
      edges: count,
      layoutMs: duration,
      keptLayout: flag,
      paintMs: duration,
      firstPaintMs: duration,
      usableMs: duration,
    },
  },
  restore: object({
    entry: oneOf('graph'),
    connectionId: name,
    certname: name,
    compareWith: optional(name),
  }),
  shown: shaped<GraphShown>({
    catalog,
    compareWith: optional(shaped({ catalog, label: name })),
  }),
});
