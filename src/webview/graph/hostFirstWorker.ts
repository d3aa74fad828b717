import type { LayoutWorker } from '../../shared/graphLayout/layoutClient';
import type {
  LayoutAnswerMessage,
  LayoutRequestMessage,
} from '../../shared/graphLayout/layoutTypes';
import {
  ELK_LIMIT,
  HOST_LAYOUT_EDGE_LIMIT,
  type HostLayoutAnswer,
  type HostLayoutRequest,
} from '../../shared/graphLayouts';

/**
 * The layout worker of the graph page, as its layout client sees it: the extension host's layout
 * thread (src/extension/graph/hostLayouts.ts) for a graph it takes, once the host said it lays
 * graphs out; the page's own Web Worker for a bigger graph, for a page without that host (the
 * benches' plain pages), and for a graph the host answered without a layout. The host's thread
 * has ELK compiled by the pages before; a new page's worker would run it for the first time.
 */
export class HostFirstWorker implements LayoutWorker {
  onmessage: LayoutWorker['onmessage'] = null;
  onerror: LayoutWorker['onerror'] = null;
  onmessageerror: LayoutWorker['onmessageerror'] = null;
  /** The requests the host is laying out: a failed one goes to the page's worker. */
  private readonly atHost = new Map<number, LayoutRequestMessage>();
  private readonly own: Promise<LayoutWorker>;
  private stopped = false;

  constructor(
    /** Whether the host lays graphs out (it says so ahead of each catalog). */
    private readonly hostLaysOut: () => boolean,
    private readonly askHost: (request: HostLayoutRequest) => void,
    startOwn: () => Promise<LayoutWorker>,
  ) {
    // started at once, as the page's only worker was: a big graph needs it, and fetching and
    // starting its bundle is done in the page's idle time while the catalog is fetched
    this.own = startOwn().then((worker) => {
      worker.onmessage = (event) => this.pass(event.data);
      worker.onerror = (event) => this.onerror?.(event);
      worker.onmessageerror = () => this.onmessageerror?.();
      if (this.stopped) worker.terminate();
      return worker;
    });
    // a worker that did not start fails the first request sent to it, not before
    this.own.catch(() => undefined);
  }

  postMessage(message: LayoutRequestMessage, transfer: ArrayBuffer[]): void {
    if (this.stopped) return;
    if (
      this.hostLaysOut() &&
      message.ids.length <= ELK_LIMIT &&
      message.ends.length <= 2 * HOST_LAYOUT_EDGE_LIMIT
    ) {
      // copied into the message, not transferred: a failed one is sent on to the page's worker
      this.atHost.set(message.id, message);
      this.askHost({
        id: message.id,
        direction: message.direction,
        sizes: Array.from(message.sizes),
        ends: Array.from(message.ends),
      });
      return;
    }
    this.toOwn(message, transfer);
  }

  /** The host's answer to a request sent to it. */
  answer({ id, engine, ms, corners, error }: HostLayoutAnswer): void {
    const message = this.atHost.get(id);
    if (!message || this.stopped) return;
    this.atHost.delete(id);
    if (corners.length !== 2 * message.ids.length) {
      this.toOwn(message, [
        message.sizes.buffer as ArrayBuffer,
        message.ends.buffer as ArrayBuffer,
      ]);
      return;
    }
    this.pass({
      id,
      engine,
      ms,
      corners: Float64Array.from(corners, (value) => value ?? Number.NaN),
      byHost: true,
      ...(error === undefined ? {} : { error }),
    });
  }

  terminate(): void {
    this.stopped = true;
    this.atHost.clear();
    void this.own.then((worker) => worker.terminate()).catch(() => undefined);
  }

  private pass(data: LayoutAnswerMessage): void {
    if (!this.stopped) this.onmessage?.({ data });
  }

  private toOwn(message: LayoutRequestMessage, transfer: ArrayBuffer[]): void {
    this.own.then(
      (worker) => {
        if (!this.stopped) worker.postMessage(message, transfer);
      },
      (error: unknown) => {
        if (!this.stopped) {
          this.onerror?.({ message: error instanceof Error ? error.message : String(error) });
        }
      },
    );
  }
}
