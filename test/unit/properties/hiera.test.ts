/**
 * Properties of the Hiera engine: the merges against what Puppet documents for them, and the
 * fleet's readers of each data file, grouped, against the node-by-node answer.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { mergeValues, nodesReading, type MergeBehaviour } from '../../../src/shared/hiera';
import { config, naive, present, scope, sorted } from '../shared/hiera/smallFleet';
import { assertProperty } from './support/property';

function merged(values: unknown[], merge: MergeBehaviour): unknown {
  const result = mergeValues(values, merge);
  assert.ok('value' in result, JSON.stringify(result));
  return result.value;
}

describe('merge properties', () => {
  const key = fc.string({ minLength: 1, maxLength: 6 }).filter((k) => k !== '__proto__');
  const scalar = fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean());
  const data = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      scalar,
      fc.array(scalar, { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 4, noNullPrototype: true }),
    ),
  })).value;

  // Arrays without duplicates: deep_merge joins arrays with Ruby's `|`, which drops them.
  const noDuplicates = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      scalar,
      fc.uniqueArray(scalar, { maxLength: 4, selector: (v) => JSON.stringify(v) }),
      fc.dictionary(key, tie('value'), { maxKeys: 4, noNullPrototype: true }),
    ),
  })).value;

  test('deep merge of hashes with disjoint keys is their union', (t) => {
    assertProperty(
      t,
      fc.property(
        fc.uniqueArray(key, { minLength: 0, maxLength: 8 }),
        fc.array(noDuplicates, { minLength: 8, maxLength: 8 }),
        fc.integer({ min: 0, max: 8 }),
        (keys, values, split) => {
          const higher = Object.fromEntries(keys.slice(0, split).map((k, i) => [k, values[i]]));
          const lower = Object.fromEntries(keys.slice(split).map((k, i) => [k, values[split + i]]));
          const result = merged([higher, lower], 'deep');
          assert.deepEqual(result, { ...lower, ...higher });
        },
      ),
    );
  });

  test('hash merge: every key of either, the higher value wherever both have it', (t) => {
    assertProperty(
      t,
      fc.property(
        fc.dictionary(key, data, { noNullPrototype: true }),
        fc.dictionary(key, data, { noNullPrototype: true }),
        (higher, lower) => {
          const result = merged([higher, lower], 'hash') as Record<string, unknown>;
          assert.deepEqual(
            new Set(Object.keys(result)),
            new Set([...Object.keys(lower), ...Object.keys(higher)]),
          );
          for (const [k, v] of Object.entries(higher)) assert.deepEqual(result[k], v);
        },
      ),
    );
  });

  test("unique merge: no duplicates, every scalar kept, the first value's elements first", (t) => {
    const flatValues = fc.array(fc.oneof(scalar, fc.array(scalar, { maxLength: 4 })), {
      minLength: 1,
      maxLength: 5,
    });
    assertProperty(
      t,
      fc.property(flatValues, (values) => {
        const result = merged(values, 'unique') as unknown[];
        const all = values.flat();
        assert.equal(new Set(result.map((v) => JSON.stringify(v))).size, result.length);
        assert.deepEqual(
          new Set(result.map((v) => JSON.stringify(v))),
          new Set(all.map((v) => JSON.stringify(v))),
        );
        const first = [values[0]].flat();
        assert.deepEqual(result.slice(0, new Set(first.map((v) => JSON.stringify(v))).size), [
          ...new Map(first.map((v) => [JSON.stringify(v), v])).values(),
        ]);
      }),
    );
  });

  test('deep merge of a value with itself changes nothing but duplicates in arrays', (t) => {
    assertProperty(
      t,
      fc.property(noDuplicates, (value) => {
        assert.deepEqual(merged([value, value], 'deep'), value);
      }),
    );
  });
});

describe('fleet reach properties', () => {
  test('grouped by the values a level uses, the answer is the node-by-node answer', (t) => {
    const node = fc.record({
      index: fc.integer({ min: 0, max: 5 }),
      role: fc.constantFrom('web', 'db', 'app'),
      dc: fc.constantFrom('fra1', 'ams2', 'zrh1'),
      environment: fc.constantFrom('production', 'staging'),
      domains: fc.option(fc.array(fc.constantFrom('shop', 'api', 'x'), { maxLength: 3 }), {
        nil: undefined,
      }),
      group: fc.option(fc.constantFrom('', 'x'), { nil: undefined }),
      count: fc.option(fc.constantFrom<unknown>(3, '3', true, null, ['3']), { nil: undefined }),
    });
    assertProperty(
      t,
      fc.property(fc.array(node, { maxLength: 5 }), (nodes) => {
        const scopes = nodes.map((n, i) => {
          const extra: Record<string, unknown> = {};
          if (n.domains !== undefined) extra.domains = n.domains;
          if (n.group !== undefined) extra.group = n.group;
          if (n.count !== undefined) extra.count = n.count;
          return scope(n.index * 100 + i, n.role, n.dc, n.environment, extra);
        });
        assert.deepEqual(sorted(nodesReading(config, scopes, present)), sorted(naive(scopes)));
      }),
    );
  });
});
