/** The request observer (`onRequest`): one event per HTTP request when it ends, never a secret. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  connect,
  PuppetDBHTTPError,
  type ConnectOptions,
  type PuppetDB,
  type RequestEvent,
} from '../../../src/client';
import { json, loopbackServer, refusingUrl, type LoopbackServer } from './support/loopbackServer';

const ROWS = Array.from({ length: 25 }, (_, index) => ({ certname: `node${index}.example.com` }));
let server: LoopbackServer;
const clients: PuppetDB[] = [];

function observed(options: ConnectOptions = {}): { db: PuppetDB; events: RequestEvent[] } {
  const events: RequestEvent[] = [];
  const db = connect({
    serverUrls: [server.url],
    onRequest: (event) => events.push(event),
    ...options,
  });
  clients.push(db);
  return { db, events };
}

before(async () => {
  server = await loopbackServer(json(ROWS));
});

after(async () => {
  for (const db of clients) await db.disconnect();
  await server.close();
});

describe('onRequest', () => {
  test('a streamed list: one event at the end, with status, bytes, rows and time', async () => {
    server.handle(json(ROWS));
    const { db, events } = observed();
    const stream = db.stream('nodes', { query: '["=", "certname", "x"]' });
    let count = 0;
    for await (const _ of stream) {
      count++;
      assert.equal(events.length, 0, 'no event while the body is still being read');
    }
    assert.equal(count, 25);
    assert.equal(events.length, 1);
    const [event] = events;
    assert.equal(event!.method, 'GET');
    assert.equal(event!.server, server.url);
    assert.ok(event!.url.startsWith(`${server.url}/pdb/query/v4/nodes?query=`), event!.url);
    assert.equal(event!.status, 200);
    assert.equal(event!.bytes, Buffer.byteLength(JSON.stringify(ROWS)));
    assert.equal(event!.rows, 25);
    assert.equal(event!.error, undefined);
    assert.equal(event!.failingOver, false);
    assert.ok(Number.isInteger(event!.ms) && event!.ms >= 0);
  });

  test('a whole answer (query(), a single object) and a reader that stops early', async () => {
    server.handle(json(ROWS));
    const { db, events } = observed();
    await db.query('nodes', { requestMethod: 'POST' });
    assert.equal(events.at(-1)!.method, 'POST');
    assert.equal(events.at(-1)!.rows, 25);

    server.handle(json({ version: '7.20.0' }));
    await db.currentVersion();
    assert.equal(events.at(-1)!.rows, undefined, 'a single object is not a list of rows');
    assert.equal(events.at(-1)!.status, 200);

    server.handle(json(ROWS));
    assert.equal((await db.stream('nodes').first()) !== undefined, true);
    assert.equal(events.length, 3);
    assert.equal(events.at(-1)!.error, undefined, 'stopping early is not a failure');
  });

  test('a failed request: the APIError, the status and no rows', async () => {
    server.handle((_request, response) =>
      response.writeHead(400).end('PQL parse error at line 1, column 7'),
    );
    const { db, events } = observed();
    await assert.rejects(db.pql('nodes {').toArray(), PuppetDBHTTPError);
    assert.equal(events.length, 1);
    assert.equal(events[0]!.status, 400);
    assert.ok(events[0]!.error instanceof PuppetDBHTTPError);
    assert.equal(events[0]!.rows, undefined);
    assert.equal(events[0]!.failingOver, false);
  });

  test('failover: one event per server tried, the failed one marked failingOver', async () => {
    server.handle(json(ROWS));
    const refused = await refusingUrl();
    const { db, events } = observed({ serverUrls: [refused, server.url] });
    await db.query('nodes');
    assert.deepEqual(
      events.map((event) => [event.server, event.status, event.failingOver, event.error?.name]),
      [
        [refused, undefined, true, 'PuppetDBConnectionError'],
        [server.url, 200, false, undefined],
      ],
    );
  });

  test('credentials never reach an event', async () => {
    server.handle(json(ROWS));
    const { db, events } = observed({
      username: 'admin',
      password: 'pa55-SECRET',
      token: 'tok-SECRET',
      protocol: undefined,
    });
    await db.query('nodes');
    server.handle((_request, response) => response.writeHead(403).end('forbidden'));
    await assert.rejects(db.query('nodes'));
    const text = JSON.stringify(events, (_key, value: unknown) =>
      value instanceof Error ? { ...value, message: value.message } : value,
    );
    assert.equal(events.length, 2);
    assert.ok(!/SECRET|Basic |authorization|x-authentication/i.test(text), text);
  });

  test('an observer that throws never breaks the request', async () => {
    server.handle(json(ROWS));
    const db = connect({
      serverUrls: [server.url],
      onRequest: () => {
        throw new Error('observer bug');
      },
    });
    clients.push(db);
    assert.equal(((await db.query('nodes')) as unknown[]).length, 25);
    assert.equal((await db.stream('nodes').toArray()).length, 25);
  });

  test('onRequest must be a function', () => {
    assert.throws(() => connect({ onRequest: 'log' as never }), /onRequest must be a function/);
  });
});
