import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { childIds, rootId } from '../../../../src/extension/tree/treeIds';

describe('tree ids', () => {
  test('a fact named os.family and the path os → family get different ids', () => {
    const facts = rootId('local') + '/Nodes/web01/Facts';
    const [dotted, os] = childIds(facts, ['os.family', 'os']);
    const [family] = childIds(os!, ['family']);
    assert.notEqual(dotted, family);
  });

  test('no key can forge a separator', () => {
    const [slash] = childIds('root', ['a/b']);
    const [a] = childIds('root', ['a']);
    const [b] = childIds(a!, ['b']);
    assert.notEqual(slash, b);
  });

  test('one node under two parents has two ids', () => {
    const [nodes, failures] = childIds('local', ['Nodes', 'Failures']);
    assert.notEqual(childIds(nodes!, ['web01'])[0], childIds(failures!, ['web01'])[0]);
  });

  test('siblings without keys, or with the same key, stay distinct', () => {
    const ids = childIds('p', [undefined, 'x', undefined, 'x', 'x']);
    assert.equal(new Set(ids).size, ids.length);
  });
});
