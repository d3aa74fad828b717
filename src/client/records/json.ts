import { APIError } from '../errors';

export type JsonRow = Record<string, unknown>;

/** A key the reference reads with `row[key]`: missing is an error naming the record and key. */
export function required(row: JsonRow, key: string, record: string): unknown {
  if (!(key in row)) throw new APIError(`PuppetDB sent a ${record} without "${key}".`);
  return row[key];
}

export function optionalString(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value);
}
