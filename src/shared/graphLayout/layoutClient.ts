import { layeredLayout } from '../catalogGraphLayout';
import { runtime } from '../runtimeTimers';
import type { KeptLayout } from '../graphLayouts';
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
  /**
   * Starts a worker: the page's (src/webview/graph/hostFirstWorker.ts), the host's thread
   * (src/extension/graph/hostLayouts.ts), or a fake in tests.
   */
  startWorker: () => Promise<LayoutWorker>;
  /** Hears of each layout ELK made (not one kept), for the host to keep for the pages after. */
  onLaidOut?: (layout: KeptLayout) => void;
  /** How practice() warms ELK up (tests make it practise on their small graphs). */
  practice?: Partial<PracticeOptions>;
}

/**
 * ELK is a compiled Java program that V8 compiles bit by bit as it runs: in a fresh worker, a
 * 55-resource catalog takes it about 300 ms, the next graphs 100-150 ms, and 40-60 ms only after a
 * dozen or so (measured in Node). Once a page has drawn its first graph the user reads it, so the
 * worker practises meanwhile on the graph it just laid out: the next node's graph, of a shape not
 * seen yet, is then laid out in a fraction of the time.
 */
export interface PracticeOptions {
  /** Graphs smaller than this exercise too little of ELK to be worth practising on. */
  minNodes: number;
  /** Nor larger ones: a round would keep the worker from a real layout for too long. */
  maxNodes: number;
  /** At most this many rounds per worker. */
  rounds: number;
  /** Done once a round takes this share of the graph's first layout, or less. */
  doneShare: number;
}

const PRACTICE: PracticeOptions = { minNodes: 20, maxNodes: 200, rounds: 12, doneShare: 1 / 3 };

/** ELK lays out 600 resources in a few seconds on a slow machine; far past that, it is stuck. */
export const LAYOUT_TIMEOUT_MS = 20_000;

/**
 * Runs layouts in a worker, off the main thread: in a page, its Web Worker or the host's; in the
 * extension host, its layout thread. Should the worker fail to start, fail while running
 * (`error`, `messageerror`) or not answer within the timeout, it is stopped and the fast layered
 * layout runs here instead, so the graph is always drawn; the answer's `failure` says why, and the
 * next layout (the view's "Retry") starts a fresh worker.
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
  private readonly practiceOptions: PracticeOptions;
  /**
   * The last graph drawn with ELK's layout, and how long ELK took on it (unknown for a layout
   * kept): what practice() runs.
   */
  private lastElk: { request: LayoutRequest; ms?: number } | undefined;
  /** How many layouts the view is waiting for: practice gives way to them. */
  private asked = 0;
  /** The worker practised (or practising): each is practised once. */
  private practised: Promise<LayoutWorker> | undefined;

  constructor(options: LayoutClientOptions) {
    this.timeoutMs = options.timeoutMs ?? LAYOUT_TIMEOUT_MS;
    this.startWorker = options.startWorker;
    this.onLaidOut = options.onLaidOut;
    this.practiceOptions = { ...PRACTICE, ...options.practice };
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
    if (kept) {
      this.lastElk = { request };
      return { id, positions: kept, engine: 'elk', ms: 0, kept: true };
    }
    this.asked++;
    let response: LayoutResponse;
    try {
      response = await this.laidOut(id, request);
    } finally {
      this.asked--;
    }
    if (response.engine === 'elk' && !response.failure) {
      this.lastElk = { request, ms: response.ms };
    }
    // only ELK's own layouts: a fallback's is not what the next request should get
    if (key !== undefined && response.engine === 'elk') {
      // (kept first: an optional call would skip its argument)
      const made = this.cache.set(key, ids, response.positions);
      this.onLaidOut?.(made);
    }
    return response;
  }

  /**
   * Warms ELK up on the last graph it laid out (see PracticeOptions), one round at a time while
   * the view asks for nothing: a layout asked for meanwhile waits for one round at most, and ends
   * the practice. Resolves with the number of rounds run. Called once a page has drawn its graph;
   * `goOn` ends it early.
   */
  async practice(goOn: () => boolean = () => true): Promise<number> {
    const last = this.lastElk;
    const { minNodes, maxNodes, rounds, doneShare } = this.practiceOptions;
    if (!last || last.request.nodes.length < minNodes || last.request.nodes.length > maxNodes) {
      return 0;
    }
    // (a page whose graphs were all drawn with kept layouts may not have started its worker)
    if (!this.worker) this.warmUp();
    const worker = this.worker;
    if (!worker || this.practised === worker) return 0;
    // the first layout of this graph, to tell when ELK is warm: the view's, or the first round's
    let first = last.ms;
    let run = 0;
    while (run < rounds && this.asked === 0 && this.worker === worker && goOn()) {
      run++;
      // (a practice that ran no round, the page hidden or busy, leaves it to the next one)
      this.practised = worker;
      const round = await this.laidOut(++this.nextId, last.request);
      if (round.engine !== 'elk' || round.failure) break;
      first ??= round.ms;
      if (round.ms <= first * doneShare) break;
    }
    return run;
  }

  private async laidOut(id: number, request: LayoutRequest): Promise<LayoutResponse> {
    try {
      const worker = await this.start();
      return await new Promise<LayoutResponse>((resolve, reject) => {
        const timer = runtime.setTimeout(() => {
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
            runtime.clearTimeout(timer);
            resolve(response);
          },
          reject: (error) => {
            runtime.clearTimeout(timer);
            reject(error);
          },
        });
        worker.postMessage(message, transfer);
      });
    } catch (error) {
      const started = runtime.performance.now();
      const positions = layeredLayout(request.nodes, request.edges, request);
      const failure = error instanceof Error ? error.message : String(error);
      return { id, positions, engine: 'fast', ms: runtime.performance.now() - started, failure };
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

  /** Stops the worker: the layouts waiting on it fall back; the next layout starts another. */
  stop(): void {
    if (this.current) this.fail(this.current, new Error('the layout worker was stopped'));
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
