/**
 * Test builds only (see `PDBX_TEST_HOOKS` in esbuild.mjs): the graph's workers, wrapped so an
 * e2e test can make them fail as a crashed worker does (an `error` event), to check the view's
 * fallbacks: the layout's fast layout and "Retry", the sketch drawn on the page. Production
 * bundles leave this file out.
 */
import { startSketchWorker } from './bundledWorker';
import type { LayoutWorker } from '../../shared/graphLayout/layoutClient';
import type { LayoutRequestMessage } from '../../shared/graphLayout/layoutTypes';
import type { SketchWorker } from './sketchPainter';
import type { SketchRequest } from './sketchMessages';

export interface WorkerFaults {
  /** The next layout request fails with a worker error instead of reaching the worker. */
  crashNextLayout(): void;
  /** The sketch worker started last fails now, with a worker error. */
  crashSketchWorker(): void;
}

export function faultableWorkers(startLayoutWorker: () => Promise<LayoutWorker>): {
  startLayout: () => Promise<LayoutWorker>;
  startSketch: () => Promise<SketchWorker>;
  faults: WorkerFaults;
} {
  let crashNext = false;
  const startLayout = async (): Promise<LayoutWorker> => {
    const worker = await startLayoutWorker();
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
  /** Crashes the sketch worker started last. */
  let crashLastSketch: (() => void) | undefined;
  const startSketch = async (): Promise<SketchWorker> => {
    const worker = await startSketchWorker();
    let crashed = false;
    const wrapped: SketchWorker = {
      postMessage(message: SketchRequest, transfer: unknown[]) {
        // a crashed worker takes nothing more in
        if (!crashed) worker.postMessage(message, transfer);
      },
      onmessage: null,
      onerror: null,
      onmessageerror: null,
      terminate: () => worker.terminate(),
    };
    worker.onmessage = (event) => {
      if (!crashed) wrapped.onmessage?.(event);
    };
    worker.onerror = (event) => wrapped.onerror?.(event);
    worker.onmessageerror = (event) => wrapped.onmessageerror?.(event);
    crashLastSketch = () => {
      crashed = true;
      wrapped.onerror?.({ message: 'the worker crashed (test fault)' });
    };
    return wrapped;
  };
  return {
    startLayout,
    startSketch,
    faults: {
      crashNextLayout: () => void (crashNext = true),
      crashSketchWorker: () => crashLastSketch?.(),
    },
  };
}
