/**
 * A loopback HTTP server that stands for a server the user never chose (a hostile workspace's
 * URL, or a connection's new origin): it records every request's method, path and headers and
 * answers 401, as a PuppetDB behind authentication would. `GET /__recorded` lists what it got
 * (that request is not recorded), so a test in another process can ask it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface Recorder {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export const RECORDED_PATH = '/__recorded';

export async function startRecorder(): Promise<Recorder> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === RECORDED_PATH) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(requests));
      return;
    }
    requests.push({
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
    });
    request.resume();
    response.writeHead(401, { 'content-type': 'text/plain' });
    response.end('recording server: authentication required');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a recorder in another process got (see RECORDED_PATH). */
export async function recordedAt(origin: string): Promise<RecordedRequest[]> {
  return (await (await fetch(`${origin}${RECORDED_PATH}`)).json()) as RecordedRequest[];
}
