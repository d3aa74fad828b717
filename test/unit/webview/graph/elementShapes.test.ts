import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import cytoscape from 'cytoscape';
import { ElementShapes, shapesOf } from '../../../../src/webview/graph/elementShapes';

/** Boxes 100×20 at their positions, and straight edges between their middles. */
function graph() {
  const node = (id: string, x: number, y: number) => ({
    group: 'nodes' as const,
    data: { id, width: 100, height: 20 },
    position: { x, y },
  });
  const edge = (id: string, source: string, target: string) => ({
    group: 'edges' as const,
    data: { id, source, target },
  });
  const cy = cytoscape({
    headless: true,
    styleEnabled: false,
    layout: { name: 'preset' },
    elements: [
      node('origin', 0, 0),
      node('far', 10_000, 10_000),
      node('right', 10_000, 0),
      edge('diagonal', 'origin', 'far'),
      edge('along the top', 'origin', 'right'),
    ],
  });
  const elements = cy.elements().toArray();
  return {
    cy,
    elements,
    shapes: new ElementShapes(elements),
    at: (id: string) => elements.findIndex((element) => element.id() === id),
  };
}

describe('where the elements of a big graph lie (ElementShapes)', () => {
  test('a box meets a region it overlaps, or comes within the margin of; not one far from it', () => {
    const { shapes, at } = graph();
    assert.ok(shapes.meets(at('origin'), { x1: 40, y1: 0, x2: 60, y2: 5 }), 'overlaps');
    assert.ok(shapes.meets(at('origin'), { x1: 70, y1: 0, x2: 80, y2: 5 }), 'within the margin');
    assert.ok(!shapes.meets(at('origin'), { x1: 200, y1: 0, x2: 300, y2: 5 }), 'far to the right');
    assert.ok(!shapes.meets(at('origin'), { x1: -10, y1: 100, x2: 10, y2: 200 }), 'far below');
  });

  test('a long diagonal meets a region it crosses, not one its bounding box covers but it misses', () => {
    const { shapes, at } = graph();
    const diagonal = at('diagonal');
    assert.ok(shapes.meets(diagonal, { x1: 4_900, y1: 4_900, x2: 5_100, y2: 5_100 }), 'crosses');
    // inside the diagonal's bounding box, thousands of units off the line
    assert.ok(!shapes.meets(diagonal, { x1: 8_000, y1: 1_000, x2: 8_200, y2: 1_200 }));
    assert.ok(!shapes.meets(diagonal, { x1: 1_000, y1: 8_000, x2: 1_200, y2: 8_200 }));
    // beside the line, within the margin
    assert.ok(shapes.meets(diagonal, { x1: 5_020, y1: 4_900, x2: 5_100, y2: 4_990 }));
  });

  test('a horizontal line meets what it passes through and nothing above or past its ends', () => {
    const { shapes, at } = graph();
    const top = at('along the top');
    assert.ok(shapes.meets(top, { x1: 5_000, y1: -10, x2: 5_100, y2: 10 }));
    assert.ok(!shapes.meets(top, { x1: 5_000, y1: -500, x2: 5_100, y2: -300 }));
    assert.ok(!shapes.meets(top, { x1: 10_100, y1: -10, x2: 10_200, y2: 10 }));
  });

  test('another list of the same elements finds each one; a list with another element, none', () => {
    const { elements, shapes } = graph();
    const reversed = [...elements].reverse();
    assert.deepEqual([...shapes.orderOf(reversed)!], [4, 3, 2, 1, 0]);
    const other = cytoscape({ headless: true, elements: [{ data: { id: 'stranger' } }] });
    assert.equal(shapes.orderOf([elements[0]!, other.elements()[0]!]), undefined);
  });

  test('the distance from a point to the middle of a box or a line', () => {
    const { shapes, at } = graph();
    assert.equal(shapes.distance(at('origin'), 3, 4), 5);
    assert.equal(shapes.distance(at('along the top'), 5_000, 0), 0);
    assert.equal(shapes.distance(at('diagonal'), 5_000, 5_000), 0);
  });

  test("a graph's shapes are worked out once, and again after an element is added, removed or moved", () => {
    const { cy } = graph();
    const first = shapesOf(cy);
    assert.equal(shapesOf(cy), first, 'asked again: the same');
    assert.equal(first.elements.length, 5);
    cy.add({
      group: 'nodes',
      data: { id: 'new', width: 10, height: 10 },
      position: { x: 0, y: 0 },
    });
    const added = shapesOf(cy);
    assert.notEqual(added, first, 'after an add');
    assert.equal(added.elements.length, 6);
    assert.equal(shapesOf(cy), added);
    cy.$id('new').position({ x: 5_000, y: -5_000 });
    const moved = shapesOf(cy);
    assert.notEqual(moved, added, 'after a move');
    const at = moved.elements.findIndex((element) => element.id() === 'new');
    assert.ok(moved.shapes.meets(at, { x1: 4_990, y1: -5_010, x2: 5_010, y2: -4_990 }));
    cy.$id('new').remove();
    assert.equal(shapesOf(cy).elements.length, 5, 'after a remove');
  });
});
