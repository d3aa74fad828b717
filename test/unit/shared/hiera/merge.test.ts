import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mergeValues, readMergeBehaviour, type MergeBehaviour } from '../../../../src/shared/hiera';

/** Values highest priority first, as Hiera finds them (web01.example.com.yaml, then common.yaml). */
function merged(values: unknown[], merge: MergeBehaviour): unknown {
  const result = mergeValues(values, merge);
  assert.ok('value' in result, JSON.stringify(result));
  return result.value;
}

describe("Hiera's merge behaviours (Puppet's docs, lookup merge behaviors)", () => {
  test('first: the first value found, the rest ignored', () => {
    assert.deepEqual(merged(['one', ['two', 'three']], 'first'), 'one');
  });

  test('unique: arrays and scalars flattened, duplicates removed, highest priority first', () => {
    // the docs: web01 `mykey: one`, common `mykey: [two, three]` → [one, two, three]
    assert.deepEqual(merged(['one', ['two', 'three']], 'unique'), ['one', 'two', 'three']);
    assert.deepEqual(merged([['a', ['b', 'c']], ['c', 'a', 'd'], 'b'], 'unique'), [
      'a',
      'b',
      'c',
      'd',
    ]);
    assert.deepEqual(merged(['only'], 'unique'), ['only']);
  });

  test('unique fails when a value is a hash', () => {
    const result = mergeValues([['a'], { b: 1 }], 'unique');
    assert.ok('problem' in result);
    assert.match(result.problem, /not a hash/);
  });

  test('hash: top keys merged, the higher value wins a key, no recursion; the lower keys come first', () => {
    // the docs: "Hiera starts with the lowest priority data source. For each higher priority source,
    // it appends new keys at the end of the hash and updates existing keys in place."
    const value = merged(
      [
        { z: 'local value', nested: { a: 1 } },
        { a: 'common value', b: 'other common value', z: 'default local value', nested: { b: 2 } },
      ],
      'hash',
    );
    assert.deepEqual(value, {
      a: 'common value',
      b: 'other common value',
      z: 'local value',
      nested: { a: 1 },
    });
    assert.deepEqual(Object.keys(value as object), ['a', 'b', 'z', 'nested']);
  });

  test('hash fails when a value is not a hash', () => {
    const result = mergeValues([{ a: 1 }, ['b']], 'hash');
    assert.ok('problem' in result);
    assert.match(result.problem, /hashes only/);
  });

  test('deep: hashes merged recursively, arrays joined lowest priority first, scalars from the highest', () => {
    const value = merged(
      [
        { z: 'local value', nested: { a: 1, list: ['web01'] } },
        { a: 'common value', z: 'default', nested: { b: 2, list: ['common', 'web01'] } },
      ],
      'deep',
    );
    assert.deepEqual(value, {
      a: 'common value',
      z: 'local value',
      nested: { b: 2, list: ['common', 'web01'], a: 1 },
    });
  });

  test('deep: a nil (~) in a higher level does not replace a lower value', () => {
    assert.deepEqual(merged([{ a: null, b: 1 }, { a: 'kept' }], 'deep'), { a: 'kept', b: 1 });
  });

  test('deep with knockout_prefix: "--x" removes x from a lower array, a bare "--" empties it', () => {
    const merge: MergeBehaviour = { strategy: 'deep', knockout_prefix: '--' };
    assert.deepEqual(merged([{ users: ['--bob', 'carol'] }, { users: ['alice', 'bob'] }], merge), {
      users: ['alice', 'carol'],
    });
    assert.deepEqual(merged([{ users: ['--', 'carol'] }, { users: ['alice', 'bob'] }], merge), {
      users: ['carol'],
    });
    // deep_merge: "if the knockout_prefix is passed alone as a string … Results: {:x => ""}"
    assert.deepEqual(merged([{ x: '--' }, { x: [1, 2, 3] }], merge), { x: '' });
  });

  test('deep with merge_hash_arrays: arrays of hashes merged by position', () => {
    assert.deepEqual(
      merged([{ x: [{ y: 1 }] }, { x: [{ z: 2 }, { w: 3 }] }], {
        strategy: 'deep',
        merge_hash_arrays: true,
      }),
      { x: [{ z: 2, y: 1 }, { w: 3 }] },
    );
  });

  test('deep with sort_merged_arrays: merged arrays sorted', () => {
    assert.deepEqual(
      merged([{ x: ['b', 'd'] }, { x: ['c', 'a'] }], {
        strategy: 'deep',
        sort_merged_arrays: true,
      }),
      { x: ['a', 'b', 'c', 'd'] },
    );
  });

  test('deep: an array only the higher level has still loses its duplicates (Ruby `|`)', () => {
    assert.deepEqual(merged([{ x: ['a', 'a', 'b'] }, {}], 'deep'), { x: ['a', 'b'] });
  });

  test('a key named __proto__ is merged as data, not as a prototype', () => {
    const value = merged([JSON.parse('{"__proto__": {"x": 1}}'), { a: 1 }], 'deep') as object;
    assert.ok(Object.hasOwn(value, '__proto__'));
    assert.equal(Object.getPrototypeOf(value), Object.prototype);
  });
});

describe('merge behaviours as written', () => {
  test('names and the hash form, as Puppet checks them', () => {
    assert.deepEqual(readMergeBehaviour('unique'), { merge: 'unique' });
    assert.deepEqual(readMergeBehaviour('default'), { merge: 'first' });
    assert.deepEqual(readMergeBehaviour({ strategy: 'hash' }), { merge: 'hash' });
    assert.deepEqual(readMergeBehaviour({ strategy: 'deep', knockout_prefix: '--' }), {
      merge: { strategy: 'deep', knockout_prefix: '--' },
    });
    const problems = [
      ['deeper', /Unknown merge strategy 'deeper'/],
      [{ knockout_prefix: '--' }, /must name its strategy/],
      [{ strategy: 'unique', knockout_prefix: '--' }, /unique merge takes no options/],
      [{ strategy: 'deep', knock_out: '--' }, /no option 'knock_out'/],
      [{ strategy: 'deep', knockout_prefix: '' }, /non-empty text/],
      [{ strategy: 'deep', merge_hash_arrays: 'yes' }, /true or false/],
      [42, /name of a strategy/],
    ] as const;
    for (const [value, pattern] of problems) {
      const result = readMergeBehaviour(value);
      assert.ok('problem' in result, JSON.stringify(value));
      assert.match(result.problem, pattern);
    }
  });
});
