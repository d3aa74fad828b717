import { APIError } from '../errors';

/**
 * The reference's `json_to_datetime` accepts only `%Y-%m-%dT%H:%M:%S.%fZ`. PuppetDB 7 also sends
 * `+00:00` offsets (events embedded in a report) and whole seconds, so those are accepted too
 * (any offset, with or without its colon); everything else is rejected, as the reference
 * rejects it with ValueError.
 */
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:Z|([+-])(\d{2}):?(\d{2}))$/;

const MINUTE_MS = 60_000;

/** A PuppetDB timestamp as a Date (the UTC instant; digits past milliseconds are truncated). */
export function jsonToDate(value: unknown): Date {
  const match = typeof value === 'string' ? TIMESTAMP.exec(value) : null;
  if (!match) throw notATimestamp(value);
  const [, year, month, day, hour, minute, second, fraction, sign, offsetHours, offsetMinutes] =
    match;
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour);
  const mi = Number(minute);
  const s = Number(second);
  const millis = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
  // Python's datetime rejects what Date.UTC would roll over (Feb 30, 24:00, second 60, year 0).
  const valid =
    y >= 1 &&
    mo >= 1 &&
    mo <= 12 &&
    d >= 1 &&
    d <= daysInMonth(y, mo) &&
    h < 24 &&
    mi < 60 &&
    s < 60 &&
    (sign === undefined || (Number(offsetHours) < 24 && Number(offsetMinutes) < 60));
  if (!valid) throw notATimestamp(value);
  let time = Date.UTC(y, mo - 1, d, h, mi, s, millis);
  // Date.UTC reads the years 0–99 as 1900–1999.
  if (y < 100) time = new Date(time).setUTCFullYear(y);
  if (sign !== undefined) {
    const offset = (Number(offsetHours) * 60 + Number(offsetMinutes)) * MINUTE_MS;
    time += sign === '+' ? -offset : offset;
  }
  return new Date(time);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

function notATimestamp(value: unknown): APIError {
  const shown = typeof value === 'string' ? `"${value}"` : String(value);
  return new APIError(
    `PuppetDB sent ${shown} where a timestamp such as 2013-08-01T09:57:00.000Z was expected.`,
  );
}

/** A timestamp field that may be null or absent (the reference's `None`). */
export function optionalDate(value: unknown): Date | undefined {
  return value === null || value === undefined ? undefined : jsonToDate(value);
}

/** `deactivated` / `expired`: a Date, or `false` when null, as in the reference. */
export function dateOrFalse(value: unknown): Date | false {
  return value === null || value === undefined ? false : jsonToDate(value);
}

/**
 * `"{d}d {h}h {m}m"` of a duration, as the reference prints a timedelta: whole days, then the
 * hours and minutes of the remaining seconds, each by integer division. Flooring matches
 * timedelta for negative spans too (days negative, seconds positive).
 */
export function formatDuration(milliseconds: number): string {
  const totalSeconds = Math.floor(milliseconds / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  const seconds = totalSeconds - days * 86_400;
  return `${days}d ${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
}
