import { APIError } from '../errors';
import { Edge } from './edge';
import { optionalString, required, type JsonRow } from './json';
import { Resource } from './resource';

/** A node's compiled catalog: resources keyed `Type[title]`, and the edges between them. */
export class Catalog {
  private readonly resourceMap = new Map<string, Resource>();
  readonly edges: Edge[] = [];

  constructor(
    readonly node: string,
    resources: readonly JsonRow[],
    edges: readonly JsonRow[],
    readonly version: string,
    readonly transactionUuid: string | undefined,
    readonly environment?: string,
    readonly codeId?: string,
    readonly catalogUuid?: string,
    readonly producer?: string,
  ) {
    for (const row of resources) {
      const resource = Resource.fromJSON(row, node, environment);
      this.resourceMap.set(resource.toString(), resource);
    }
    for (const row of edges) {
      const source = this.endpoint(String(row.source_type), String(row.source_title));
      const target = this.endpoint(String(row.target_type), String(row.target_title));
      const edge = new Edge(source, target, String(row.relationship), node);
      this.edges.push(edge);
      source.relationships.push(edge);
      target.relationships.push(edge);
    }
  }

  static fromJSON(row: JsonRow): Catalog {
    const field = (key: string) => required(row, key, 'catalog');
    return new Catalog(
      String(field('certname')),
      dataOf(field('resources')),
      dataOf(field('edges')),
      String(field('version')),
      optionalString(row.transaction_uuid),
      optionalString(row.environment),
      optionalString(row.code_id),
      optionalString(row.catalog_uuid),
      optionalString(row.producer),
    );
  }

  getResources(): Resource[] {
    return [...this.resourceMap.values()];
  }

  getResource(type: string, title: string): Resource {
    const resource = this.resourceMap.get(`${type}[${title}]`);
    if (!resource) throw new APIError(`The catalog of ${this.node} has no ${type}[${title}].`);
    return resource;
  }

  getEdges(): IterableIterator<Edge> {
    return this.edges[Symbol.iterator]();
  }

  toString(): string {
    return `${this.node}/${this.transactionUuid ?? 'None'}`;
  }

  repr(): string {
    return `<Catalog: ${this.toString()}>`;
  }

  private endpoint(type: string, title: string): Resource {
    const resource = this.resourceMap.get(`${type}[${title}]`);
    if (!resource) {
      throw new APIError(
        `An edge of the catalog of ${this.node} refers to ${type}[${title}], which it does not hold.`,
      );
    }
    return resource;
  }
}

function dataOf(value: unknown): JsonRow[] {
  if (Array.isArray(value)) return value as JsonRow[];
  const data = (value as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as JsonRow[]) : [];
}
