import { optionalString, required, type JsonRow } from './json';

/** One fact of one node (a `/facts` row). Built by the hundred thousand, so kept bare. */
export class Fact {
  constructor(
    readonly node: string,
    readonly name: string,
    readonly value: unknown,
    readonly environment?: string,
  ) {}

  /** The reference's `Fact.create_from_dict`. */
  static fromJSON(row: JsonRow): Fact {
    return new Fact(
      String(required(row, 'certname', 'fact')),
      String(required(row, 'name', 'fact')),
      required(row, 'value', 'fact'),
      optionalString(row.environment),
    );
  }

  /** Python `str()`: `name/node`. */
  toString(): string {
    return `${this.name}/${this.node}`;
  }

  /** Python `repr()`: `Fact: name/node`. */
  repr(): string {
    return `Fact: ${this.name}/${this.node}`;
  }
}
