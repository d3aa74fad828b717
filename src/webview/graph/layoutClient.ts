import { layeredLayout } from '../../shared/catalogGraphLayout';
import type { KeptLayout } from '../../shared/graphLayouts';
import { LayoutCache } from './layoutCache';
import type {
  LayoutAnswerMessage,
  LayoutRequest,
  LayoutRequestMessage,
  LayoutResponse,
} from './layoutTypes';
import { decodeCorners, encodeRequest } from './layoutWire';

/**
 * What the client needs of a Worker (a fake one in unit tests): structural, so this file
 * compiles without the DOM's types.
 */
export interface LayoutWorker {
  postMessage(message: LayoutRequestMessage, transfer: ArrayBuffer[]): void;
  terminate(): void;
  onmessage: ((event: { data: LayoutAnswerMessage }) => void) | null;
  onerror: ((event: { message?: string; preventDefault?: () => void }) => void) | null;
  onmessageerror: (() => void) | null;
}

export interface LayoutClientOptions {
  /** How long a layout may take before the worker counts as stuck and is stopped. */
  timeoutMs?: number;
  /** Starts a worker: the bundled layout worker (bundledWorker.ts), or a fake in tests. */
  startWorker: () => Promise<LayoutWorker>;
  /** Hears of each layout ELK made (not one kept), for the host to keep for the pages after. */
  onLaidOut?: (layout: KeptLayout) => void;
}

/** ELK lays out 600 resources in a few seconds on a slow machine; far past that, it is stuck. */
export const LAYOUT_TIMEOUT_MS = 20_000;

/**
 * Runs layouts in a Web Worker, off the main thread. Should the worker fail to start, fail while
 * running (`error`, `messageerror`) or not answer within the timeout, it is stopped and the fast
 * layered layout runs here instead, so the graph is always drawn; the answer's `failure` says
 * why, and the next layout (the view's "Retry") starts a fresh worker.
 */
export class LayoutClient {
  private worker: Promise<LayoutWorker> | undefined;
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    {
      worker: LayoutWorker;
      /** The request's node ids: the answer's corners are in their order. */
      ids: readonly string[];
      resolve: (response: LayoutResponse) => void;
      reject: (error: Error) => void;
    }
  >();
  /** The worker started last, once it has started. */
  private current: LayoutWorker | undefined;
  private readonly timeoutMs: number;
  private readonly startWorker: () => Promise<LayoutWorker>;
  private readonly cache = new LayoutCache();
  private readonly onLaidOut: ((layout: KeptLayout) => void) | undefined;

  constructor(options: LayoutClientOptions) {
    this.timeoutMs = options.timeoutMs ?? LAYOUT_TIMEOUT_MS;
    this.startWorker = options.startWorker;
    this.onLaidOut = options.onLaidOut;
  }

  /** Takes the layouts the host kept (of graphs other pages laid out) for the next requests. */
  keep(layouts: readonly KeptLayout[]): void {
    for (const layout of layouts) this.cache.keep(layout);
  }

  /**
   * Starts the worker ahead of the first layout (the view does while its catalog is fetched):
   * fetching its bundle and starting it then costs the first drawing nothing. A worker that does
   * not start is tried again by the first layout, which reports the failure.
   */
  warmUp(): void {
    this.start().catch(() => {
      // the first layout starts it again and falls back if that fails too
    });
  }

  /**
   * Lays `request` out: ELK's layout of a graph of the same shape made a moment ago (see
   * LayoutCache) is answered again at once, unless `again` (the view's "Retry") asks for the
   * worker.
   */
  async layout(request: LayoutRequest, again = false): Promise<LayoutResponse> {
    const id = ++this.nextId;
    const key = this.cache.keyOf(request);
    const ids = request.nodes.map((node) => node.id);
    const kept = key === undefined || again ? undefined : this.cache.get(key, ids);
    if (kept) return { id, positions: kept, engine: 'elk', ms: 0, kept: true };
    const response = await this.laidOut(id, request);
    // only ELK's own layouts: a fallback's is not what the next request should get
    if (key !== undefined && response.engine === 'elk') {
      // (kept first: an optional call would skip its argument)
      const made = this.cache.set(key, ids, response.positions);
      this.onLaidOut?.(made);
    }
    return response;
  }

  private async laidOut(id: number, request: LayoutRequest): Promise<LayoutResponse> {
    try {
      const worker = await this.start();
      return await new Promise<LayoutResponse>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.fail(
            worker,
            new Error(
              `the layout worker did not answer within ${Math.round(this.timeoutMs / 1000)} s`,
            ),
          );
        }, this.timeoutMs);
        const { message, transfer } = encodeRequest(id, request);
        this.waiting.set(id, {
          worker,
          ids: message.ids,
          resolve: (response) => {
            clearTimeout(timer);
            resolve(response);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        worker.postMessage(message, transfer);
      });
    } catch (error) {
      const started = performance.now();
      const positions = layeredLayout(request.nodes, request.edges, request);
      const failure = error instanceof Error ? error.message : String(error);
      return { id, positions, engine: 'fast', ms: performance.now() - started, failure };
    }
  }

  private start(): Promise<LayoutWorker> {
    if (this.worker) return this.worker;
    const starting = this.startWorker().then((worker) => {
      this.current = worker;
      worker.onmessage = ({ data }) => {
        const waiting = this.waiting.get(data.id);
        if (!waiting) return;
        this.waiting.delete(data.id);
        const { corners, ...answer } = data;
        waiting.resolve({ ...answer, positions: decodeCorners(waiting.ids, corners) });
      };
      worker.onerror = (event) => {
        event.preventDefault?.();
        this.fail(worker, new Error(`the layout worker failed: ${event.message || 'an error'}`));
      };
      worker.onmessageerror = () => {
        this.fail(worker, new Error('the layout worker sent an answer that could not be read'));
      };
      return worker;
    });
    // a worker that did not start is not kept: the next layout tries again
    starting.catch(() => {
      if (this.worker === starting) this.worker = undefined;
    });
    this.worker = starting;
    return starting;
  }

  /** Stops a failed worker and fails every layout waiting on it (they fall back). */
  private fail(worker: LayoutWorker, error: Error): void {
    worker.terminate();
    if (this.current === worker) {
      this.current = undefined;
      this.worker = undefined;
    }
    for (const [id, each] of [...this.waiting]) {
      if (each.worker !== worker) continue;
      this.waiting.delete(id);
      each.reject(error);
    }
  }
}
