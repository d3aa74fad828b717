/**
 * The key under the cursor of a Hiera data file: the top-level key whose block holds the line,
 * in YAML (plain, quoted, with its value on the lines below) and in JSON; and what a typed key
 * may be.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { keyAt, keyProblem } from '../../../../src/extension/hiera/dataFileKeys';

const YAML = [
  '---',
  '# NTP for every node',
  'profile::ntp::servers:',
  '  - 0.pool.ntp.org',
  '  - 1.pool.ntp.org',
  '',
  'profile::base::motd: "Managed by Puppet: %{facts.fqdn}"',
  '"quoted::key": 1',
  "'single''s': 2",
  'lookup_options:',
  '  profile::ntp::servers:',
  '    merge: unique',
].join('\n');

describe('keyAt (YAML)', () => {
  test('a key line answers its key and where it is written', () => {
    assert.deepEqual(keyAt(YAML, 2, 'yaml'), {
      key: 'profile::ntp::servers',
      line: 2,
      start: 0,
      end: 'profile::ntp::servers'.length,
    });
  });

  test('a line of a value, or a blank line in it, answers the key above', () => {
    assert.equal(keyAt(YAML, 4, 'yaml')?.key, 'profile::ntp::servers');
    assert.equal(keyAt(YAML, 5, 'yaml')?.key, 'profile::ntp::servers');
    assert.equal(keyAt(YAML, 11, 'yaml')?.key, 'lookup_options');
  });

  test('a value holding a colon does not cut the key', () => {
    assert.equal(keyAt(YAML, 6, 'yaml')?.key, 'profile::base::motd');
  });

  test('quoted keys are read without their quotes', () => {
    assert.deepEqual(keyAt(YAML, 7, 'yaml'), { key: 'quoted::key', line: 7, start: 1, end: 12 });
    assert.equal(keyAt(YAML, 8, 'yaml')?.key, "single's");
  });

  test('the document start, a comment before any key and lines outside the text answer nothing', () => {
    assert.equal(keyAt(YAML, 0, 'yaml'), undefined);
    assert.equal(keyAt(YAML, 1, 'yaml'), undefined);
    assert.equal(keyAt(YAML, 99, 'yaml'), undefined);
    assert.equal(keyAt('- a list\n- item\n', 1, 'yaml'), undefined);
  });
});

describe('keyAt (JSON)', () => {
  const JSON_TEXT = [
    '{',
    '  "profile::ntp::servers": [',
    '    "0.pool.ntp.org"',
    '  ],',
    '  "nested": { "inner": 1 },',
    '  "with\\"quote": true',
    '}',
  ].join('\n');

  test('the least indented keys are the top level; a value line answers its key', () => {
    assert.deepEqual(keyAt(JSON_TEXT, 1, 'json'), {
      key: 'profile::ntp::servers',
      line: 1,
      start: 3,
      end: 3 + 'profile::ntp::servers'.length,
    });
    assert.equal(keyAt(JSON_TEXT, 2, 'json')?.key, 'profile::ntp::servers');
    assert.equal(keyAt(JSON_TEXT, 4, 'json')?.key, 'nested');
    assert.equal(keyAt(JSON_TEXT, 5, 'json')?.key, 'with"quote');
    assert.equal(keyAt(JSON_TEXT, 0, 'json'), undefined);
  });
});

describe('keyProblem', () => {
  test('a key is one word of at most 500 characters', () => {
    assert.equal(keyProblem('profile::ntp::servers'), undefined);
    assert.equal(keyProblem('profile::users."a.b".0'), undefined);
    assert.equal(keyProblem(''), 'empty');
    assert.equal(keyProblem('  '), 'empty');
    assert.equal(keyProblem('two words'), 'space');
    assert.equal(keyProblem('a\nb'), 'space');
    assert.equal(keyProblem('x'.repeat(501)), 'long');
  });
});
