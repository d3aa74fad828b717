import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  formatAge,
  formatDuration,
  formatTableTimestamp,
  formatTime,
  formatTimestamp,
} from '../../../src/shared/dateFormat';

const NOW = Date.UTC(2026, 10, 23, 19, 58, 1);

describe('dates', () => {
  test('a timestamp in UTC, or in the time zone of the user', () => {
    const date = new Date(NOW);
    assert.equal(
      formatTimestamp(date, { locale: 'en-GB', utc: true }),
      '23 Nov 2026, 19:58:01 UTC',
    );
    assert.match(
      formatTimestamp(date, { locale: 'de-DE', utc: true }),
      /^23\.11\.2026, 19:58:01 UTC$/,
    );
    assert.equal(formatTimestamp(undefined), '—');
  });

  test('ages in the largest unit that fits, in the locale', () => {
    const ago = (seconds: number, locale = 'en') =>
      formatAge(new Date(NOW - seconds * 1000), NOW, { locale });
    assert.equal(ago(10), 'now');
    assert.equal(ago(180), '3 minutes ago');
    assert.equal(ago(2 * 3600), '2 hours ago');
    assert.equal(ago(26 * 3600), 'yesterday');
    assert.equal(ago(3 * 24 * 3600), '3 days ago');
    assert.equal(ago(180, 'de'), 'vor 3 Minuten');
    assert.equal(formatAge(undefined), 'never');
  });

  test("a table timestamp reads in time order, in the style's time zone, the locale aside", () => {
    const iso = '2026-11-23T19:58:01.250Z';
    assert.equal(formatTableTimestamp(iso, { utc: true }), '2026-11-23 19:58:01 UTC');
    assert.equal(
      formatTableTimestamp(iso, { utc: true, locale: 'de-DE' }, { milliseconds: true }),
      '2026-11-23 19:58:01.250 UTC',
    );
    const local = new Date(iso);
    const pad = (value: number) => String(value).padStart(2, '0');
    assert.equal(
      formatTableTimestamp(iso, {}),
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}:01`,
    );
    assert.equal(formatTableTimestamp('not a date', { utc: true }), 'not a date');
    assert.equal(formatTableTimestamp(null), '');
  });

  test("a time of day; a malformed locale falls back to the runtime's", () => {
    const date = new Date(NOW);
    assert.equal(formatTime(date, { locale: 'en-GB', utc: true }), '19:58:01 UTC');
    assert.equal(formatTime(date, { locale: 'de-DE', utc: true }), '19:58:01 UTC');
    assert.equal(formatTime(undefined), '—');
    assert.doesNotThrow(() => formatTimestamp(date, { locale: 'not_a locale!', utc: true }));
    assert.equal(
      formatTimestamp(date, { locale: 'not_a locale!', utc: true }),
      formatTimestamp(date, { utc: true }),
    );
  });

  test('durations from milliseconds to minutes', () => {
    assert.equal(formatDuration(850), '850 ms');
    assert.equal(formatDuration(12_400), '12.4 s');
    assert.equal(formatDuration(185_000), '3 min 05 s');
  });
});
