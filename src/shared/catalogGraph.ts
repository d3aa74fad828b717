/**
 * A catalog as the graph webview draws it: plain JSON, built on the host from a client Catalog.
 * (Owned by the catalog graph work; see src/webview/graph.)
 */
export interface CatalogGraphDto {
  certname: string;
  version: string;
  environment: string;
  producerTimestamp: string | undefined;
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

export type Relationship = 'contains' | 'before' | 'required-by' | 'notifies' | 'subscription-of';

export interface CatalogEdgeDto {
  source: string;
  target: string;
  relationship: Relationship;
}
