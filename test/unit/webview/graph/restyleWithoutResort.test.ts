import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import cytoscape from 'cytoscape';
import { restyleWithoutResort } from '../../../../src/webview/graph/restyleWithoutResort';

/**
 * A styled graph whose renderer is a stand-in for the part of cytoscape's canvas renderer this is
 * about: it hears cytoscape's notifications, and a z-order change makes it drop its sorted list,
 * as cytoscape's base renderer does.
 */
function labelledGraph() {
  const cy = cytoscape({
    headless: true,
    styleEnabled: true,
    style: [{ selector: 'node.detailed', style: { label: 'data(label)' } }],
    elements: ['a', 'b', 'c'].map((id) => ({
      group: 'nodes' as const,
      data: { id, label: id.toUpperCase() },
    })),
  });
  const renderer = (cy as unknown as { renderer(): Record<string, unknown> }).renderer();
  const sorts = { dropped: 0 };
  renderer.invalidateCachedZSortedEles = () => void sorts.dropped++;
  renderer.notify = (event: string) => {
    if (event === 'zorder') (renderer.invalidateCachedZSortedEles as () => void)();
  };
  return { cy, sorts, renderer };
}

describe("a big graph's details restyled without a z-order sort (restyleWithoutResort)", () => {
  test('labels given: shown, and the renderer keeps its sorted list', () => {
    const { cy, sorts, renderer } = labelledGraph();
    const invalidate = renderer.invalidateCachedZSortedEles;
    const nodes = cy.elements();
    restyleWithoutResort(cy, nodes, () => nodes.addClass('detailed'));
    assert.equal(cy.$id('a').style('label'), 'A', 'the label is shown');
    assert.equal(sorts.dropped, 0, 'a label is no change of z-order');
    assert.equal(renderer.invalidateCachedZSortedEles, invalidate, 'the renderer is as it was');
    restyleWithoutResort(cy, nodes, () => nodes.removeClass('detailed'));
    assert.equal(cy.$id('a').style('label'), '');
    assert.equal(sorts.dropped, 0);
    cy.destroy();
  });

  test('any other change of z-order still reaches the renderer', () => {
    const { cy, sorts } = labelledGraph();
    const nodes = cy.elements();
    restyleWithoutResort(cy, nodes, () => nodes.addClass('detailed'));
    cy.$id('b').style('z-index', 5);
    assert.equal(sorts.dropped, 1);
    // as cytoscape does by itself: a label taken away elsewhere drops the list
    cy.$id('c').removeClass('detailed');
    void cy.$id('c').style('label');
    assert.equal(sorts.dropped, 2);
    cy.destroy();
  });
});
