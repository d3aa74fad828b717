import { optionalString, type JsonRow } from './json';

/** One fact of one node (`/facts` row). */
export class Fact {
  constructor(
    readonly node: string,
    readonly name: string,
    readonly value: unknown,
    readonly environment?: string,
  ) {}

  static fromJSON(row: JsonRow): Fact {
    return new Fact(
      String(row.certname),
      String(row.name),
      row.value,
      optionalString(row.environment),
    );
  }

  toString(): string {
    return `${this.name}/${this.node}`;
  }

  repr(): string {
    return `Fact: ${this.name}/${this.node}`;
  }
}
