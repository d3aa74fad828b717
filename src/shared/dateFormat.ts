/**
 * Dates as people read them, for the host and the webviews alike (pure): in their locale and time
 * zone by default, or in UTC for operators who compare with server logs
 * (`puppetdbExplorer.utcTimes`). Every date a view shows goes through here with the host's
 * DateStyle (src/webview/common/dateStyle.ts keeps the page's).
 *
 * - `formatTimestamp`, `formatTime`: in prose (a header, a summary), in the locale's words.
 * - `formatTableTimestamp`: in a grid's column, `2026-11-23 19:58:01(.250)`: the same width on
 *   every row, and read (and sorted as text) in time order, which a locale's words are not; in
 *   the time zone of the style, with ` UTC` after it in UTC.
 * - `formatAge`: how long ago ("3 minutes ago", "vor 3 Minuten"); `formatDuration`: how long.
 */
export interface DateStyle {
  /** BCP 47 locale; undefined: the runtime's. */
  locale?: string;
  /** Show times in UTC instead of the local time zone. */
  utc?: boolean;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** A date and time with seconds, e.g. "23 Nov 2026, 19:58:01 UTC" or "11/23/2026, 8:58:01 PM GMT+1". */
export function formatTimestamp(date: Date | undefined, style: DateStyle = {}): string {
  if (!isDate(date)) return '—';
  return dateTimeFormat(style, 'timestamp').format(date);
}

/** A time of day with seconds: "8:58:01 PM" (local), "7:58:01 PM UTC". */
export function formatTime(date: Date | undefined, style: DateStyle = {}): string {
  if (!isDate(date)) return '—';
  return dateTimeFormat(style, 'time').format(date);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * A timestamp in a grid's column: `2026-11-23 19:58:01` (with `.250` when `milliseconds`),
 * ` UTC` after it in UTC. A text that is no date is shown as it is; nothing as nothing.
 */
export function formatTableTimestamp(
  value: string | Date | null | undefined,
  style: DateStyle = {},
  options: { milliseconds?: boolean } = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (!isDate(date)) return String(value);
  const utc = style.utc === true;
  const [year, month, day, hours, minutes, seconds, ms] = utc
    ? [
        date.getUTCFullYear(),
        date.getUTCMonth(),
        date.getUTCDate(),
        date.getUTCHours(),
        date.getUTCMinutes(),
        date.getUTCSeconds(),
        date.getUTCMilliseconds(),
      ]
    : [
        date.getFullYear(),
        date.getMonth(),
        date.getDate(),
        date.getHours(),
        date.getMinutes(),
        date.getSeconds(),
        date.getMilliseconds(),
      ];
  const fraction = options.milliseconds ? `.${pad(ms, 3)}` : '';
  return (
    `${year}-${pad(month + 1)}-${pad(day)} ${pad(hours)}:${pad(minutes)}:${pad(seconds)}` +
    `${fraction}${utc ? ' UTC' : ''}`
  );
}

/** How long ago, in the largest unit that fits: "just now", "3 minutes ago", "2 days ago". */
export function formatAge(date: Date | undefined, now = Date.now(), style: DateStyle = {}): string {
  if (!isDate(date)) return 'never';
  const seconds = Math.round((date.getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(knownLocale(style.locale), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** A duration in milliseconds: `850 ms`, `12.4 s`, `3 min 05 s`. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  const seconds = milliseconds / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${pad(Math.round(seconds - minutes * 60))} s`;
}

function isDate(date: Date | undefined): date is Date {
  return date !== undefined && !Number.isNaN(date.getTime());
}

/** Formats are made once per style (making one costs far more than formatting with it). */
const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(style: DateStyle, kind: 'timestamp' | 'time'): Intl.DateTimeFormat {
  const locale = knownLocale(style.locale);
  const key = `${kind}|${locale ?? ''}|${style.utc === true}`;
  let format = formats.get(key);
  if (!format) {
    const zone = style.utc ? { timeZone: 'UTC' } : {};
    format = new Intl.DateTimeFormat(
      locale,
      kind === 'timestamp'
        ? { dateStyle: 'medium', timeStyle: 'long', ...zone }
        : { timeStyle: style.utc ? 'long' : 'medium', ...zone },
    );
    formats.set(key, format);
  }
  return format;
}

/** The locale if it is a well-formed tag (else the runtime's: a malformed one would throw). */
function knownLocale(locale: string | undefined): string | undefined {
  if (locale === undefined) return undefined;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : undefined;
  } catch {
    return undefined;
  }
}
