import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  layeredLayout,
  type LayoutEdge,
  type LayoutNode,
  type Positions,
} from '../../../src/shared/catalogGraphLayout';

const node = (id: string, width = 100, height = 20): LayoutNode => ({ id, width, height });
const edge = (source: string, target: string): LayoutEdge => ({ source, target });

function overlaps(nodes: LayoutNode[], positions: Positions): string[] {
  const found: string[] = [];
  for (const [i, a] of nodes.entries()) {
    for (const b of nodes.slice(i + 1)) {
      const p = positions[a.id]!;
      const q = positions[b.id]!;
      const apart =
        p.x + a.width <= q.x ||
        q.x + b.width <= p.x ||
        p.y + a.height <= q.y ||
        q.y + b.height <= p.y;
      if (!apart) found.push(`${a.id} / ${b.id}`);
    }
  }
  return found;
}

describe('fast layered layout (for graphs too big for ELK)', () => {
  // a → b → d, a → c → d, e alone
  const nodes = ['a', 'b', 'c', 'd', 'e'].map((id) => node(id));
  const edges = [edge('a', 'b'), edge('a', 'c'), edge('b', 'd'), edge('c', 'd')];

  test('left to right: every edge points right, one layer per step, nothing overlaps', () => {
    const positions = layeredLayout(nodes, edges, { direction: 'LR' });
    assert.deepEqual(Object.keys(positions).sort(), ['a', 'b', 'c', 'd', 'e']);
    for (const { source, target } of edges) {
      assert.ok(positions[source]!.x < positions[target]!.x, `${source} → ${target}`);
    }
    assert.equal(positions.b!.x, positions.c!.x);
    assert.deepEqual(overlaps(nodes, positions), []);
  });

  test('top-down: every edge points down', () => {
    const positions = layeredLayout(nodes, edges, { direction: 'TB' });
    for (const { source, target } of edges) {
      assert.ok(positions[source]!.y < positions[target]!.y, `${source} → ${target}`);
    }
    assert.deepEqual(overlaps(nodes, positions), []);
  });

  test('cycles, self loops and edges to unknown nodes neither hang nor lose nodes', () => {
    const cyclic = ['x', 'y', 'z'].map((id) => node(id));
    const positions = layeredLayout(
      cyclic,
      [edge('x', 'y'), edge('y', 'z'), edge('z', 'x'), edge('x', 'x'), edge('x', 'ghost')],
      { direction: 'LR' },
    );
    assert.deepEqual(Object.keys(positions).sort(), ['x', 'y', 'z']);
    assert.deepEqual(overlaps(cyclic, positions), []);
  });

  test('orders each layer by its neighbours, so parallel chains do not cross', () => {
    // two chains p1 → p2 → p3 and q1 → q2 → q3, listed so that the second layer starts crossed
    const chains = ['p1', 'q1', 'q2', 'p2', 'p3', 'q3'].map((id) => node(id));
    const links = [edge('p1', 'p2'), edge('p2', 'p3'), edge('q1', 'q2'), edge('q2', 'q3')];
    const positions = layeredLayout(chains, links, { direction: 'LR' });
    const above = (a: string, b: string) => positions[a]!.y < positions[b]!.y;
    assert.equal(above('p1', 'q1'), above('p2', 'q2'));
    assert.equal(above('p2', 'q2'), above('p3', 'q3'));
  });

  test('a very long layer is wrapped into columns instead of one endless strip', () => {
    const root = node('root');
    const leaves = Array.from({ length: 400 }, (_, index) => node(`leaf${index}`));
    const all = [root, ...leaves];
    const positions = layeredLayout(
      all,
      leaves.map((leaf) => edge('root', leaf.id)),
      { direction: 'LR' },
    );
    const columns = new Set(leaves.map((leaf) => positions[leaf.id]!.x));
    assert.ok(columns.size > 1, 'the 400 leaves are spread over several columns');
    const ys = leaves.map((leaf) => positions[leaf.id]!.y);
    assert.ok(Math.max(...ys) - Math.min(...ys) < 400 * 20, 'each column is shorter than all');
    assert.deepEqual(overlaps(all, positions), []);
  });

  test('a catalog-sized graph (3,000 nodes, 6,000 edges, cycles included) places every node', () => {
    const many = Array.from({ length: 3000 }, (_, index) => node(`n${index}`));
    const links = Array.from({ length: 6000 }, (_, index) =>
      edge(`n${index % 3000}`, `n${(index * 7 + 1) % 3000}`),
    );
    const positions = layeredLayout(many, links, { direction: 'LR' });
    assert.equal(Object.keys(positions).length, 3000);
    assert.ok(Object.values(positions).every((p) => Number.isFinite(p.x) && Number.isFinite(p.y)));
  });
});
