/**
 * Test builds only (see `PDBX_TEST_HOOKS` in esbuild.mjs): the layout worker, wrapped so an
 * e2e test can make its next layout fail as a crashed worker does (an `error` event), to check
 * the view's fallback and "Retry". Production bundles leave this file out.
 */
import { startBundledWorker } from './bundledLayoutWorker';
import type { LayoutWorker } from './layoutClient';
import type { LayoutRequestMessage } from './layoutTypes';

export interface LayoutFaults {
  /** The next layout request fails with a worker error instead of reaching the worker. */
  crashNextLayout(): void;
}

export function faultableWorkers(): { start: () => Promise<LayoutWorker>; faults: LayoutFaults } {
  let crashNext = false;
  const start = async (): Promise<LayoutWorker> => {
    const worker = await startBundledWorker();
    const wrapped: LayoutWorker = {
      postMessage(message: LayoutRequestMessage, transfer: ArrayBuffer[]) {
        if (!crashNext) {
          worker.postMessage(message, transfer);
          return;
        }
        crashNext = false;
        setTimeout(() => wrapped.onerror?.({ message: 'the worker crashed (test fault)' }), 0);
      },
      terminate: () => worker.terminate(),
      onmessage: null,
      onerror: null,
      onmessageerror: null,
    };
    worker.onmessage = (event) => wrapped.onmessage?.(event);
    worker.onerror = (event) => wrapped.onerror?.(event);
    worker.onmessageerror = () => wrapped.onmessageerror?.();
    return wrapped;
  };
  return { start, faults: { crashNextLayout: () => void (crashNext = true) } };
}
