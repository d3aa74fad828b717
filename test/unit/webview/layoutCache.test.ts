import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LayoutCache } from '../../../src/shared/graphLayout/layoutCache';
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

  test('tells graphs apart by shape, not names: a node of the same role whose titles name it', () => {
    const cache = new LayoutCache();
    const graph = chain(3);
    const renamed = {
      ...graph,
      nodes: graph.nodes.map((node) => ({ ...node, id: `${node.id}@web02` })),
      edges: graph.edges.map(({ source, target }) => ({
        source: `${source}@web02`,
        target: `${target}@web02`,
      })),
    };
    const key = cache.keyOf(graph)!;
    assert.equal(cache.keyOf(renamed), key);
    cache.set(
      key,
      graph.nodes.map((node) => node.id),
      Object.fromEntries(graph.nodes.map((node, index) => [node.id, { x: index * 100, y: 5 }])),
    );
    // the kept corners, by place, under the names asked for
    assert.deepEqual(
      cache.get(
        key,
        renamed.nodes.map((node) => node.id),
      ),
      Object.fromEntries(renamed.nodes.map((node, index) => [node.id, { x: index * 100, y: 5 }])),
    );
    // the same names in another order are another shape (each edge's ends are places)
    const reordered = { ...graph, nodes: [...graph.nodes].reverse() };
    assert.notEqual(cache.keyOf(reordered), key);
    // an edge to no resource is no part of the shape, as the worker is never sent it
    const stray = { ...graph, edges: [...graph.edges, { source: 'File[/f0]', target: 'nowhere' }] };
    assert.equal(cache.keyOf(stray), key);
  });

  test('keeps no layout of a graph laid out the fast way (over 600 resources)', () => {
    const cache = new LayoutCache();
    assert.notEqual(cache.keyOf(chain(600)), undefined);
    assert.equal(cache.keyOf(chain(601)), undefined);
  });

  test('keeps the layouts used last, up to its capacity', () => {
    const cache = new LayoutCache(2);
    cache.set('a', ['a'], { a: { x: 1, y: 1 } });
    cache.set('b', ['b'], { b: { x: 2, y: 2 } });
    // a is used: b is now the oldest, and goes when c comes
    assert.deepEqual(cache.get('a', ['a']), { a: { x: 1, y: 1 } });
    cache.set('c', ['c'], { c: { x: 3, y: 3 } });
    assert.equal(cache.get('b', ['b']), undefined);
    assert.deepEqual(cache.get('a', ['a']), { a: { x: 1, y: 1 } });
    assert.deepEqual(cache.get('c', ['c']), { c: { x: 3, y: 3 } });
  });
});
