/**
 * PuppetDB itself restarts (its JVM stopped and started again; the database, the fleet and the
 * ports stay): calls made meanwhile fail with a clear error, whether they go straight to PuppetDB
 * or through a load balancer, and afterwards the same connections work again without the caller
 * reconnecting.
 *
 * @runsAlone (scripts/run-node-tests.mjs): it restarts the PuppetDB the other files read.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  APIError,
  connect,
  IncompleteResponseError,
  PuppetDBConnectionError,
  PuppetDBHTTPError,
  PuppetDBTimeoutError,
  type PuppetDB,
} from '../../src/client';
import { startFaultProxy } from '../support/faultProxy';
import { restartPuppetDB } from '../support/puppetdbRestart';
import { testServer } from './support/puppetdb';

const TIMEOUT_S = 2;
/** Stopping takes seconds; starting the JVM up to PDB_READY_TIMEOUT (start.sh's default 300 s). */
const RESTART_LIMIT_MS = (Number(process.env.PDB_READY_TIMEOUT ?? 300) + 60) * 1000;
/** Between two rounds of calls while PuppetDB restarts: pacing, not a wait for a condition. */
const POLL_MS = 250;

async function nodesWithStatus(db: PuppetDB): Promise<string[]> {
  const lines: string[] = [];
  for await (const node of db.nodes({ withStatus: true })) {
    lines.push(`${node.name} ${node.status}`);
  }
  return lines;
}

/** A call that neither answers nor fails within this is hung. */
async function withinHangLimit<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the call hung')), TIMEOUT_S * 1000 * 5);
  });
  try {
    return await Promise.race([work, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a caller may see while PuppetDB is down or starting, each with a message naming the cause. */
function describeRestartError(error: unknown): string {
  assert.ok(error instanceof APIError, `not a client error: ${String(error)}`);
  assert.match(error.message, /127\.0\.0\.1:\d+/, 'the message names the server');
  if (error instanceof IncompleteResponseError) return `incomplete: ${error.code}`;
  if (error instanceof PuppetDBConnectionError) {
    assert.ok(
      ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(error.code ?? ''),
      error.message,
    );
    return `connection: ${error.code}`;
  }
  if (error instanceof PuppetDBHTTPError) {
    // 500: a request in flight while the stopping JVM closes its database pool ("Rollback failed
    // handling …"); 502/503: the load balancer, or a PuppetDB still starting
    assert.ok([500, 502, 503].includes(error.status), error.message);
    return `http: ${error.status}`;
  }
  assert.ok(error instanceof PuppetDBTimeoutError, `unexpected ${error.name}: ${error.message}`);
  return 'timeout';
}

test(
  'PuppetDB restarts: clear errors meanwhile, then the same connections work again',
  { timeout: RESTART_LIMIT_MS + 60_000 },
  async (t) => {
    const server = testServer();
    const proxy = await startFaultProxy({ target: { host: server.host, port: server.httpPort } });
    const clients = {
      direct: connect({ host: server.host, port: server.httpPort, timeout: TIMEOUT_S }),
      'load balancer': connect({ host: proxy.host, port: proxy.port, timeout: TIMEOUT_S }),
    };
    let restart: Promise<void> | undefined;
    try {
      const expected = await nodesWithStatus(clients.direct);
      assert.ok(expected.length > 0);
      assert.deepEqual(await nodesWithStatus(clients['load balancer']), expected);

      let restarting = true;
      restart = restartPuppetDB(server.stateDir).finally(() => (restarting = false));
      const seen = new Map<string, Set<string>>(
        Object.keys(clients).map((name) => [name, new Set()]),
      );
      while (restarting) {
        for (const [name, db] of Object.entries(clients)) {
          try {
            await withinHangLimit(nodesWithStatus(db));
            seen.get(name)!.add('answered');
          } catch (error) {
            seen.get(name)!.add(describeRestartError(error));
          }
        }
        await Promise.race([restart.catch(() => {}), sleep(POLL_MS)]);
      }
      await restart;

      const outcomes = Object.fromEntries([...seen].map(([name, kinds]) => [name, [...kinds]]));
      t.diagnostic(`while PuppetDB restarted: ${JSON.stringify(outcomes)}`);
      assert.ok(
        seen.get('direct')!.has('connection: ECONNREFUSED'),
        `straight to PuppetDB, a call found the port closed: ${JSON.stringify(outcomes)}`,
      );
      assert.ok(
        seen.get('load balancer')!.has('http: 502'),
        `through the load balancer, a call got its 502: ${JSON.stringify(outcomes)}`,
      );

      // The same clients, no reconnect: the whole answer again.
      assert.deepEqual(await nodesWithStatus(clients.direct), expected);
      assert.deepEqual(await nodesWithStatus(clients['load balancer']), expected);
    } finally {
      // Never hand the next test file a PuppetDB that is still starting.
      await restart?.catch(() => {});
      // Cleanup errors must not hide the failure above.
      await Promise.allSettled([
        clients.direct.disconnect(),
        clients['load balancer'].disconnect(),
        proxy.close(),
      ]);
    }
  },
);
