import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { holdsEncrypted, parseDataFile, parseHieraConfig } from '../../../../src/shared/hiera';

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

  test('an alias bomb, a !!set, a Ruby object: a problem, never a throw or a value of another kind', () => {
    const nine = (alias: string) => `[${Array(9).fill(alias).join(',')}]`;
    const bomb = `a: &a ${nine('"x"')}\nb: &b ${nine('*a')}\nc: &c ${nine('*b')}\nd: &d ${nine('*c')}\ne: ${nine('*d')}\n`;
    const exploded = parseDataFile(bomb, yaml);
    assert.equal(exploded.data, undefined);
    assert.match(exploded.problems[0]!, /not read: Excessive alias count/);
    assert.match(parseHieraConfig(`version: 5\n${bomb}`, 'hiera.yaml').problems[0]!, /not read/);

    const set = parseDataFile('a: !!set { x, y }\nb: 1\n', yaml);
    assert.deepEqual(set.data, { a: null, b: 1 });
    assert.match(set.problems[0]!, /a Set value .*Puppet refuses it/);
    const ruby = parseDataFile('a: !ruby/object:Foo { x: 1 }\n', yaml);
    assert.match(ruby.problems[0]!, /Unresolved tag: !ruby\/object:Foo/);
    assert.deepEqual(parseDataFile('a: !!binary aGVsbG8=\n', yaml).data, { a: 'hello' });
    assert.deepEqual(parseDataFile('!!binary aGVsbG8=\n', yaml).data, {});
  });

  test('a key named __proto__ is data of its own, in YAML and JSON', () => {
    for (const [text, backend] of [
      ['__proto__: { polluted: 1 }\n', yaml],
      ['{"__proto__": {"polluted": 1}}', { kind: 'json' } as const],
    ] as const) {
      const { data } = parseDataFile(text, backend);
      assert.ok(Object.hasOwn(data as object, '__proto__'));
      assert.equal(Object.getPrototypeOf(data), Object.prototype);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    }
  });

  test('a custom backend is named, not read', () => {
    const custom = parseDataFile('a: 1', { kind: 'custom', name: 'hiera_vault' });
    assert.equal(custom.data, undefined);
    assert.match(custom.problems[0]!, /custom backend 'hiera_vault' is not emulated/);
  });
});
