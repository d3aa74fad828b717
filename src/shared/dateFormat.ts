/**
 * Dates as people read them: in their locale and time zone by default, or in UTC for operators
 * who compare with server logs (`puppetdbExplorer.utcTimes`); ages through Intl.RelativeTimeFormat
 * ("3 minutes ago", "vor 3 Minuten"). Pure, for the host and the webviews alike.
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
  if (!date || Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(style.locale, {
    dateStyle: 'medium',
    timeStyle: 'long',
    ...(style.utc ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** How long ago, in the largest unit that fits: "just now", "3 minutes ago", "2 days ago". */
export function formatAge(date: Date | undefined, now = Date.now(), style: DateStyle = {}): string {
  if (!date || Number.isNaN(date.getTime())) return 'never';
  const seconds = Math.round((date.getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(style.locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}
