import { layeredLayout } from '../../shared/catalogGraphLayout';
import type { LayoutRequest, LayoutResponse } from './layoutTypes';

/**
 * Runs layouts in a Web Worker, off the main thread. A webview cannot start a worker from its
 * resource URL (another origin), so the worker's bundle is fetched and started from a blob: URL,
 * which the CSP allows (`worker-src blob:`). Should the worker fail to start, the fast layered
 * layout runs here instead, so the graph is still drawn.
 */
export class LayoutClient {
  private worker: Promise<Worker> | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, (response: LayoutResponse) => void>();

  async layout(request: Omit<LayoutRequest, 'id'>): Promise<LayoutResponse> {
    const id = ++this.nextId;
    try {
      const worker = await this.start();
      return await new Promise<LayoutResponse>((resolve) => {
        this.waiting.set(id, resolve);
        worker.postMessage({ ...request, id } satisfies LayoutRequest);
      });
    } catch (error) {
      const started = performance.now();
      const positions = layeredLayout(request.nodes, request.edges, request);
      return {
        id,
        positions,
        engine: 'fast',
        ms: performance.now() - started,
        error: String(error),
      };
    }
  }

  private start(): Promise<Worker> {
    this.worker ??= fetch(new URL('./graph-layout.worker.js', import.meta.url))
      .then((response) => {
        if (!response.ok) throw new Error(`the layout worker did not load (${response.status})`);
        return response.text();
      })
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
