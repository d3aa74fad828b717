import type { LayoutWorker } from './layoutClient';

/**
 * Starts the bundled layout worker. A webview cannot start a worker from its resource URL
 * (another origin), so the worker's bundle is fetched and started from a blob: URL, which the
 * CSP allows (`worker-src blob:`).
 */
export async function startBundledWorker(): Promise<LayoutWorker> {
  // the page's script is written into the page, so the bundles' place comes from the host
  const bundles = document.body.dataset.bundles;
  if (!bundles) throw new Error('the page does not say where its bundles are');
  const response = await fetch(`${bundles}/graph-layout.worker.js`);
  if (!response.ok) throw new Error(`the layout worker did not load (${response.status})`);
  // as bytes: the worker thread decodes its megabyte and a half of script, not this one
  const code = await response.blob();
  // a DOM Worker has every member LayoutWorker names (with wider DOM event types)
  return new Worker(
    URL.createObjectURL(new Blob([code], { type: 'text/javascript' })),
  ) as unknown as LayoutWorker;
}
