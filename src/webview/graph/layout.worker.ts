/**
 * The graph layout, off the page's main thread (elkLayout.ts): for a catalog too big to send to
 * the extension host's layouts, and for any catalog when the host cannot lay it out. Answers with
 * top-left corners.
 */
import type { ELK } from 'elkjs/lib/elk-api';
import { answerLayout } from '../../shared/graphLayout/elkLayout';
import type { LayoutRequestMessage } from '../../shared/graphLayout/layoutTypes';

/**
 * ELK is loaded on the first graph small enough for it: its bundle's top level (the whole GWT
 * program) takes a third of a second to run, which a big graph, laid out the fast way, would
 * otherwise wait for (esbuild keeps a dynamically imported CommonJS module's body unrun until
 * then).
 */
let elk: Promise<ELK> | undefined;
function loadElk(): Promise<ELK> {
  elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ElkBundled }) => {
    // without a workerUrl, ELK runs in this thread (which is already the worker)
    const loaded = new ElkBundled();
    // starting up in a worker, ELK's layout code takes the worker's messages for itself
    // (self.onmessage), as its own worker script would: they are this file's (and none came in
    // between: each is a task of its own)
    self.onmessage = answer;
    return loaded;
  });
  return elk;
}

async function answer(event: MessageEvent<LayoutRequestMessage>): Promise<void> {
  const answered = await answerLayout(event.data, loadElk);
  (self as unknown as Worker).postMessage(answered, [answered.corners.buffer]);
}
self.onmessage = answer;
