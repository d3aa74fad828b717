/**
 * The page's one date style: the host's (`puppetdbExplorer.utcTimes` and the display language),
 * which it sends before every snapshot and again when either changes (vscodeApi.ts hands it
 * here). Every date a page shows is formatted through these functions, and whatever shows dates
 * listens for a new style and shows them again (the grids do so on their own).
 */
import {
  formatTableTimestamp,
  formatTime,
  formatTimestamp,
  type DateStyle,
} from '../../shared/dateFormat';

let current: DateStyle = {};
const listeners = new Set<() => void>();

export function dateStyle(): DateStyle {
  return current;
}

/** A new style from the host (checked: a page takes no chances with what a message holds). */
export function setDateStyle(style: unknown): void {
  const value = (typeof style === 'object' && style !== null ? style : {}) as Record<
    string,
    unknown
  >;
  const next: DateStyle = {
    ...(typeof value.locale === 'string' && { locale: value.locale }),
    ...(value.utc === true && { utc: true }),
  };
  if (next.locale === current.locale && next.utc === current.utc) return;
  current = next;
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the style changes (to show the dates again); answers how to stop. */
export function onDateStyleChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const asDate = (value: string | Date | undefined | null) =>
  value === undefined || value === null ? undefined : new Date(value);

/** A date and time in prose ("23 Nov 2026, 19:58:01 UTC"). */
export function dateText(value: string | Date | undefined | null): string {
  return formatTimestamp(asDate(value), current);
}

/** A time of day ("8:58:01 PM"). */
export function timeText(value: string | Date | undefined | null): string {
  return formatTime(asDate(value), current);
}

/** A timestamp in a grid's column (`2026-11-23 19:58:01.250`, see formatTableTimestamp). */
export function tableDateText(
  value: string | Date | undefined | null,
  options: { milliseconds?: boolean } = {},
): string {
  return formatTableTimestamp(value, current, options);
}
