import { Worker } from 'node:worker_threads';
import type * as vscode from 'vscode';
import { LayoutClient, type LayoutWorker } from '../../shared/graphLayout/layoutClient';
import type { LayoutRequest, LayoutResponse } from '../../shared/graphLayout/layoutTypes';
import { decodeRequest, encodeCorners } from '../../shared/graphLayout/layoutWire';
import type { HostLayoutAnswer, HostLayoutRequest } from '../../shared/graphLayouts';

/**
 * How long the layout thread outlives the last graph panel: the next graph opened meanwhile finds
 * ELK compiled; after that the thread's memory goes back.
 */
const IDLE_STOP_MS = 5 * 60_000;

/**
 * The catalog graphs' layouts, made in the extension host for every graph page: one worker thread
 * (layoutThread.ts). A new page's own worker would run ELK's program for the first time (about a
 * second for its first graph on two cores); the thread keeps it compiled from one page to the
 * next, and practises once on its first graph (LayoutClient.practice) while the user reads it. It
 * is stopped a while after the last graph panel closed (IDLE_STOP_MS), and its memory with it.
 */
export class HostLayouts {
  private client: LayoutClient | undefined;
  private panels = 0;
  private idleStop: NodeJS.Timeout | undefined;

  constructor(
    /** Starts the layout thread: layoutThread(dist/graphLayoutThread.js), or a test's. */
    private readonly startThread: () => LayoutWorker,
    private readonly log: Pick<vscode.LogOutputChannel, 'warn'>,
    private readonly idleStopMs = IDLE_STOP_MS,
  ) {}

  /** A graph panel opened; disposing of what it returns says it closed. */
  open(): vscode.Disposable {
    this.panels++;
    clearTimeout(this.idleStop);
    let open = true;
    return {
      dispose: () => {
        if (!open) return;
        open = false;
        if (--this.panels === 0) {
          this.idleStop = setTimeout(() => this.stop(), this.idleStopMs);
          // the host's shutdown does not wait for it
          this.idleStop.unref();
        }
      },
    };
  }

  /** Stops the thread (idle since the last graph panel closed). */
  private stop(): void {
    clearTimeout(this.idleStop);
    this.client?.stop();
    this.client = undefined;
  }

  /** A graph is on its way to a page: the thread starts, and ELK loads, while the page is made. */
  prepare(): void {
    if (this.panels > 0) this.layouts().warmUp();
  }

  /**
   * Lays a page's graph out. A request whose edges end outside its resources, or one the thread
   * failed on (it crashed, or did not answer in time), is answered with no corners and the reason:
   * the page then lays it out itself.
   */
  async answer(request: HostLayoutRequest): Promise<HostLayoutAnswer> {
    try {
      return await this.layout(request);
    } catch (error) {
      this.log.warn(`A graph page's layout request was refused: ${String(error)}`);
      return { id: request.id, engine: 'fast', ms: 0, corners: [], error: String(error) };
    }
  }

  /** Lays a page's graph out; the ends are checked against its resources first. */
  private async layout(asked: HostLayoutRequest): Promise<HostLayoutAnswer> {
    const { id } = asked;
    const request = requestOf(asked);
    const response = await this.layouts().layout(request);
    if (response.failure) {
      // not the fast layout the client fell back to: the page's own worker runs ELK instead
      // (the next request starts another thread)
      this.log.warn(`The graph layout thread failed (${response.failure}); the page lays it out.`);
      return { id, engine: 'fast', ms: response.ms, corners: [], error: response.failure };
    }
    return answerOf(id, request, response);
  }

  /** A page has drawn its graph: the thread warms ELK up meanwhile (once a thread). */
  practice(): void {
    void this.client?.practice();
  }

  private layouts(): LayoutClient {
    this.client ??= new LayoutClient({ startWorker: async () => this.startThread() });
    return this.client;
  }
}

/**
 * The page's graph as the layout client takes it, each resource named by its place (decoded as
 * the page's worker decodes its requests): refused unless its ends are places of its resources.
 */
function requestOf({ id, direction, sizes, ends }: HostLayoutRequest): LayoutRequest {
  if (sizes.length % 2 !== 0 || ends.length % 2 !== 0) {
    throw new Error('a layout request needs a width and a height per resource, two ends per edge');
  }
  const count = sizes.length / 2;
  const outside = ends.find((end) => end >= count);
  if (outside !== undefined) {
    throw new Error(`a layout request's edge ends at resource ${outside} of ${count}`);
  }
  return decodeRequest({
    id,
    direction,
    ids: Array.from({ length: count }, (_, place) => String(place)),
    sizes: Float64Array.from(sizes),
    ends: Uint32Array.from(ends),
  });
}

function answerOf(id: number, request: LayoutRequest, response: LayoutResponse): HostLayoutAnswer {
  const corners = encodeCorners(
    request.nodes.map((node) => node.id),
    response.positions,
  );
  const error = response.error;
  return {
    id,
    engine: response.engine,
    ms: response.ms,
    // JSON has no NaN: a resource without a corner is null
    corners: Array.from(corners, (value) => (Number.isFinite(value) ? value : null)),
    ...(error === undefined ? {} : { error }),
  };
}

/** Starts the layout thread of `path` (dist/graphLayoutThread.js), as the layout client sees it. */
export function layoutThread(path: string): LayoutWorker {
  // its heap bounded: ELK on ELK_LIMIT resources needs a few tens of megabytes
  const thread = new Worker(path, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
  let stopped = false;
  const worker: LayoutWorker = {
    postMessage: (message, transfer) => thread.postMessage(message, transfer),
    terminate: () => {
      stopped = true;
      void thread.terminate();
    },
    onmessage: null,
    onerror: null,
    onmessageerror: null,
  };
  thread.on('message', (data: Parameters<NonNullable<LayoutWorker['onmessage']>>[0]['data']) =>
    worker.onmessage?.({ data }),
  );
  thread.on('error', (error) => worker.onerror?.({ message: error.message }));
  thread.on('messageerror', () => worker.onmessageerror?.());
  thread.on('exit', (code) => {
    if (!stopped) worker.onerror?.({ message: `the layout thread exited (code ${code})` });
  });
  // the host's shutdown does not wait for it (after the listeners: a 'message' one refs it again)
  thread.unref();
  thread.postMessage('load');
  return worker;
}
