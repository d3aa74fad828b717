/**
 * The extension host's graph layouts, in a worker thread of their own (dist/graphLayoutThread.js,
 * started by hostLayouts.ts): ELK runs off the host's event loop, and stays compiled between the
 * graphs of every panel (elkLayout.ts). No vscode here: a worker thread has no extension API.
 */
import { parentPort } from 'node:worker_threads';
import type { ELK } from 'elkjs/lib/elk-api';
import { answerLayout } from '../../shared/graphLayout/elkLayout';
import type { LayoutRequestMessage } from '../../shared/graphLayout/layoutTypes';

let elk: Promise<ELK> | undefined;
/** ELK, loaded by the first request (its program's top level takes a third of a second). */
function loadElk(): Promise<ELK> {
  elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ElkBundled }) => new ElkBundled());
  return elk;
}

const port = parentPort;
if (!port) throw new Error('graphLayoutThread.js runs as a worker thread');
port.on('message', (message: LayoutRequestMessage | 'load') => {
  if (message === 'load') {
    // asked for while the page that will need it is being made
    void loadElk();
    return;
  }
  void answerLayout(message, loadElk).then((answered) =>
    port.postMessage(answered, [answered.corners.buffer as ArrayBuffer]),
  );
});
