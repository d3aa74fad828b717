/**
 * What the client says while PuppetDB itself restarts (its JVM stopped and started again; the
 * database, the fleet and the ports stay): two clients of the restarting server, one straight to
 * it and one through a load balancer (the fault proxy), call it in rounds while it restarts; each
 * call made meanwhile must fail with a clear error, and afterwards the same clients must read the
 * whole answer again without reconnecting.
 *
 * The extension-host suite that restarts PuppetDB (test/vscode/suite/restart.test.ts) watches the
 * clients through the same restart as the tree and the status bar: a PuppetDB start is the
 * costliest step of the test run, and one restart serves both.
 */
import assert from 'node:assert/strict';
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
import { startFaultProxy, type FaultProxy } from './faultProxy';

const TIMEOUT_S = 2;
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

export interface ClientsThroughRestart {
  /**
   * Calls both clients in rounds until `restart` settles; resolves with what each saw meanwhile
   * (`answered`, or the kind of error), once it has checked that a call straight to PuppetDB
   * found the port closed and one through the load balancer got its 502.
   */
  during(restart: Promise<void>): Promise<Record<string, string[]>>;
  /** The same clients, no reconnect: the whole answer again, as before the restart. */
  after(): Promise<void>;
  close(): Promise<void>;
}

/** Both clients of `server`, once each has read the nodes with their status (before a restart). */
export async function clientsThroughRestart(server: {
  host: string;
  httpPort: number;
}): Promise<ClientsThroughRestart> {
  const proxy: FaultProxy = await startFaultProxy({
    target: { host: server.host, port: server.httpPort },
  });
  const clients = {
    direct: connect({ host: server.host, port: server.httpPort, timeout: TIMEOUT_S }),
    'load balancer': connect({ host: proxy.host, port: proxy.port, timeout: TIMEOUT_S }),
  };
  const close = async () => {
    // cleanup errors must not hide a failure
    await Promise.allSettled([
      clients.direct.disconnect(),
      clients['load balancer'].disconnect(),
      proxy.close(),
    ]);
  };
  let expected: string[];
  try {
    expected = await nodesWithStatus(clients.direct);
    assert.ok(expected.length > 0);
    assert.deepEqual(await nodesWithStatus(clients['load balancer']), expected);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    during: async (restart) => {
      let restarting = true;
      const ended = restart.then(
        () => (restarting = false),
        () => (restarting = false),
      );
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
        await Promise.race([ended, sleep(POLL_MS)]);
      }
      const outcomes = Object.fromEntries([...seen].map(([name, kinds]) => [name, [...kinds]]));
      assert.ok(
        seen.get('direct')!.has('connection: ECONNREFUSED'),
        `straight to PuppetDB, a call found the port closed: ${JSON.stringify(outcomes)}`,
      );
      assert.ok(
        seen.get('load balancer')!.has('http: 502'),
        `through the load balancer, a call got its 502: ${JSON.stringify(outcomes)}`,
      );
      return outcomes;
    },
    after: async () => {
      assert.deepEqual(await nodesWithStatus(clients.direct), expected);
      assert.deepEqual(await nodesWithStatus(clients['load balancer']), expected);
    },
    close,
  };
}
