import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LayoutCache } from '../../../src/webview/graph/layoutCache';
import { chainGraph } from '../../fixtures/graph/chainGraph';

const chain = (length: number, direction: 'LR' | 'TB' = 'LR') => chainGraph(length, direction);

describe('LayoutCache', () => {
  test('tells graphs apart by direction, sizes and edges', () => {
    const cache = new LayoutCache();
    const key = cache.keyOf(chain(3))!;
    assert.equal(cache.keyOf(chain(3)), key);
    assert.notEqual(cache.keyOf(chain(3, 'TB')), key);
    const wider = chain(3);
    wider.nodes = [{ ...wider.nodes[0]!, width: 91 }, ...wider.nodes.slice(1)];
    assert.notEqual(cache.keyOf(wider), key);
    const reversed = chain(3);
    reversed.edges = reversed.edges.map(({ source, target }) => ({
      source: target,
      target: source,
    }));
    assert.notEqual(cache.keyOf(reversed), key);
  });

  test('keeps no layout of a graph laid out the fast way (over 600 resources)', () => {
    const cache = new LayoutCache();
    assert.notEqual(cache.keyOf(chain(600)), undefined);
    assert.equal(cache.keyOf(chain(601)), undefined);
  });

  test('keeps the layouts used last, up to its capacity', () => {
    const cache = new LayoutCache(2);
    cache.set('a', { a: { x: 1, y: 1 } });
    cache.set('b', { b: { x: 2, y: 2 } });
    // a is used: b is now the oldest, and goes when c comes
    assert.deepEqual(cache.get('a'), { a: { x: 1, y: 1 } });
    cache.set('c', { c: { x: 3, y: 3 } });
    assert.equal(cache.get('b'), undefined);
    assert.deepEqual(cache.get('a'), { a: { x: 1, y: 1 } });
    assert.deepEqual(cache.get('c'), { c: { x: 3, y: 3 } });
  });
});
