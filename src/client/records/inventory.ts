import { jsonToDate } from '../internal/time';
import { required, type JsonRow } from './json';

const RECORD = 'inventory entry';

/** A node's facts and trusted data in one record (an `/inventory` row). */
export class Inventory {
  constructor(
    readonly node: string,
    readonly time: Date,
    readonly environment: string,
    readonly facts: Record<string, unknown>,
    readonly trusted: Record<string, unknown> | null,
  ) {}

  /** The reference's `Inventory.create_from_dict`. */
  static fromJSON(row: JsonRow): Inventory {
    return new Inventory(
      String(required(row, 'certname', RECORD)),
      jsonToDate(required(row, 'timestamp', RECORD)),
      String(required(row, 'environment', RECORD)),
      (required(row, 'facts', RECORD) as Record<string, unknown> | null) ?? {},
      (required(row, 'trusted', RECORD) as Record<string, unknown> | null) ?? null,
    );
  }

  /** Python `str()`: the certname. */
  toString(): string {
    return this.node;
  }

  /** Python `repr()`: `<Inventory: node>`. */
  repr(): string {
    return `<Inventory: ${this.node}>`;
  }
}
