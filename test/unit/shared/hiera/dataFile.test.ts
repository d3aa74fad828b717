import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { holdsEncrypted, parseDataFile } from '../../../../src/shared/hiera';

const yaml = { kind: 'yaml' } as const;

describe('a data file read as its backend reads it', () => {
  test("YAML as Puppet's Psych reads it: yes/on/off booleans, y and n text, dates text", () => {
    const { data, problems } = parseDataFile(
      'a: yes\nb: Off\nc: y\nd: n\ne: 0755\nf: 2026-01-01\ng: ~\n"profile::x": 1\n',
      yaml,
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(data, {
      a: true,
      b: false,
      c: 'y',
      d: 'n',
      e: 493,
      f: '2026-01-01',
      g: null,
      'profile::x': 1,
    });
  });

  test('a key written twice: the later one wins, as in Psych', () => {
    assert.deepEqual(parseDataFile('a: 1\na: 2\n', yaml).data, { a: 2 });
  });

  test('anchors and aliases', () => {
    assert.deepEqual(parseDataFile('base: &b { x: 1 }\nother: *b\n', yaml).data, {
      base: { x: 1 },
      other: { x: 1 },
    });
  });

  test('an empty file is no data; a file whose top is not a hash is ignored, with a problem', () => {
    assert.deepEqual(parseDataFile('', yaml), { data: {}, problems: [] });
    assert.deepEqual(parseDataFile('---\n', yaml), { data: {}, problems: [] });
    const list = parseDataFile('- a\n- b\n', yaml);
    assert.deepEqual(list.data, {});
    assert.match(list.problems[0]!, /does not hold a hash/);
  });

  test('bad YAML or JSON: a problem and no data (Puppet stops the lookup)', () => {
    const bad = parseDataFile('a: [1, 2\n', yaml);
    assert.equal(bad.data, undefined);
    assert.match(bad.problems[0]!, /^not valid YAML/);
    const json = parseDataFile('{"a": 1,}', { kind: 'json' });
    assert.equal(json.data, undefined);
    assert.match(json.problems[0]!, /^not valid JSON/);
  });

  test('JSON with JSON.parse; eyaml as YAML with its ENC[…] blocks kept', () => {
    assert.deepEqual(parseDataFile('{"a": {"b": [1]}}', { kind: 'json' }).data, { a: { b: [1] } });
    const eyaml = parseDataFile(
      'password: >\n  ENC[PKCS7,MIIBiQYJKoZIhvcNAQcD\n  oIIBejCCAXYCAQAx]\n',
      { kind: 'eyaml' },
    );
    assert.deepEqual(eyaml.data, {
      password: 'ENC[PKCS7,MIIBiQYJKoZIhvcNAQcD oIIBejCCAXYCAQAx]\n',
    });
    assert.equal(holdsEncrypted(eyaml.data), true);
    assert.equal(holdsEncrypted({ a: ['plain', { b: 'ENC[GPG,hQEMA]' }] }), true);
    assert.equal(holdsEncrypted({ a: 'ENC[something else]' }), false);
  });

  test('a custom backend is named, not read', () => {
    const custom = parseDataFile('a: 1', { kind: 'custom', name: 'hiera_vault' });
    assert.equal(custom.data, undefined);
    assert.match(custom.problems[0]!, /custom backend 'hiera_vault' is not emulated/);
  });
});
