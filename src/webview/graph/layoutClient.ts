import type { LayoutRequest, LayoutResponse } from './layoutTypes';

/**
 * Runs layouts in a Web Worker. A webview cannot start a worker from its resource URL (another
 * origin), so the worker's bundle is fetched and started from a blob: URL, which the CSP allows.
 */
export class LayoutClient {
  private worker: Promise<Worker> | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, (response: LayoutResponse) => void>();

  layout(request: Omit<LayoutRequest, 'id'>): Promise<LayoutResponse> {
    const id = ++this.nextId;
    return this.start().then(
      (worker) =>
        new Promise<LayoutResponse>((resolve) => {
          this.waiting.set(id, resolve);
          worker.postMessage({ ...request, id } satisfies LayoutRequest);
        }),
    );
  }

  private start(): Promise<Worker> {
    this.worker ??= fetch(new URL('./graph-layout.worker.js', import.meta.url))
      .then((response) => response.text())
      .then((code) => {
        const worker = new Worker(
          URL.createObjectURL(new Blob([code], { type: 'text/javascript' })),
        );
        worker.onmessage = (event: MessageEvent<LayoutResponse>) => {
          this.waiting.get(event.data.id)?.(event.data);
          this.waiting.delete(event.data.id);
        };
        return worker;
      });
    return this.worker;
  }
}
