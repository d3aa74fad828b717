import type { Core } from 'cytoscape';
import { idle } from '../common/tasks';
import { shapesOf } from './elementShapes';

/** Elements one idle slice asks whether they take pointer events (a few milliseconds). */
const PER_SLICE = 5000;

/**
 * While the page is idle after a big graph is drawn, works out what the first frame cytoscape
 * paints of it would otherwise work out all at once, 150–250 ms at 10,000 resources: whether
 * each element takes pointer events (cytoscape keeps that per element), where each lies
 * (shapesOf) and the list of them in z-order. Until the view is zoomed in past the far view
 * (sketchView.ts), nothing asks for these.
 */
export async function warmUpFirstFrame(cy: Core, current: () => boolean): Promise<void> {
  const live = () => current() && !cy.destroyed();
  const elements = cy.elements().toArray() as unknown as Array<{ interactive(): boolean }>;
  for (let start = 0; start < elements.length; start += PER_SLICE) {
    await idle();
    if (!live()) return;
    for (const element of elements.slice(start, start + PER_SLICE)) element.interactive();
  }
  await idle();
  if (!live()) return;
  shapesOf(cy);
  await idle();
  if (!live()) return;
  (cy as unknown as { renderer(): { getCachedZSortedEles(): unknown } })
    .renderer()
    .getCachedZSortedEles();
}
