import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatAge, formatTimestamp } from '../../../src/shared/dateFormat';

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
});
