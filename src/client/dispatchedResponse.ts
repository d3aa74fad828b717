import type { Dispatcher } from 'undici';
import { RequestAbortedError } from './errors';

/** A response's body, chunk by chunk as undici's parser cuts it, with nothing in between. */
export interface ResponseBody extends AsyncIterable<Buffer> {
  readonly destroyed: boolean;
  /** Stops reading and gives the connection up (a break out of a for-await loop does too). */
  destroy(): void;
}

export interface DispatchedResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: ResponseBody;
}

/** Bytes held unread before the connection is paused: a Readable's default high-water mark. */
const HIGH_WATER_BYTES = 64 * 1024;

/**
 * Sends a request through `dispatcher.dispatch` and resolves with the status and headers; the
 * body is read from the handler's own calls.
 *
 * Undici's `request()` hands the body over through a Readable stream: the chunk the parser has
 * already cut is pushed into it, and a reader's for-await loop gets it some event-loop turns later.
 * In a new process that came to 0.5-9 ms after the headers (the machinery's first use), against
 * 0.1 ms for the handler's own `onResponseData`, while the body's first bytes had come in the same
 * packet as the headers. The client's first record waited on that. Here a waiting reader is handed
 * the chunk where the parser gives it; the connection is paused while HIGH_WATER_BYTES wait unread,
 * and resumed once the reader has taken them.
 */
export function dispatchRequest(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  signal: AbortSignal | undefined,
): Promise<DispatchedResponse> {
  return new Promise((resolve, reject) => {
    const exchange = new DispatchedExchange(resolve, reject, signal);
    try {
      dispatcher.dispatch(options, exchange);
    } catch (error) {
      exchange.onResponseError(undefined, error as Error);
    }
  });
}

type Waiting = {
  resolve: (result: IteratorResult<Buffer>) => void;
  reject: (error: unknown) => void;
};

class DispatchedExchange implements Dispatcher.DispatchHandler, ResponseBody {
  private controller: Dispatcher.DispatchController | undefined;
  /** Set once the headers went to the caller: later failures go to the body's reader. */
  private started = false;
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private ended = false;
  private failure: unknown;
  private waiting: Waiting | undefined;
  private removeAbortListener: (() => void) | undefined;
  destroyed = false;

  constructor(
    private readonly resolve: (response: DispatchedResponse) => void,
    private readonly reject: (error: unknown) => void,
    private readonly signal: AbortSignal | undefined,
  ) {
    if (signal && !signal.aborted) {
      const onAbort = () => this.controller?.abort(this.abortReason());
      signal.addEventListener('abort', onAbort, { once: true });
      this.removeAbortListener = () => signal.removeEventListener('abort', onAbort);
    }
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.signal?.aborted) controller.abort(this.abortReason());
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    // informational answers (100 Continue) come before the response itself
    if (statusCode < 200 || this.started) return;
    this.started = true;
    this.resolve({ statusCode, headers, body: this });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.destroyed) return;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting.resolve({ value: chunk, done: false });
      return;
    }
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
    if (this.queuedBytes >= HIGH_WATER_BYTES) controller.pause();
  }

  onResponseEnd(): void {
    this.ended = true;
    this.settle();
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    if (!this.started) {
      this.started = true;
      this.removeAbortListener?.();
      this.reject(error);
      return;
    }
    this.failure ??= error;
    this.settle();
  }

  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    return {
      next: () => this.next(),
      return: () => {
        this.destroy();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.queue.length = 0;
    this.queuedBytes = 0;
    if (!this.ended && this.failure === undefined) {
      this.controller?.abort(new RequestAbortedError('The response was not read to its end.'));
    }
    this.settle();
  }

  private next(): Promise<IteratorResult<Buffer>> {
    if (this.destroyed) return Promise.resolve({ value: undefined, done: true });
    const chunk = this.queue.shift();
    if (chunk) {
      this.queuedBytes -= chunk.length;
      if (this.queuedBytes < HIGH_WATER_BYTES && this.controller?.paused) {
        this.controller.resume();
      }
      return Promise.resolve({ value: chunk, done: false });
    }
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  /**
   * The end, a failure or a destroy: the signal has nothing left to cancel, and a reader waiting
   * for a chunk hears of it.
   */
  private settle(): void {
    this.removeAbortListener?.();
    const waiting = this.waiting;
    if (!waiting || this.queue.length > 0) return;
    this.waiting = undefined;
    if (this.failure !== undefined && !this.destroyed) waiting.reject(this.failure);
    else waiting.resolve({ value: undefined, done: true });
  }

  private abortReason(): Error {
    const reason: unknown = this.signal?.reason;
    return reason instanceof Error ? reason : new RequestAbortedError('The request was cancelled.');
  }
}
