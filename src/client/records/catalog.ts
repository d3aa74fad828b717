import { APIError } from '../errors';
import { optionalString, required, requiredFields, type JsonRow } from './json';
import { Edge, Resource } from './resource';

/** The reference's keyword arguments of `Catalog(...)`. */
export interface CatalogOptions {
  environment?: string;
  codeId?: string;
  catalogUuid?: string;
  producer?: string;
}

const RECORD = 'catalog';

/** A node's compiled catalog: its resources keyed `Type[title]`, and the edges between them. */
export class Catalog {
  /** In the order PuppetDB listed them. */
  readonly resources = new Map<string, Resource>();
  readonly edges: Edge[] = [];
  readonly environment: string | undefined;
  readonly codeId: string | undefined;
  readonly catalogUuid: string | undefined;
  readonly producer: string | undefined;

  /** `edges` and `resources` are the JSON rows, in the reference's argument order. */
  constructor(
    readonly node: string,
    edges: readonly JsonRow[],
    resources: readonly JsonRow[],
    readonly version: string,
    readonly transactionUuid: string | undefined,
    options: CatalogOptions = {},
  ) {
    this.environment = options.environment;
    this.codeId = options.codeId;
    this.catalogUuid = options.catalogUuid;
    this.producer = options.producer;
    const owner = { node, environment: this.environment };
    for (const row of resources) {
      const resource = Resource.fromJSON(row, owner);
      this.resources.set(resource.toString(), resource);
    }
    for (const row of edges) {
      const source = this.endpoint(row, 'source');
      const target = this.endpoint(row, 'target');
      const edge = new Edge(source, target, String(required(row, 'relationship', 'edge')), node);
      this.edges.push(edge);
      source.relationships.push(edge);
      target.relationships.push(edge);
    }
  }

  /**
   * The reference's `Catalog.create_from_dict`, plus `producer` (the reference drops it);
   * unexpanded `resources`/`edges` (`{href}` only) read as empty.
   */
  static fromJSON(row: JsonRow): Catalog {
    const field = requiredFields(row, RECORD);
    return new Catalog(
      field.text('certname'),
      field.embedded('edges'),
      field.embedded('resources'),
      field.text('version'),
      field.optionalText('transaction_uuid'),
      {
        environment: optionalString(row.environment),
        codeId: optionalString(row.code_id),
        catalogUuid: optionalString(row.catalog_uuid),
        producer: optionalString(row.producer),
      },
    );
  }

  getResources(): Resource[] {
    return [...this.resources.values()];
  }

  /** The resource `Type[title]`; APIError when the catalog does not hold it (reference: KeyError). */
  getResource(type: string, title: string): Resource {
    const resource = this.resources.get(`${type}[${title}]`);
    if (!resource) throw new APIError(`The catalog of ${this.node} holds no ${type}[${title}].`);
    return resource;
  }

  getEdges(): IterableIterator<Edge> {
    return this.edges[Symbol.iterator]();
  }

  /** Python `str()`: `node/transaction_uuid`, with Python's `None` when there is none. */
  toString(): string {
    return `${this.node}/${this.transactionUuid ?? 'None'}`;
  }

  /** Python `repr()`: `<Catalog: node/transaction_uuid>`. */
  repr(): string {
    return `<Catalog: ${this.toString()}>`;
  }

  private endpoint(row: JsonRow, end: 'source' | 'target'): Resource {
    const key = `${String(required(row, `${end}_type`, 'edge'))}[${String(required(row, `${end}_title`, 'edge'))}]`;
    const resource = this.resources.get(key);
    if (!resource) {
      throw new APIError(
        `The catalog of ${this.node} has an edge whose ${end} ${key} is not among its resources.`,
      );
    }
    return resource;
  }
}
