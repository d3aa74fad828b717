/**
 * Faults a real PuppetDB will not produce on demand: a stall, a reset mid-body, garbage bytes,
 * an HTML error page, a malformed body. A loopback server plays the broken peer.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
  type Socket,
} from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  connect,
  EmptyResponseError,
  IncompleteResponseError,
  MalformedResponseError,
  PuppetDBConnectionError,
  PuppetDBHTTPError,
  PuppetDBTimeoutError,
  RequestAbortedError,
  type PuppetDB,
} from '../../../src/client';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const routes = new Map<string, Handler>();
let server: Server;
let port: number;
const openSockets = new Set<Socket>();

before(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const handler = routes.get(path);
    if (handler) handler(request, response);
    else response.writeHead(404).end('no route');
  });
  server.on('connection', (socket) => {
    openSockets.add(socket);
    socket.on('close', () => openSockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

after(async () => {
  for (const socket of openSockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(timeout = 5): PuppetDB {
  return connect({ host: '127.0.0.1', port, timeout });
}

function route(path: string, handler: Handler): void {
  routes.set(`/pdb/query/v4/${path}`, handler);
}

describe('faults from a broken peer', () => {
  test('a body cut mid-stream after some records is an IncompleteResponseError, after yielding what arrived', async () => {
    route('facts', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(
        '[{"certname":"a.example.com","name":"kernel","value":"Linux","environment":"production"},',
      );
      response.write('{"certname":"b.example.com","name":"ker');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const db = client();
    const seen: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const fact of db.facts()) seen.push(fact.node);
      })(),
      (error: unknown) => {
        assert.ok(error instanceof IncompleteResponseError, `got ${String(error)}`);
        assert.match(error.message, /broke while the response was arriving/);
        return true;
      },
    );
    assert.deepEqual(seen, ['a.example.com']);
    await db.disconnect();
  });

  test('a server that stalls before answering is a PuppetDBTimeoutError', async () => {
    route('nodes', () => {
      // never answers
    });
    const db = client(0.3);
    await assert.rejects(db.nodes().toArray(), (error: unknown) => {
      assert.ok(error instanceof PuppetDBTimeoutError, `got ${String(error)}`);
      assert.equal(error.timeoutSeconds, 0.3);
      assert.match(error.message, /timed out on 127\.0\.0\.1:\d+ over HTTP/);
      return true;
    });
    await db.disconnect();
  });

  test('a server that stalls mid-body is a PuppetDBTimeoutError', async () => {
    route('events', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
    });
    const db = client(0.3);
    await assert.rejects(db.events().toArray(), (error: unknown) => {
      assert.ok(error instanceof PuppetDBTimeoutError, `got ${String(error)}`);
      assert.match(error.message, /stopped sending data/);
      return true;
    });
    await db.disconnect();
  });

  test('a 500 with an HTML body keeps the status, the URL and the page title', async () => {
    route('reports', (_request, response) => {
      response.writeHead(500, { 'content-type': 'text/html;charset=iso-8859-1' });
      response.end(
        '<html><head><title>Error 500 Server Error</title></head><body><h2>HTTP ERROR 500</h2></body></html>',
      );
    });
    const db = client();
    await assert.rejects(db.reports().toArray(), (error: unknown) => {
      assert.ok(error instanceof PuppetDBHTTPError, `got ${String(error)}`);
      assert.equal(error.status, 500);
      assert.match(error.url, /\/pdb\/query\/v4\/reports$/);
      assert.match(error.body, /HTTP ERROR 500/);
      assert.match(error.message, /500 .*Error 500 Server Error \(HTML error page\)/);
      return true;
    });
    await db.disconnect();
  });

  test('a 200 HTML page instead of JSON is a MalformedResponseError', async () => {
    route('environments', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><title>PuppetDB: Dashboard</title></html>');
    });
    const db = client();
    await assert.rejects(db.environments(), (error: unknown) => {
      assert.ok(error instanceof MalformedResponseError, `got ${String(error)}`);
      assert.match(error.message, /HTML page instead of JSON \("PuppetDB: Dashboard"\)/);
      return true;
    });
    await db.disconnect();
  });

  test('a malformed JSON body is a MalformedResponseError naming the URL', async () => {
    route('edges', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('[{"certname": "x", oops}]');
    });
    const db = client();
    await assert.rejects(db.edges().toArray(), (error: unknown) => {
      assert.ok(error instanceof MalformedResponseError, `got ${String(error)}`);
      assert.match(
        error.message,
        /\/pdb\/query\/v4\/edges is malformed: the response is not valid JSON/,
      );
      return true;
    });
    await db.disconnect();
  });

  test('a JSON null body is an EmptyResponseError', async () => {
    route('fact-names', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('null');
    });
    const db = client();
    await assert.rejects(db.factNames(), EmptyResponseError);
    await db.disconnect();
  });

  test('aborting mid-body is a RequestAbortedError and stops reading', async () => {
    route('inventory', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(
        '[{"certname":"a","timestamp":"2024-03-01T10:00:00.000Z","environment":"production","facts":{},"trusted":{}},',
      );
    });
    const controller = new AbortController();
    const db = client();
    const seen: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const row of db.inventory({ signal: controller.signal })) {
          seen.push(row.node);
          controller.abort();
        }
      })(),
      RequestAbortedError,
    );
    assert.deepEqual(seen, ['a']);
    await db.disconnect();
  });

  test('an already aborted signal sends nothing', async () => {
    let requests = 0;
    route('catalogs', (_request, response) => {
      requests++;
      response.end('[]');
    });
    const controller = new AbortController();
    controller.abort();
    const db = client();
    await assert.rejects(db.catalogs({ signal: controller.signal }).toArray(), RequestAbortedError);
    assert.equal(requests, 0);
    await db.disconnect();
  });
});

describe('faults below HTTP', () => {
  let tcp: TcpServer;
  let tcpPort: number;
  let behaviour: (socket: Socket) => void = () => {};

  before(async () => {
    tcp = createTcpServer((socket) => behaviour(socket));
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    tcpPort = (tcp.address() as AddressInfo).port;
  });
  after(async () => {
    await new Promise<void>((resolve) => tcp.close(() => resolve()));
  });

  test('garbage bytes instead of HTTP are a MalformedResponseError', async () => {
    behaviour = (socket) => {
      socket.on('data', () => socket.end('\x00\x01garbage that is not HTTP\r\n\r\n'));
    };
    const db = connect({ host: '127.0.0.1', port: tcpPort, timeout: 2 });
    await assert.rejects(db.nodes().toArray(), (error: unknown) => {
      assert.ok(error instanceof MalformedResponseError, `got ${String(error)}`);
      assert.match(error.message, /did not answer with valid HTTP/);
      return true;
    });
    await db.disconnect();
  });

  test('a connection reset before any answer is a PuppetDBConnectionError', async () => {
    behaviour = (socket) => {
      socket.on('data', () => socket.resetAndDestroy());
    };
    const db = connect({ host: '127.0.0.1', port: tcpPort, timeout: 2 });
    await assert.rejects(db.nodes().toArray(), (error: unknown) => {
      assert.ok(error instanceof PuppetDBConnectionError, `got ${String(error)}`);
      assert.ok(!(error instanceof IncompleteResponseError));
      assert.match(error.message, /Could not reach PuppetDB on 127\.0\.0\.1:\d+ over HTTP/);
      return true;
    });
    await db.disconnect();
  });

  test('a refused connection is a PuppetDBConnectionError that says so', async () => {
    const closed = createTcpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const db = connect({ host: '127.0.0.1', port: freePort, timeout: 2 });
    await assert.rejects(db.currentVersion(), (error: unknown) => {
      assert.ok(error instanceof PuppetDBConnectionError, `got ${String(error)}`);
      assert.equal(error.code, 'ECONNREFUSED');
      assert.match(error.message, /connection refused/);
      return true;
    });
    await db.disconnect();
  });
});
