import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  newFailures,
  newLogLines,
  normaliseMessage,
  summaryChanges,
  type RunEvent,
} from '../../../../src/shared/history';
import { assertProperty } from '../../properties/support/property';
import { run } from './runs';

const event = (type: string, title: string, status: string, message = ''): RunEvent => ({
  resource_type: type,
  resource_title: title,
  status,
  message,
});

describe('what differs between the last good and the first bad run', () => {
  test('the summary fields that changed, each with both values, and only those', () => {
    const good = run(1, 'changed');
    const bad = run(0, 'failed', {
      configurationVersion: 'f00dbabe',
      environment: 'staging',
      puppetVersion: '8.10.0',
      cachedCatalogStatus: 'on_failure',
    });
    assert.deepEqual(summaryChanges(good, bad), [
      { field: 'configurationVersion', before: 'a1b2c3d', after: 'f00dbabe' },
      { field: 'environment', before: 'production', after: 'staging' },
      { field: 'puppetVersion', before: '7.23.0', after: '8.10.0' },
      { field: 'cachedCatalogStatus', before: 'not_used', after: 'on_failure' },
    ]);
    assert.deepEqual(summaryChanges(good, run(0, 'failed')), []);
  });

  test('resources that started failing, with their messages; failing in both is not new', () => {
    const good = [event('Package', 'nginx', 'failure', 'old'), event('File', '/etc/a', 'success')];
    const bad = [
      event('Service', 'nginx', 'skipped', 'Dependency Package[ntp] has failures: true'),
      event('Package', 'nginx', 'failure', 'still'),
      event('Package', 'ntp', 'failure', 'ensure failed: returned 100'),
      event('Package', 'ntp', 'failure', 'ensure failed: returned 100'),
      event('File', '/etc/a', 'failure', 'mode failed'),
    ];
    assert.deepEqual(newFailures(good, bad), [
      { resource: 'Package[ntp]', messages: ['ensure failed: returned 100'], skipped: false },
      { resource: 'File[/etc/a]', messages: ['mode failed'], skipped: false },
      {
        resource: 'Service[nginx]',
        messages: ['Dependency Package[ntp] has failures: true'],
        skipped: true,
      },
    ]);
  });

  test('warning and error lines new in the bad run, compared without their volatile parts', () => {
    const good = [
      { level: 'err', message: 'Could not fetch /tmp/a1b2c3d4e5: took 12.5 s at 10:01:02' },
      { level: 'info', message: 'Applying configuration version 1234' },
    ];
    const bad = [
      { level: 'err', message: 'Could not fetch /tmp/ffee99887766: took 3.2 s at 11:00:00' },
      { level: 'notice', message: 'brand new but only a notice' },
      { level: 'warning', message: 'Using cached catalog from environment' },
      { level: 'err', message: 'Execution of apt-get install ntp returned 100' },
      { level: 'err', message: 'Execution of apt-get install ntp returned 101' },
    ];
    assert.deepEqual(newLogLines(good, bad), [bad[2], bad[3]]);
  });

  test('normalising replaces times, ids, hex names and numbers, and nothing else', () => {
    assert.equal(
      normaliseMessage(
        'run 5f3c2e1d-0b1a-4c2d-8e9f-0123456789ab at 2026-11-29T07:27:37.120Z took 0.52 s (pid 4242, commit 9fceb02, 0x1F)',
      ),
      'run <id> at <time> took <n> s (pid <n>, commit <hex>, <hex>)',
    );
    // words made of hex letters are words
    assert.equal(normaliseMessage('deadbeef facade added'), 'deadbeef facade added');
  });

  test('property: normalising is idempotent and blind to the digits of a number', (t) => {
    assertProperty(
      t,
      fc.property(fc.string({ maxLength: 40 }), fc.nat(), fc.nat(), (text, x, y) => {
        const once = normaliseMessage(text);
        assert.equal(normaliseMessage(once), once);
        assert.equal(
          normaliseMessage(`${text} after ${x} tries`),
          normaliseMessage(`${text} after ${y} tries`),
        );
      }),
    );
  });
});
