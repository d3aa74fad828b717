import type { Catalog, Resource } from '../../client';
import type { CatalogGraphDto, CatalogResourceDto, Relationship } from '../../shared/catalogGraph';

/** A client Catalog as the plain JSON the graph webview draws (and the host remembers). */
export function catalogToDto(catalog: Catalog): CatalogGraphDto {
  return {
    certname: catalog.node,
    version: catalog.version,
    environment: catalog.environment ?? '',
    resources: catalog.getResources().map(resourceToDto),
    edges: catalog.edges.map((edge) => ({
      source: edge.source.toString(),
      target: edge.target.toString(),
      relationship: edge.relationship as Relationship,
    })),
  };
}

function resourceToDto(resource: Resource): CatalogResourceDto {
  return {
    id: resource.toString(),
    type: resource.type,
    title: resource.name,
    tags: [...resource.tags],
    exported: resource.exported,
    file: resource.sourcefile,
    line: resource.sourceline,
    parameters: { ...resource.parameters },
  };
}
