/**
 * A loopback HTTP proxy in front of PuppetDB that stamps each request it forwards: when it came,
 * when the first bytes of PuppetDB's answer passed, and when the last did (in ms since 1970 with
 * sub-millisecond precision, the clock the notebook's webview marks its paints with:
 * `performance.timeOrigin + performance.now()`).
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface TimedRequest {
  /** Path and query, and the body (a query sent by POST). */
  url: string;
  body: string;
  startedAt: number;
  firstBytesAt?: number;
  endedAt?: number;
}

export interface TimingProxy {
  url: string;
  host: string;
  port: number;
  requests: TimedRequest[];
  close(): Promise<void>;
}

/** Now on the wall clock, in ms, as precise as performance.now(). */
export const wallClock = (): number => performance.timeOrigin + performance.now();

export async function startTimingProxy(target: {
  host: string;
  port: number;
}): Promise<TimingProxy> {
  const requests: TimedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    const timed: TimedRequest = {
      url: decodeURIComponent(incoming.url ?? ''),
      body: '',
      startedAt: wallClock(),
    };
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      timed.body = body.toString('utf8');
      requests.push(timed);
      const forward = request(
        {
          host: target.host,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: `${target.host}:${target.port}` },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.on('data', (chunk: Buffer) => {
            timed.firstBytesAt ??= wallClock();
            outgoing.write(chunk);
          });
          answer.on('end', () => {
            timed.endedAt = wallClock();
            outgoing.end();
          });
        },
      );
      forward.on('error', (error) => outgoing.destroy(error));
      outgoing.on('close', () => forward.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
