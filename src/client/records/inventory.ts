import { jsonToDate } from '../internal/time';
import type { JsonRow } from './json';

/** A node's facts and trusted data in one record (`/inventory` row). */
export class Inventory {
  constructor(
    readonly node: string,
    readonly time: Date,
    readonly environment: string,
    readonly facts: Record<string, unknown>,
    readonly trusted: Record<string, unknown> | null,
  ) {}

  static fromJSON(row: JsonRow): Inventory {
    return new Inventory(
      String(row.certname),
      jsonToDate(String(row.timestamp)),
      String(row.environment),
      (row.facts as Record<string, unknown>) ?? {},
      (row.trusted as Record<string, unknown> | null) ?? null,
    );
  }

  toString(): string {
    return this.node;
  }

  repr(): string {
    return `<Inventory: ${this.node}>`;
  }
}
