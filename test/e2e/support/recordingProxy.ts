/**
 * A loopback HTTP proxy in front of the test PuppetDB that records every request the extension
 * sends through it (method, path and query, body, and whether the extension hung up before the
 * answer was complete), so an e2e test can prove what was, and what was not, asked of PuppetDB
 * (e.g. nothing because a window reloaded, or a query given up because the user cancelled it).
 */
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query string, percent-decoded (where it decodes). */
  url: string;
  body: string;
  /** The extension closed the request before PuppetDB's answer had all reached it. */
  closedEarly: boolean;
}

export interface RecordingProxy {
  url: string;
  requests: RecordedRequest[];
  /** The recorded requests whose URL or body contains `text`. */
  matching(text: string): RecordedRequest[];
  close(): Promise<void>;
}

export async function startRecordingProxy(target: {
  host: string;
  port: number;
}): Promise<RecordingProxy> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const recorded: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url: decode(incoming.url ?? ''),
        body: body.toString('utf8'),
        closedEarly: false,
      };
      requests.push(recorded);
      outgoing.on('close', () => {
        if (!outgoing.writableFinished) recorded.closedEarly = true;
      });
      const forward = request(
        {
          host: target.host,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: `${target.host}:${target.port}` },
        },
        (answer: IncomingMessage) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forward.on('error', (error) => outgoing.destroy(error));
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    matching: (text) =>
      requests.filter((each) => each.url.includes(text) || each.body.includes(text)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function decode(url: string): string {
  try {
    return decodeURIComponent(url.replace(/\+/g, ' '));
  } catch {
    return url;
  }
}
