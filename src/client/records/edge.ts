import type { Resource } from './resource';
import { optionalString, type JsonRow } from './json';

/**
 * A relationship between two resources. Built from a catalog, source and target are Resource
 * records; from the `/edges` endpoint, they are `"Type[title]"` strings, as in the reference.
 */
export class Edge {
  constructor(
    readonly source: Resource | string,
    readonly target: Resource | string,
    readonly relationship: string,
    readonly node?: string,
  ) {}

  static fromJSON(row: JsonRow): Edge {
    return new Edge(
      `${String(row.source_type)}[${String(row.source_title)}]`,
      `${String(row.target_type)}[${String(row.target_title)}]`,
      String(row.relationship),
      optionalString(row.certname),
    );
  }

  toString(): string {
    return `${String(this.source)} - ${this.relationship} - ${String(this.target)}`;
  }

  repr(): string {
    return `<Edge: ${this.toString()}>`;
  }
}
