import { APIError } from '../errors';

/**
 * The reference accepts only `%Y-%m-%dT%H:%M:%S.%fZ`. PuppetDB 7 also sends `+00:00` offsets
 * (report events) and whole seconds, so those are accepted too; anything else is an error, as
 * the reference's ValueError.
 */
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})$/;

export function jsonToDate(text: string): Date {
  const match = TIMESTAMP.exec(text);
  const date = match ? new Date(text) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    throw new APIError(
      `"${text}" is not a PuppetDB timestamp (expected e.g. 2024-03-01T10:02:03.000Z).`,
    );
  }
  return date;
}

/** A timestamp field that may be null or absent. */
export function optionalDate(value: unknown): Date | undefined {
  return value === null || value === undefined || value === ''
    ? undefined
    : jsonToDate(String(value));
}

/** `deactivated`/`expired`: a Date, or `false` when null (as the reference). */
export function dateOrFalse(value: unknown): Date | false {
  return optionalDate(value) ?? false;
}

/** Python's `"{d}d {h}h {m}m"` of a timedelta, with integer division. */
export function formatElapsed(milliseconds: number): string {
  const totalSeconds = Math.floor(milliseconds / 1000);
  const days = Math.floor(totalSeconds / 86400);
  const seconds = totalSeconds - days * 86400;
  return `${days}d ${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
}
