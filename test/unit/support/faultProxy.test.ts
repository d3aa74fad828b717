/**
 * The fault proxy's own behaviour, against a loopback upstream: what it forwards, records and
 * hides, when a fault applies, and what each fault puts on the wire.
 */
import assert from 'node:assert/strict';
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from 'node:http';
import { connect as tcpConnect, type AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { inspect } from 'node:util';
import type { FaultProxy } from '../../support/faultProxy';
import { startFaultProxy } from '../../support/faultProxy';

/** 10 000 bytes, so that a cut at half the body is visible. */
const BODY = 'x'.repeat(10_000);
/** What the upstream answers below /json: a list of two rows, as PuppetDB would. */
const ROWS = [
  { certname: 'a.example', value: 1 },
  { certname: 'b.example', value: 2 },
];

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The transport error that ended the body early, if any. */
  error: NodeJS.ErrnoException | undefined;
}

/** One request with a fresh connection; resolves with what arrived, errors included. */
function send(
  port: number,
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    idleMs?: number;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (incoming) => {
        let body = '';
        const done = (error?: NodeJS.ErrnoException) =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body, error });
        outgoing.removeListener('error', reject);
        outgoing.on('error', () => {}); // already reported through `incoming`
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () => done());
        incoming.on('error', (error) => done(error));
        if (options.idleMs) {
          incoming.socket.setTimeout(options.idleMs, () => {
            done(Object.assign(new Error('idle'), { code: 'IDLE' }));
            incoming.destroy();
          });
        }
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** Polls `condition` until it holds (the proxy's own state changes on its own events). */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 1000) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A request whose answer is being read (or not) by the caller. */
function openEndless(port: number, path: string): Promise<{ incoming: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, agent: false }, (incoming) =>
      resolve({ incoming }),
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Reads `bytes` of an endless answer, then goes away. */
async function readEndless(
  port: number,
  path: string,
  bytes: number,
): Promise<{ head: IncomingMessage; text: string }> {
  const { incoming } = await openEndless(port, path);
  let text = '';
  for await (const chunk of incoming) {
    text += (chunk as Buffer).toString('utf8');
    if (text.length >= bytes) break;
  }
  incoming.destroy();
  return { head: incoming, text };
}

let upstream: Server;
let upstreamPort: number;
let proxy: FaultProxy;
const upstreamSaw: Array<{ method: string; url: string; body: string }> = [];

before(async () => {
  upstream = createServer((incoming, outgoing) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
    incoming.on('end', () => {
      upstreamSaw.push({ method: incoming.method ?? '', url: incoming.url ?? '', body });
      outgoing.writeHead(200, { 'content-type': 'application/json', 'x-records': '7' });
      outgoing.end(incoming.url?.startsWith('/json') ? JSON.stringify(ROWS) : BODY);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamPort = (upstream.address() as AddressInfo).port;
  proxy = await startFaultProxy({ target: { host: '127.0.0.1', port: upstreamPort } });
});

after(async () => {
  await proxy.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

beforeEach(() => {
  proxy.passThrough();
  proxy.clearRecords();
  upstreamSaw.length = 0;
});

describe('fault proxy', () => {
  test('passes requests through and records them, hiding credential values when printed', async () => {
    const answer = await send(proxy.port, '/pdb/query/v4?query=x', {
      method: 'POST',
      headers: { authorization: 'Basic c2VjcmV0', 'x-authentication': 'tok-123', 'x-trace': 'a' },
      body: '{"query":"nodes {}"}',
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['x-records'], '7');
    assert.equal(answer.body, BODY);
    assert.deepEqual(upstreamSaw, [
      { method: 'POST', url: '/pdb/query/v4?query=x', body: '{"query":"nodes {}"}' },
    ]);
    assert.equal(proxy.requestCount, 1);
    const [recorded] = proxy.requests;
    assert.equal(recorded?.method, 'POST');
    assert.equal(recorded?.url, '/pdb/query/v4?query=x');
    assert.equal(recorded?.fault, 'pass');
    assert.equal(recorded?.header('Authorization'), 'Basic c2VjcmV0');
    assert.equal(recorded?.header('x-trace'), 'a');
    const printed = inspect(proxy.requests) + JSON.stringify(proxy.requests);
    assert.doesNotMatch(printed, /c2VjcmV0|tok-123/);
    assert.match(printed, /<redacted>/);
  });

  test('a fault for the next matching request only, then pass-through again', async () => {
    proxy.inject(
      { kind: 'loadBalancer', status: 503, retryAfterSeconds: 30 },
      {
        times: 1,
        match: /\/nodes/,
      },
    );
    assert.equal((await send(proxy.port, '/facts')).status, 200);
    const refused = await send(proxy.port, '/nodes');
    assert.equal(refused.status, 503);
    assert.equal(refused.headers['retry-after'], '30');
    assert.match(refused.body, /<title>503 Service Temporarily Unavailable<\/title>/);
    assert.equal((await send(proxy.port, '/nodes')).status, 200);
    assert.deepEqual(
      proxy.requests.map((r) => r.fault),
      ['pass', 'loadBalancer', 'pass'],
    );
    assert.deepEqual(
      upstreamSaw.map((r) => r.url),
      ['/facts', '/nodes'],
      'the faulted request never reached the server',
    );
  });

  test('a fault from now on lasts until passThrough()', async () => {
    proxy.inject({ kind: 'serverError' });
    assert.equal((await send(proxy.port, '/a')).status, 500);
    assert.equal((await send(proxy.port, '/b')).status, 500);
    proxy.passThrough();
    assert.equal((await send(proxy.port, '/c')).status, 200);
  });

  test('a reset mid-body delivers the first half, then ECONNRESET', async () => {
    proxy.inject({ kind: 'resetMidBody' });
    const answer = await send(proxy.port, '/facts');
    assert.equal(answer.status, 200);
    assert.equal(answer.body, BODY.slice(0, BODY.length / 2));
    assert.equal(answer.error?.code, 'ECONNRESET');
  });

  test('a stall mid-body delivers the first part, then nothing while the connection stays open', async () => {
    proxy.inject({ kind: 'stallMidBody', fraction: 0.25 });
    const answer = await send(proxy.port, '/facts', { idleMs: 300 });
    assert.equal(answer.body, BODY.slice(0, BODY.length / 4));
    assert.equal(answer.error?.code, 'IDLE');
  });

  test('a held request reaches the server only once its promise settles, then answers whole', async () => {
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    proxy.inject({ kind: 'hold', until }, { times: 1 });
    let answered = false;
    const answer = send(proxy.port, '/held').then((value) => {
      answered = true;
      return value;
    });
    // the proxy has the request: it is recorded, and it waits (a forward, were there one, would
    // reach the loopback server well within the pause)
    while (proxy.requestCount === 0) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(answered, false, 'no answer while held');
    assert.equal(upstreamSaw.length, 0, 'the server has not seen it');
    assert.equal(proxy.requests[0]?.fault, 'hold');
    release();
    assert.equal((await answer).body, BODY);
    assert.deepEqual(
      upstreamSaw.map((r) => r.url),
      ['/held'],
    );
  });

  test('a drip delivers the whole body in pieces', async () => {
    proxy.inject({ kind: 'drip', bytes: 2_500, everyMs: 5 });
    const answer = await send(proxy.port, '/facts');
    assert.equal(answer.body, BODY);
    assert.equal(answer.error, undefined);
  });

  test('garbage and close-before-headers put no HTTP on the wire', async () => {
    const raw = (): Promise<Buffer> =>
      new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        const socket = tcpConnect(proxy.port, '127.0.0.1', () =>
          socket.write('GET /nodes HTTP/1.1\r\nHost: x\r\n\r\n'),
        );
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('end', () => resolve(Buffer.concat(chunks)));
        socket.on('error', reject);
      });
    proxy.inject({ kind: 'garbage' }, { times: 1 });
    const garbage = await raw();
    assert.ok(garbage.length > 0);
    assert.doesNotMatch(garbage.toString('latin1'), /^HTTP\//);
    proxy.inject({ kind: 'closeBeforeHeaders' }, { times: 1 });
    assert.equal((await raw()).length, 0);
    assert.equal(upstreamSaw.length, 0);
  });

  test("endless rows: the server's rows again and again, numbered, in an array that never ends", async () => {
    proxy.inject({ kind: 'endlessRows' });
    const { head, text } = await readEndless(proxy.port, '/json/nodes', 200_000);
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['x-records'], '7', "the server's total stays");
    assert.equal(head.headers['content-length'], undefined);
    assert.ok(text.startsWith('[{"certname":"a.example-0","value":1},'), text.slice(0, 80));
    // the complete rows of what was read parse, in the server's order, each numbered
    const rows = JSON.parse(`${text.slice(0, text.lastIndexOf('},{') + 1)}]`) as typeof ROWS;
    assert.ok(rows.length > 1000, `${rows.length} rows in 200 kB`);
    rows.forEach((row, index) => {
      const { certname, value } = ROWS[index % ROWS.length]!;
      assert.deepEqual(row, { certname: `${certname}-${index}`, value });
    });
    assert.deepEqual(
      upstreamSaw.map((saw) => saw.url),
      ['/json/nodes'],
      'asked once, for its shape',
    );
    await until(() => proxy.endlessRows.open === 0, 'the proxy stops once the client is gone');
    assert.equal(proxy.endlessRows.served, 1);
  });

  test('endless rows wait for a client that does not read (back pressure), then go on', async () => {
    proxy.inject({ kind: 'endlessRows', rows: ['fact'] });
    const { incoming } = await openEndless(proxy.port, '/facts');
    incoming.pause();
    await until(() => proxy.endlessRows.waits > 0, 'the proxy waits for the client');
    const written = proxy.endlessRows.rows;
    // what the sockets' buffers hold, not what an endless writer would have made meanwhile
    assert.ok(written * '"fact-123456",'.length < 8 * 1024 * 1024, `${written} rows written`);
    const first = await new Promise<string>((resolve) => {
      incoming.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8')));
      incoming.resume();
    });
    assert.ok(first.startsWith('["fact-0","fact-1"'), first.slice(0, 40));
    await until(() => proxy.endlessRows.rows > written, 'more rows once the client reads');
    incoming.destroy();
    await until(() => proxy.endlessRows.open === 0, 'the proxy stops once the client is gone');
  });

  test('passThrough() cuts an endless answer in flight', async () => {
    proxy.inject({ kind: 'endlessRows', rows: [{}] });
    const { incoming } = await openEndless(proxy.port, '/nodes');
    const ended = new Promise<string>((resolve) => {
      incoming.on('data', () => {});
      incoming.on('error', () => resolve('error'));
      incoming.on('close', () => resolve('close'));
    });
    await until(() => proxy.endlessRows.open === 1, 'the endless answer is under way');
    proxy.passThrough();
    assert.ok(['error', 'close'].includes(await ended));
    assert.equal(proxy.endlessRows.open, 0);
    assert.equal((await send(proxy.port, '/nodes')).body, BODY, 'the next request passes');
  });

  test("an answer of the proxy's own: its status and body, nothing forwarded", async () => {
    const body = JSON.stringify({ error: '[x](command:y) $(alert)' });
    proxy.inject({ kind: 'answer', status: 400, body }, { times: 1 });
    const answer = await send(proxy.port, '/pdb/query/v4');
    assert.equal(answer.status, 400);
    assert.equal(answer.body, body);
    assert.match(String(answer.headers['content-type']), /^application\/json/);
    assert.equal(upstreamSaw.length, 0);
  });

  test('refusing connections frees the port; accepting again reuses it', async () => {
    const port = proxy.port;
    await proxy.refuseConnections();
    await assert.rejects(send(port, '/nodes'), { code: 'ECONNREFUSED' });
    await proxy.acceptConnections();
    assert.equal(proxy.port, port);
    assert.equal((await send(port, '/nodes')).status, 200);
    assert.equal(proxy.requestCount, 1, 'a refused connection carries no request');
  });

  test('when the server is down, pass-through answers 502 as a load balancer would', async () => {
    const down = await startFaultProxy({ target: { host: '127.0.0.1', port: 1 } });
    try {
      const answer = await send(down.port, '/nodes');
      assert.equal(answer.status, 502);
      assert.match(answer.body, /502 Bad Gateway/);
    } finally {
      await down.close();
    }
  });
});
