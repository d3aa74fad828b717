/** The run-time checks of the catalog graph (graph.ts). */
import type { CatalogGraphDto } from '../catalogGraph';
import { HOST_LAYOUT_FIELDS, KEPT_LAYOUT_FIELDS } from '../graphLayouts';
import { arrayOf, count, duration, object, oneOf, optional, type Check } from '../messageSchema';
import { flag, longText, name, shaped, viewSchema } from './commonSchema';
import type { GraphProtocol, GraphShown } from './graph';

const catalog: Check<CatalogGraphDto> = shaped<CatalogGraphDto>({
  certname: name,
  version: name,
  resources: arrayOf(shaped<CatalogGraphDto['resources'][number]>({ id: name, type: name })),
  edges: arrayOf(shaped<CatalogGraphDto['edges'][number]>({ source: name, target: name })),
});

export const graphSchema = viewSchema<GraphProtocol>({
  toHost: {
    compare: {},
    refresh: {},
    askExport: { format: oneOf('png', 'svg') },
    export: { format: oneOf('png', 'svg'), token: name, data: longText },
    openNode: { certname: name },
    findNodesWithResource: { resource: name },
    openManifest: { resource: name },
    laidOut: KEPT_LAYOUT_FIELDS,
    layout: { id: count, direction: oneOf('LR', 'TB'), ...HOST_LAYOUT_FIELDS },
    drawn: {
      nodes: count,
      edges: count,
      layoutMs: duration,
      keptLayout: flag,
      hostLayout: flag,
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
