/**
 * Two real PuppetDB processes on ONE database, as a fleet that outgrew one PuppetDB runs them:
 * this run's server (scripts/test.sh's) and a second JVM started here against its database
 * (start.sh's PDB_SHARE_DATABASE_OF), on its own ports, stopped after. The second is listed
 * first in serverUrls, so that stopping it mid-session leaves this run's server for the other
 * test files. A 503 comes from a loopback "load balancer": a real PuppetDB never answers one.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import {
  AllServersFailedError,
  connect,
  PuppetDBHTTPError,
  type ConnectOptions,
  type PuppetDB,
  type RequestEvent,
} from '../../src/client';
import { json, loopbackServer, type LoopbackServer } from '../unit/client/support/loopbackServer';
import { fleetIn, serverIn, testStateDir, type TestServer } from './support/puppetdb';

const run = promisify(execFile);
const script = (name: string) => resolve('scripts/puppetdb', name);
const mainDir = testStateDir();
const secondDir = `${mainDir}-failover`;
const httpUrl = (server: TestServer) => `http://${server.host}:${server.httpPort}`;

let main: TestServer;
let second: TestServer;
let balancer: LoopbackServer;
const clients: PuppetDB[] = [];

function client(serverUrls: string[], events: RequestEvent[] = [], options: ConnectOptions = {}) {
  const db = connect({
    serverUrls,
    timeout: 60,
    onRequest: (event) => events.push(event),
    ...options,
  });
  clients.push(db);
  return db;
}

const stopSecond = () => run('bash', [script('stop.sh'), secondDir, '--keep-postgres']);

before(async () => {
  main = serverIn(mainDir);
  // few database connections and a small heap: PostgreSQL's max_connections is 100 in CI
  await run('bash', [script('start.sh'), secondDir], {
    env: {
      ...process.env,
      PDB_SHARE_DATABASE_OF: mainDir,
      PDB_POOL_SIZE: '4',
      PDB_HEAP: '512m',
      PDB_READY_TIMEOUT: process.env.PDB_READY_TIMEOUT ?? '600',
    },
  });
  second = serverIn(secondDir);
  balancer = await loopbackServer(json({ error: 'no healthy upstream' }, 503));
});

after(async () => {
  for (const db of clients) await db.disconnect();
  await balancer?.close();
  await stopSecond();
});

describe('failover between two PuppetDBs on one database', () => {
  test('both servers answer the same fleet; a 4xx or PQL error is not failed over', async () => {
    const fleet = fleetIn(mainDir);
    const events: RequestEvent[] = [];
    const db = client([httpUrl(second), httpUrl(main)], events);
    const names = (await db.nodes().toArray()).map((node) => node.name).sort();
    assert.equal(names.length, fleet.nodes.length - fleet.deactivated.length);
    assert.equal(db.lastServer, httpUrl(second));
    const alone = connect({ host: main.host, port: main.httpPort });
    clients.push(alone);
    assert.deepEqual((await alone.nodes().toArray()).map((node) => node.name).sort(), names);

    events.length = 0;
    await assert.rejects(db.pql('nodes[certname] { certname ~ }').toArray(), (error: unknown) => {
      assert.ok(error instanceof PuppetDBHTTPError, String(error));
      assert.equal(error.status, 400);
      return true;
    });
    await assert.rejects(db.node('no-such-node.example.com'), (error: unknown) => {
      assert.ok(error instanceof PuppetDBHTTPError && error.status === 404, String(error));
      return true;
    });
    assert.deepEqual(
      events.map((event) => [event.server, event.status, event.failingOver]),
      [
        [httpUrl(second), 400, false],
        [httpUrl(second), 404, false],
      ],
    );
  });

  test('a load balancer’s 503 goes on to the next server', async () => {
    const events: RequestEvent[] = [];
    const db = client([balancer.url, httpUrl(main)], events);
    assert.equal(((await db.factNames()) as string[]).includes('os'), true);
    assert.equal(db.lastServer, httpUrl(main));
    assert.deepEqual(
      events.map((event) => [event.server, event.status, event.failingOver]),
      [
        [balancer.url, 503, true],
        [httpUrl(main), 200, false],
      ],
    );
  });

  test('the first stopped mid-session: requests go to the second; then both down is one clear error', async () => {
    const events: RequestEvent[] = [];
    const db = client([httpUrl(second), httpUrl(main)], events);
    const before = await db.nodes().toArray();
    assert.equal(db.lastServer, httpUrl(second));

    await stopSecond();
    const afterStop = await db.nodes().toArray();
    assert.deepEqual(
      afterStop.map((node) => node.name),
      before.map((node) => node.name),
    );
    assert.equal(db.lastServer, httpUrl(main));
    const refused = events.find((event) => event.server === httpUrl(second) && event.error);
    assert.equal(refused?.failingOver, true);
    assert.equal((refused?.error as { code?: string } | undefined)?.code, 'ECONNREFUSED');

    // the stopped server and a load balancer with no healthy upstream: nothing answers
    const down = client([httpUrl(second), balancer.url]);
    await assert.rejects(down.nodes().toArray(), (error: unknown) => {
      assert.ok(error instanceof AllServersFailedError, String(error));
      assert.match(error.message, /^None of the 2 PuppetDB servers answered/);
      assert.ok(
        error.message.includes(`${httpUrl(second)}: Could not reach PuppetDB`),
        error.message,
      );
      assert.match(error.message, /connection refused/);
      assert.ok(error.message.includes(`${balancer.url}: PuppetDB answered 503`), error.message);
      return true;
    });
  });
});
