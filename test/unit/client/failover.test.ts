/**
 * Failover between the servers of `serverUrls`, against loopback servers that play a refused
 * port, a load balancer answering 502/503/504, a server answering 4xx, and one that breaks off
 * mid-body. (Two real PuppetDBs on one database: test/integration/failover.test.ts.)
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  AllServersFailedError,
  connect,
  ImproperlyConfiguredError,
  IncompleteResponseError,
  PuppetDBConnectionError,
  PuppetDBHTTPError,
  type PuppetDB,
} from '../../../src/client';
import { json, loopbackServer, refusingUrl, type LoopbackServer } from './support/loopbackServer';

const NODES = [{ certname: 'a.example.com' }, { certname: 'b.example.com' }];
let first: LoopbackServer;
let second: LoopbackServer;
let refused: string;
const clients: PuppetDB[] = [];

function client(serverUrls: string[], failbackSeconds?: number): PuppetDB {
  const db = connect({
    serverUrls,
    timeout: 5,
    ...(failbackSeconds === undefined ? {} : { failbackSeconds }),
  });
  clients.push(db);
  return db;
}

const names = (db: PuppetDB) =>
  db.query('nodes').then((rows) => (rows as typeof NODES).map((row) => row.certname));

before(async () => {
  first = await loopbackServer(json(NODES));
  second = await loopbackServer(json(NODES));
  refused = await refusingUrl();
});

after(async () => {
  for (const db of clients) await db.disconnect();
  await first.close();
  await second.close();
});

function reset(): void {
  first.seen.length = 0;
  second.seen.length = 0;
  first.handle(json(NODES));
  second.handle(json(NODES));
}

describe('serverUrls in connect()', () => {
  test('each URL names a server completely; the first is baseUrl', () => {
    const db = connect({
      serverUrls: ['https://pdb1.example.com:8081/', 'http://[::1]:8080/puppetdb/'],
    });
    assert.equal(db.baseUrl, 'https://pdb1.example.com:8081');
    assert.deepEqual(db.serverUrls, [
      'https://pdb1.example.com:8081',
      'http://[::1]:8080/puppetdb',
    ]);
    assert.equal(db.lastServer, undefined);
    assert.deepEqual(connect({ serverUrls: ['https://pdb.example.com'] }).serverUrls, [
      'https://pdb.example.com:443',
    ]);
  });

  test('bad lists are refused at connect(), and a credential in a URL is never repeated', () => {
    const refusedWith = (options: Parameters<typeof connect>[0], pattern: RegExp) =>
      assert.throws(
        () => connect(options),
        (error: unknown) =>
          error instanceof ImproperlyConfiguredError && pattern.test(error.message),
      );
    refusedWith({ serverUrls: [] }, /at least one URL/);
    refusedWith(
      { serverUrls: 'http://a:8080' as unknown as string[] },
      /serverUrls must be an array of URL strings/,
    );
    refusedWith({ serverUrls: ['http://a:8080'], host: 'b' }, /do not also give host/);
    refusedWith(
      { serverUrls: ['http://a:8080'], port: 8081, urlPath: '/x' },
      /do not also give port, urlPath/,
    );
    refusedWith(
      { serverUrls: ['pdb.example.com:8081'] },
      /serverUrls\[0\] must start with http:\/\/ or https:\/\//,
    );
    refusedWith({ serverUrls: ['http://a:8080', 'not a url'] }, /serverUrls\[1\] is not a URL/);
    refusedWith({ serverUrls: ['http://a:8080', 'http://a:8080/'] }, /lists http:\/\/a:8080 twice/);
    refusedWith({ serverUrls: ['http://a:8080/?x=1'] }, /must not have a query/);
    assert.throws(
      () => connect({ serverUrls: ['https://admin:s3cret@pdb.example.com:8081'] }),
      (error: unknown) =>
        error instanceof ImproperlyConfiguredError &&
        /must not hold a user name or password/.test(error.message) &&
        !error.message.includes('s3cret'),
    );
    refusedWith(
      { serverUrls: ['http://a:8080'], failbackSeconds: -1 } as never,
      /failbackSeconds must be/,
    );
  });
});

describe('failing over', () => {
  test('a refused first server: the request goes to the next, and lastServer says which answered', async () => {
    reset();
    const db = client([refused, second.url]);
    assert.deepEqual(await names(db), ['a.example.com', 'b.example.com']);
    assert.equal(db.lastServer, second.url);
    assert.equal(second.seen.length, 1);
  });

  for (const status of [502, 503, 504]) {
    test(`a load balancer's ${status}: the request goes to the next server`, async () => {
      reset();
      first.handle(json({ error: 'no backend' }, status));
      const db = client([first.url, second.url]);
      assert.deepEqual(await names(db), ['a.example.com', 'b.example.com']);
      assert.equal(first.seen.length, 1);
      assert.equal(second.seen.length, 1);
      assert.equal(db.lastServer, second.url);
    });
  }

  test('a 4xx, a PQL error or a 500 is the server’s answer: no failover', async () => {
    for (const [status, body] of [
      [400, 'PQL parse error at line 1, column 7'],
      [404, 'No information is known about node x'],
      [500, 'Internal Server Error'],
    ] as const) {
      reset();
      first.handle((_request, response) => response.writeHead(status).end(body));
      const db = client([first.url, second.url]);
      await assert.rejects(names(db), (error: unknown) => {
        assert.ok(error instanceof PuppetDBHTTPError, String(error));
        assert.equal(error.status, status);
        return true;
      });
      assert.equal(second.seen.length, 0, `${status} must not go to the second server`);
      assert.equal(db.lastServer, undefined);
    }
  });

  test('a body broken off mid-way is an IncompleteResponseError, not a failover', async () => {
    reset();
    first.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[{"certname": "a.example.com"}, {"certname": "b.exa');
      setImmediate(() => response.socket?.destroy());
    });
    const db = client([first.url, second.url]);
    const seen: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const row of db.stream('nodes')) {
          seen.push((row as { certname: string }).certname);
        }
      })(),
      IncompleteResponseError,
    );
    assert.deepEqual(seen, ['a.example.com']);
    assert.equal(second.seen.length, 0);
  });

  test('every server down: one error naming each server and why', async () => {
    reset();
    second.handle(json({ error: 'maintenance' }, 503));
    const db = client([refused, second.url]);
    await assert.rejects(names(db), (error: unknown) => {
      assert.ok(error instanceof AllServersFailedError, String(error));
      assert.ok(error instanceof PuppetDBConnectionError);
      assert.deepEqual(
        error.failures.map((failure) => failure.server),
        [refused, second.url],
      );
      assert.match(error.message, /^None of the 2 PuppetDB servers answered: /);
      assert.ok(error.message.includes(`${refused}: Could not reach PuppetDB`), error.message);
      assert.match(error.message, /connection refused/);
      assert.ok(error.message.includes(`${second.url}: PuppetDB answered 503`), error.message);
      return true;
    });
  });

  test('one server alone keeps its own error (no wrapping)', async () => {
    const db = client([refused]);
    await assert.rejects(names(db), (error: unknown) => {
      assert.ok(
        error instanceof PuppetDBConnectionError && !(error instanceof AllServersFailedError),
      );
      assert.equal(error.code, 'ECONNREFUSED');
      return true;
    });
  });

  test('requests stick to the server that answered, and go back to the first after failbackSeconds', async () => {
    reset();
    first.handle(json({ error: 'restarting' }, 503));
    const sticky = client([first.url, second.url]);
    await names(sticky);
    first.handle(json(NODES));
    await names(sticky);
    // the second answered last: the first is not asked again before failbackSeconds (60)
    assert.equal(first.seen.length, 1);
    assert.equal(second.seen.length, 2);
    assert.equal(sticky.lastServer, second.url);

    reset();
    first.handle(json({ error: 'restarting' }, 503));
    const failingBack = client([first.url, second.url], 0);
    await names(failingBack);
    assert.equal(failingBack.lastServer, second.url);
    first.handle(json(NODES));
    await names(failingBack);
    assert.equal(failingBack.lastServer, first.url);
    assert.equal(first.seen.length, 2);
    assert.equal(second.seen.length, 1);
  });
});
