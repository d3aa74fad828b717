import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import cytoscape, { type ElementDefinition, type StylesheetJson } from 'cytoscape';
import { sortZOrderByKeys, zOrdered } from '../../../../src/webview/graph/zOrder';

const ids = (elements: ArrayLike<{ id(): string }>) =>
  Array.from(elements, (element) => element.id());

/** cytoscape's own order, by its own comparison. */
const cytoscapesOrder = (cy: cytoscape.Core) =>
  ids(
    (
      cy as unknown as {
        mutableElements(): { sortByZIndex(): ArrayLike<{ id(): string }> };
      }
    )
      .mutableElements()
      .sortByZIndex(),
  );

/** A headless styled graph, destroyed when the test ends, passed or not (it keeps a timer). */
function graph(
  context: { after(fn: () => void): void },
  elements: ElementDefinition[],
  style: StylesheetJson = [],
) {
  const cy = cytoscape({ headless: true, styleEnabled: true, style, elements });
  context.after(() => cy.destroy());
  return cy;
}

const chain: ElementDefinition[] = [
  { data: { id: 'e1', source: 'a', target: 'b' } },
  { data: { id: 'a' } },
  { data: { id: 'b' } },
  { data: { id: 'c' } },
  { data: { id: 'e2', source: 'b', target: 'c' } },
];

describe("cytoscape's z-order, sorted by keys (zOrdered)", () => {
  test('plain: nodes over edges, then the order they were added in', (t) => {
    const cy = graph(t, chain);
    assert.deepEqual(ids(zOrdered(cy)), cytoscapesOrder(cy));
    assert.deepEqual(ids(zOrdered(cy)), ['e1', 'e2', 'a', 'b', 'c']);
  });

  test('z-index, z-index-compare and z-compound-depth, as cytoscape weighs them', (t) => {
    const cy = graph(t, chain, [
      { selector: '#a', style: { 'z-index': 5 } },
      { selector: '#e2', style: { 'z-index': 9, 'z-index-compare': 'manual' } },
      { selector: '#b', style: { 'z-index-compare': 'manual', 'z-index': -2 } },
      { selector: '#c', style: { 'z-compound-depth': 'bottom' } },
      { selector: '#e1', style: { 'z-compound-depth': 'top' } },
    ]);
    assert.deepEqual(ids(zOrdered(cy)), cytoscapesOrder(cy));
    assert.deepEqual(ids(zOrdered(cy)), ['c', 'b', 'e2', 'a', 'e1']);
  });

  test('compound nodes: by depth, and a class that changes z-index later', (t) => {
    const cy = graph(
      t,
      [
        { data: { id: 'outer' } },
        { data: { id: 'inner', parent: 'outer' } },
        { data: { id: 'leaf', parent: 'inner' } },
        { data: { id: 'loose' } },
        { data: { id: 'e', source: 'leaf', target: 'loose' } },
      ],
      [{ selector: '.raised', style: { 'z-index': 20 } }],
    );
    assert.deepEqual(ids(zOrdered(cy)), cytoscapesOrder(cy));
    cy.$id('loose').addClass('raised');
    cy.$id('e').addClass('raised');
    assert.deepEqual(ids(zOrdered(cy)), cytoscapesOrder(cy));
  });
});

describe('the renderer sorting by keys (sortZOrderByKeys)', () => {
  /** A stand-in for the part of cytoscape's canvas renderer that keeps its sorted list. */
  function withRenderer(t: { after(fn: () => void): void }) {
    const cy = graph(t, chain, [{ selector: '#b', style: { events: 'no' } }]);
    const renderer = (cy as unknown as { renderer(): Record<string, unknown> }).renderer();
    const grabbed = { updates: 0 };
    renderer.cachedZSortedEles = null;
    renderer.getCachedZSortedEles = () => assert.fail("cytoscape's own sort ran");
    renderer.updateCachedGrabbedEles = () => void grabbed.updates++;
    renderer.invalidateCachedZSortedEles = () => void (renderer.cachedZSortedEles = null);
    return { cy, renderer: renderer as Record<string, (force?: boolean) => unknown>, grabbed };
  }

  test('a renderer without the parts it knows is left alone', (t) => {
    const cy = graph(t, chain);
    assert.equal(sortZOrderByKeys(cy), false);
  });

  test('sorts once, keeps the list (with its interactive part) until it is dropped', (t) => {
    const { cy, renderer, grabbed } = withRenderer(t);
    assert.equal(sortZOrderByKeys(cy), true);
    const sorted = renderer.getCachedZSortedEles!() as cytoscape.SingularElementArgument[] & {
      interactive: cytoscape.SingularElementArgument[];
    };
    assert.deepEqual(ids(sorted), cytoscapesOrder(cy));
    assert.deepEqual(ids(sorted.interactive), ['e1', 'e2', 'a', 'c'], 'b takes no events');
    assert.equal(grabbed.updates, 1, 'the drag layers are worked out from the new list');
    assert.equal(renderer.getCachedZSortedEles!(), sorted, 'kept');
    renderer.invalidateCachedZSortedEles!();
    const again = renderer.getCachedZSortedEles!();
    assert.notEqual(again, sorted);
    assert.deepEqual(ids(again as cytoscape.SingularElementArgument[]), ids(sorted));
    assert.notEqual(renderer.getCachedZSortedEles!(true), again, 'forced: sorted anew');
    assert.equal(grabbed.updates, 3);
  });
});
