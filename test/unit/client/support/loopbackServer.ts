/** A loopback HTTP server that answers as a test tells it: a broken peer or a load balancer. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface LoopbackServer {
  url: string;
  /** Requests received, as `METHOD /path?query`. */
  seen: string[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function loopbackServer(handler: Handler): Promise<LoopbackServer> {
  let current = handler;
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    current(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    handle: (next) => (current = next),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback URL where nothing listens (bound, then closed): connecting is refused. */
export async function refusingUrl(): Promise<string> {
  const server = await loopbackServer(() => undefined);
  await server.close();
  return server.url;
}

export const json =
  (body: unknown, status = 200): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
