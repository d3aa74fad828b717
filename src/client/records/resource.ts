import type { Edge } from './edge';
import { optionalString, type JsonRow } from './json';

/** A catalog resource (`/resources` row, or an entry of a catalog). */
export class Resource {
  /** Edges touching this resource; filled when it belongs to a Catalog. */
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

  static fromJSON(
    row: JsonRow,
    node = String(row.certname),
    environment = optionalString(row.environment),
  ): Resource {
    return new Resource(
      node,
      String(row.title),
      String(row.type),
      (row.tags as string[] | undefined) ?? [],
      Boolean(row.exported),
      optionalString(row.file),
      row.line === null || row.line === undefined ? undefined : Number(row.line),
      environment,
      (row.parameters as Record<string, unknown> | null | undefined) ?? {},
    );
  }

  /** `Type[title]`, the key a catalog files it under. */
  toString(): string {
    return `${this.type}[${this.name}]`;
  }

  repr(): string {
    return `<Resource: ${this.toString()}>`;
  }
}
