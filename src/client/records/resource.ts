import { optionalNumber, optionalString, required, type JsonRow } from './json';

// Edge is here too: a resource lists its edges and an edge names its resources, so the two
// classes refer to each other (in one file, not a circle of imports).

/** A catalog resource (a `/resources` row, or an entry of a catalog). */
export class Resource {
  /** Edges touching this resource; filled in when it belongs to a Catalog. */
  readonly relationships: Edge[] = [];

  constructor(
    readonly node: string,
    readonly name: string,
    readonly type: string,
    readonly tags: string[],
    readonly exported: boolean,
    readonly sourcefile: string | undefined,
    readonly sourceline: number | undefined,
    readonly environment?: string,
    readonly parameters: Record<string, unknown> = {},
  ) {}

  /**
   * The reference's `Resource.create_from_dict`. A catalog passes its own certname and
   * environment (catalog entries carry neither); a `/resources` row names its own.
   */
  static fromJSON(
    row: JsonRow,
    owner?: { node: string; environment: string | undefined },
  ): Resource {
    return new Resource(
      owner ? owner.node : String(required(row, 'certname', 'resource')),
      String(required(row, 'title', 'resource')),
      String(required(row, 'type', 'resource')),
      (required(row, 'tags', 'resource') as string[] | null) ?? [],
      Boolean(required(row, 'exported', 'resource')),
      // A catalog entry may lack file and line; the reference defaults both to None.
      optionalString(row.file),
      optionalNumber(row.line),
      owner ? owner.environment : optionalString(row.environment),
      (row.parameters as Record<string, unknown> | null | undefined) ?? {},
    );
  }

  /** Python `str()`: `Type[title]`, also the key a catalog files it under. */
  toString(): string {
    return `${this.type}[${this.name}]`;
  }

  /** Python `repr()`: `<Resource: Type[title]>`. */
  repr(): string {
    return `<Resource: ${this.type}[${this.name}]>`;
  }
}

/**
 * A relationship between two resources. Built by a Catalog, source and target are its Resource
 * records; from the `/edges` endpoint they are `"Type[title]"` strings, as in the reference.
 */
export class Edge {
  constructor(
    readonly source: Resource | string,
    readonly target: Resource | string,
    readonly relationship: string,
    readonly node?: string,
  ) {}

  /** The reference's `Edge.create_from_dict` (an `/edges` row). */
  static fromJSON(row: JsonRow): Edge {
    const source = `${String(required(row, 'source_type', 'edge'))}[${String(required(row, 'source_title', 'edge'))}]`;
    const target = `${String(required(row, 'target_type', 'edge'))}[${String(required(row, 'target_title', 'edge'))}]`;
    return new Edge(
      source,
      target,
      String(required(row, 'relationship', 'edge')),
      optionalString(row.certname),
    );
  }

  /** Python `str()`: `source - relationship - target`. */
  toString(): string {
    return `${String(this.source)} - ${this.relationship} - ${String(this.target)}`;
  }

  /** Python `repr()`: `<Edge: source - relationship - target>`. */
  repr(): string {
    return `<Edge: ${this.toString()}>`;
  }
}
