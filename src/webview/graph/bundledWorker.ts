import type { LayoutWorker } from '../../shared/graphLayout/layoutClient';
import type { SketchWorker } from './sketchPainter';

/** The graph view's Web Workers: each is a bundle of its own, `graph-<name>.worker.js`. */
export type GraphWorkerName = 'layout' | 'sketch';

/**
 * Starts one of the graph view's bundled workers. A webview cannot start a worker from its
 * resource URL (another origin), so the worker's bundle is fetched and started from a blob: URL,
 * which the CSP allows (`worker-src blob:`).
 */
export async function startBundledWorker(name: GraphWorkerName): Promise<Worker> {
  // the page's script is written into the page, so the bundles' place comes from the host
  const bundles = document.body.dataset.bundles;
  if (!bundles) throw new Error('the page does not say where its bundles are');
  const response = await fetch(`${bundles}/graph-${name}.worker.js`);
  if (!response.ok) throw new Error(`the ${name} worker did not load (${response.status})`);
  // as bytes: the worker thread decodes its script, not this one
  const code = await response.blob();
  return new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
}

/** The layout worker, as the layout client sees it. */
export async function startLayoutWorker(): Promise<LayoutWorker> {
  // a DOM Worker has every member LayoutWorker names (with wider DOM event types)
  return (await startBundledWorker('layout')) as unknown as LayoutWorker;
}

/** The sketch worker, as the far view's painters see it. */
export async function startSketchWorker(): Promise<SketchWorker> {
  return (await startBundledWorker('sketch')) as unknown as SketchWorker;
}
