import { optionalString, required, type JsonRow } from './json';
import type { Resource } from './resource';

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
