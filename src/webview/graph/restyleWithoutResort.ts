import type { Collection, Core } from 'cytoscape';

/**
 * Changes the style of `elements` (`work`, in one cytoscape batch: the level of detail giving or
 * taking labels and arrowheads) without cytoscape's canvas renderer sorting every element of the
 * graph by z-order again, 40-60 ms at 30,000 elements, once per batch.
 *
 * A label that turns non-empty tells the renderer the order may have changed (cytoscape errs on
 * the safe side), but neither the order (z index and depth) nor what a pointer can hit (events,
 * visibility) depends on a label or an arrowhead, the only styles `detailed` gives (see
 * graphStyle). Cytoscape works a changed style out lazily, at its next frame, and only then tells
 * the renderer; so here the elements' style is asked for at once, which works it out while the
 * renderer does not drop its sorted list.
 */
export function restyleWithoutResort(cy: Core, elements: Collection, work: () => void): void {
  const renderer = (
    cy as unknown as { renderer?: () => { invalidateCachedZSortedEles?: () => void } }
  ).renderer?.();
  const invalidate = renderer?.invalidateCachedZSortedEles;
  if (!renderer || typeof invalidate !== 'function') {
    cy.batch(work);
    return;
  }
  renderer.invalidateCachedZSortedEles = () => undefined;
  try {
    cy.batch(work);
    elements.forEach((element) => void element.style('label'));
  } finally {
    renderer.invalidateCachedZSortedEles = invalidate;
  }
}

/**
 * Gives or takes a big graph's details (`work`: class changes on `elements`) the way its renderer
 * needs: cytoscape's WebGL renderer must hear of every z-order change (its picking buffer), so it
 * gets a plain batch; the canvas renderer keeps its sorted list (restyleWithoutResort).
 */
export function restyleDetails(
  cy: Core,
  webgl: boolean,
  elements: Collection,
  work: () => void,
): void {
  if (webgl) cy.batch(work);
  else restyleWithoutResort(cy, elements, work);
}
