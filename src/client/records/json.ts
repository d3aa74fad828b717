import { APIError } from '../errors';
import { jsonToDate } from '../internal/time';

/** One decoded JSON object of a PuppetDB response. */
export type JsonRow = Record<string, unknown>;

/** A key the reference reads with `row[key]`: missing is an APIError naming the record and key. */
export function required(row: JsonRow, key: string, record: string): unknown {
  if (!(key in row)) throw new APIError(`PuppetDB sent a ${record} without "${key}".`);
  return row[key];
}

/** null and absent are the reference's `None`. */
export function optionalString(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value);
}

export function optionalNumber(value: unknown): number | undefined {
  return value === null || value === undefined ? undefined : Number(value);
}

/**
 * The `data` of an embedded list (`{"data": [...], "href": ...}`). PuppetDB leaves it out when
 * the list is not expanded (only `href`); that is an empty list here, where the reference's
 * `row[key]["data"]` raises KeyError. A bare array is taken as it is.
 */
export function embeddedData(value: unknown): JsonRow[] {
  if (Array.isArray(value)) return value as JsonRow[];
  const data = (value as { data?: unknown } | null | undefined)?.data;
  return Array.isArray(data) ? (data as JsonRow[]) : [];
}

/**
 * A row's required keys as a record's `fromJSON` reads them (the reference's `create_from_dict`):
 * each converted the reference's way (`str()`, `int()`, a date, None kept), and a missing key an
 * APIError naming the record and the key.
 */
export function requiredFields(row: JsonRow, record: string) {
  const value = (key: string): unknown => required(row, key, record);
  return {
    value,
    text: (key: string) => String(value(key)),
    optionalText: (key: string) => optionalString(value(key)),
    number: (key: string) => Number(value(key)),
    optionalNumber: (key: string) => optionalNumber(value(key)),
    date: (key: string) => jsonToDate(value(key)),
    embedded: (key: string) => embeddedData(value(key)),
  };
}
