import type { Catalog, Resource } from '../../client';
import type { CatalogGraphDto, CatalogResourceDto, Relationship } from '../../shared/catalogGraph';

/** A client Catalog as the plain JSON the graph webview draws. */
export function catalogToDto(catalog: Catalog, producerTimestamp?: string): CatalogGraphDto {
  const resources: CatalogResourceDto[] = catalog.getResources().map(resourceToDto);
  return {
    certname: catalog.node,
    version: catalog.version,
    environment: catalog.environment ?? '',
    producerTimestamp,
    resources,
    edges: catalog.edges.map((edge) => ({
      source: String(edge.source),
      target: String(edge.target),
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
