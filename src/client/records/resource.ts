import type { Edge } from './edge';
import { optionalNumber, optionalString, required, type JsonRow } from './json';

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
