/**
 * A catalog as the graph webview draws it: plain JSON, built on the host from a client Catalog
 * (src/extension/graph/catalogToDto.ts) and drawn by src/webview/graph.
 */
export interface CatalogGraphDto {
  certname: string;
  /** The catalog's version (Puppet's config_version); two catalogs of a node differ in it. */
  version: string;
  environment: string;
  resources: CatalogResourceDto[];
  edges: CatalogEdgeDto[];
}

export interface CatalogResourceDto {
  /** `Type[title]`, unique within a catalog. */
  id: string;
  type: string;
  title: string;
  tags: string[];
  exported: boolean;
  file: string | undefined;
  line: number | undefined;
  parameters: Record<string, unknown>;
}

/**
 * PuppetDB stores every relationship in one direction: `contains` from the container to what it
 * contains, the others from the resource applied first to the one applied after it.
 */
export type Relationship = 'contains' | 'before' | 'required-by' | 'notifies' | 'subscription-of';

export interface CatalogEdgeDto {
  source: string;
  target: string;
  relationship: Relationship;
}
