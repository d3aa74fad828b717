/**
 * The client against the real PuppetDB behind a fault-injecting proxy: for every fault a slow
 * link, a load balancer or a dying server produces, and for the calls the extension makes (nodes
 * with status, facts streamed, PQL, a catalog, events), the client ends with the right typed
 * error within its timeout, never a half result without an error, and the same call on the same
 * connection succeeds once the fault is gone.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  APIError,
  connect,
  IncompleteResponseError,
  MalformedResponseError,
  PuppetDBConnectionError,
  PuppetDBHTTPError,
  PuppetDBTimeoutError,
  RequestAbortedError,
  type PuppetDB,
  type RequestEvent,
} from '../../src/client';
import { startFaultProxy, type Fault, type FaultProxy } from '../support/faultProxy';
import { httpClient, loadedFleet, testServer } from './support/puppetdb';

/** Short, so that the suite is quick; long enough for a loaded 2-core machine to answer. */
const TIMEOUT_S = 2;
/** A call that neither answers nor fails by then is hung (its timeout is TIMEOUT_S per wait). */
const HANG_MS = 30_000;

interface Operation {
  name: string;
  /** The request the fault hits (nodes with status first asks for event counts, unfaulted). */
  target: RegExp;
  /** Whether records are yielded while the body arrives (a catalog is one object). */
  streamed: boolean;
  /** Runs the call, pushing one line per record as it is yielded. */
  run(db: PuppetDB, seen: string[]): Promise<void>;
}

const PQL = 'facts[certname, name, value] { name = "os" or name = "kernel" }';

function catalogNode(): string {
  const fleet = loadedFleet();
  return fleet.nodes.find((node) => !fleet.deactivated.includes(node.certname))!.certname;
}

const OPERATIONS: Operation[] = [
  {
    name: 'nodes with status',
    target: /^\/pdb\/query\/v4\/nodes(\?|$)/,
    streamed: true,
    async run(db, seen) {
      for await (const node of db.nodes({ withStatus: true })) {
        seen.push(`${node.name} ${node.status} ${JSON.stringify(node.events)}`);
      }
    },
  },
  {
    name: 'facts, streamed',
    target: /^\/pdb\/query\/v4\/facts(\?|$)/,
    streamed: true,
    async run(db, seen) {
      for await (const fact of db.facts()) seen.push(`${fact.node} ${fact.name}`);
    },
  },
  {
    name: 'pql',
    target: /^\/pdb\/query\/v4\?/,
    streamed: true,
    async run(db, seen) {
      for await (const row of db.pql(PQL)) seen.push(JSON.stringify(row));
    },
  },
  {
    name: 'catalog',
    target: /^\/pdb\/query\/v4\/catalogs\//,
    streamed: false,
    async run(db, seen) {
      const catalog = await db.catalog(catalogNode());
      seen.push(
        `${catalog.node} ${catalog.version} ${catalog.resources.size} ${catalog.edges.length}`,
      );
    },
  },
  {
    name: 'events',
    target: /^\/pdb\/query\/v4\/events(\?|$)/,
    streamed: true,
    async run(db, seen) {
      for await (const event of db.events()) {
        seen.push(`${event.node} ${event.hash} ${event.title}`);
      }
    },
  },
];

interface FaultCase {
  name: string;
  fault: Fault;
  /** Checks the error the call ended with. */
  check(error: unknown): void;
  /** A cut body: the records decoded from the part that arrived were yielded first. */
  yieldsWhatArrived?: boolean;
}

function isA<T>(error: unknown, type: abstract new (...args: never[]) => T): asserts error is T {
  assert.ok(error instanceof type, `expected a ${type.name}, got ${String(error)}`);
}

const timeoutMessage = (what: string) =>
  new RegExp(
    `timed out on 127\\.0\\.0\\.1:\\d+ over HTTP: the server ${what} within ${TIMEOUT_S} s`,
  );

const FAULTS: FaultCase[] = [
  {
    name: 'latency beyond the timeout',
    fault: { kind: 'latency', ms: TIMEOUT_S * 1000 + 1500 },
    check(error) {
      isA(error, PuppetDBTimeoutError);
      assert.equal(error.timeoutSeconds, TIMEOUT_S);
      assert.match(error.message, timeoutMessage('did not answer'));
    },
  },
  {
    name: 'bytes dripping slower than the timeout',
    fault: { kind: 'drip', bytes: 4096, everyMs: TIMEOUT_S * 1000 + 1500 },
    check(error) {
      isA(error, PuppetDBTimeoutError);
      assert.match(error.message, timeoutMessage('stopped sending data'));
    },
  },
  {
    name: 'a stall mid-body',
    fault: { kind: 'stallMidBody' },
    check(error) {
      isA(error, PuppetDBTimeoutError);
      assert.match(error.message, timeoutMessage('stopped sending data'));
    },
  },
  {
    name: 'a reset mid-body',
    fault: { kind: 'resetMidBody' },
    yieldsWhatArrived: true,
    check(error) {
      isA(error, IncompleteResponseError);
      assert.match(
        error.message,
        /PuppetDB on 127\.0\.0\.1:\d+ over HTTP broke while the response was arriving \(.+\); the result is incomplete/,
      );
    },
  },
  {
    name: 'a 500 with an HTML page',
    fault: { kind: 'serverError' },
    check(error) {
      isA(error, PuppetDBHTTPError);
      assert.equal(error.status, 500);
      assert.match(
        error.message,
        /answered 500 for .*: Error 500 Server Error \(HTML error page\)/,
      );
    },
  },
  {
    name: 'a 502 from a load balancer',
    fault: { kind: 'loadBalancer', status: 502 },
    check(error) {
      isA(error, PuppetDBHTTPError);
      assert.equal(error.status, 502);
      assert.match(error.message, /answered 502 for .*: 502 Bad Gateway \(HTML error page\)/);
    },
  },
  {
    name: 'a 503 from a load balancer',
    fault: { kind: 'loadBalancer', status: 503, retryAfterSeconds: 10 },
    check(error) {
      isA(error, PuppetDBHTTPError);
      assert.equal(error.status, 503);
      assert.match(error.message, /answered 503 for .*: 503 Service Temporarily Unavailable/);
    },
  },
  {
    name: 'garbage instead of HTTP',
    fault: { kind: 'garbage' },
    check(error) {
      isA(error, MalformedResponseError);
      assert.match(error.message, /127\.0\.0\.1:\d+ over HTTP did not answer with valid HTTP/);
    },
  },
  {
    name: 'a connection closed before the headers',
    fault: { kind: 'closeBeforeHeaders' },
    check(error) {
      isA(error, PuppetDBConnectionError);
      assert.ok(!(error instanceof IncompleteResponseError), 'nothing had arrived');
      assert.match(
        error.message,
        /Could not reach PuppetDB on 127\.0\.0\.1:\d+ over HTTP: the server closed the connection/,
      );
    },
  },
];

/** Settles like `work`, or rejects once HANG_MS have passed without an answer or an error. */
async function withinHangLimit<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} hung for ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    return await Promise.race([work, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** The same records as straight from PuppetDB (which promises no order without order_by). */
function assertWhole(seen: string[], whole: string[]): void {
  assert.deepEqual([...seen].sort(), [...whole].sort());
}

/** What the call yielded and how it ended. */
async function attempt(
  db: PuppetDB,
  operation: Operation,
  what: string,
): Promise<{ seen: string[]; error: unknown }> {
  const seen: string[] = [];
  try {
    await withinHangLimit(what, operation.run(db, seen));
    return { seen, error: undefined };
  } catch (error) {
    return { seen, error };
  }
}

let proxy: FaultProxy;
/** One connection through the proxy, used by every test: no reconnect between fault and retry. */
let db: PuppetDB;
/** What each call gives straight from PuppetDB. */
const expected = new Map<string, string[]>();

before(async () => {
  const server = testServer();
  proxy = await startFaultProxy({ target: { host: server.host, port: server.httpPort } });
  db = connect({ host: proxy.host, port: proxy.port, timeout: TIMEOUT_S });
  const direct = httpClient();
  for (const operation of OPERATIONS) {
    const seen: string[] = [];
    await operation.run(direct, seen);
    assert.ok(seen.length > 0, `${operation.name} gives records`);
    expected.set(operation.name, seen);
  }
  await direct.disconnect();
});

after(async () => {
  await db.disconnect();
  await proxy.close();
});

for (const operation of OPERATIONS) {
  describe(`${operation.name} through faults`, () => {
    for (const faultCase of FAULTS) {
      test(`${faultCase.name}: a typed error, then the same call succeeds`, async () => {
        const whole = expected.get(operation.name)!;
        proxy.clearRecords();
        proxy.inject(faultCase.fault, { match: operation.target });
        const faulted = await attempt(db, operation, `${operation.name} under ${faultCase.name}`);
        proxy.passThrough();

        assert.ok(
          faulted.error instanceof APIError,
          `the call ended with ${String(faulted.error)}`,
        );
        faultCase.check(faulted.error);
        assert.ok(
          faulted.seen.length < whole.length,
          `a failed call yielded ${faulted.seen.length} of ${whole.length} records`,
        );
        const real = new Set(whole);
        assert.ok(
          faulted.seen.every((line) => real.has(line)),
          'what was yielded are whole, real records',
        );
        if (faultCase.yieldsWhatArrived && operation.streamed) {
          assert.ok(faulted.seen.length > 0, 'the records before the cut were yielded');
        }
        assert.ok(
          proxy.requests.some((request) => request.fault === faultCase.fault.kind),
          'the fault was applied',
        );

        const retried = await attempt(db, operation, `${operation.name} after ${faultCase.name}`);
        assert.equal(retried.error, undefined, `the retry failed: ${String(retried.error)}`);
        assertWhole(retried.seen, whole);
      });
    }
  });
}

describe('slow but working links', () => {
  for (const operation of OPERATIONS) {
    test(`${operation.name}: latency under the timeout and a dripping body give the whole result`, async () => {
      const whole = expected.get(operation.name)!;
      proxy.inject({ kind: 'latency', ms: 300 }, { match: operation.target });
      const delayed = await attempt(db, operation, `${operation.name} with latency`);
      assert.equal(delayed.error, undefined, String(delayed.error));
      assertWhole(delayed.seen, whole);

      // Pieces of 997 bytes split records, strings and escapes at every kind of place.
      proxy.inject({ kind: 'drip', bytes: 997, everyMs: 1 }, { match: operation.target });
      const dripped = await attempt(db, operation, `${operation.name} dripped`);
      proxy.passThrough();
      assert.equal(dripped.error, undefined, String(dripped.error));
      assertWhole(dripped.seen, whole);
    });
  }
});

describe('faults around the main request', () => {
  test('nodes with status: a failing event-counts request fails the call, and the retry works', async () => {
    const nodes = OPERATIONS[0]!;
    proxy.inject({ kind: 'resetMidBody' }, { match: /^\/pdb\/query\/v4\/event-counts\?/ });
    const faulted = await attempt(db, nodes, 'nodes with status, event counts cut');
    proxy.passThrough();
    isA(faulted.error, IncompleteResponseError);
    assert.match(faulted.error.url, /\/event-counts\?/);
    assert.deepEqual(faulted.seen, [], 'no node without its status');
    const retried = await attempt(db, nodes, 'nodes with status after the cut');
    assert.equal(retried.error, undefined, String(retried.error));
    assertWhole(retried.seen, expected.get(nodes.name)!);
  });

  test('a gzip body cut or stalled mid-way: typed errors, and the retry decodes all of it', async () => {
    const gzip = connect({
      host: proxy.host,
      port: proxy.port,
      timeout: TIMEOUT_S,
      compress: true,
    });
    const facts = OPERATIONS[1]!;
    try {
      const cases: Array<[Fault, abstract new (...args: never[]) => APIError]> = [
        [{ kind: 'resetMidBody' }, IncompleteResponseError],
        [{ kind: 'stallMidBody' }, PuppetDBTimeoutError],
      ];
      for (const [fault, errorType] of cases) {
        proxy.clearRecords();
        proxy.inject(fault, { match: facts.target });
        const faulted = await attempt(gzip, facts, `gzipped facts under ${fault.kind}`);
        proxy.passThrough();
        isA(faulted.error, errorType);
        assert.equal(proxy.requests[0]?.header('accept-encoding'), 'gzip');
        const retried = await attempt(gzip, facts, `gzipped facts after ${fault.kind}`);
        assert.equal(retried.error, undefined, String(retried.error));
        assertWhole(retried.seen, expected.get(facts.name)!);
      }
    } finally {
      await gzip.disconnect();
    }
  });

  test('credentials reach the server on every request and never appear in an error', async () => {
    const password = 'pw-do-not-print';
    const token = 'token-do-not-print';
    const authenticated = connect({
      host: proxy.host,
      port: proxy.port,
      protocol: 'http',
      timeout: TIMEOUT_S,
      username: 'alice',
      password,
      token,
    });
    const facts = OPERATIONS[1]!;
    try {
      for (const fault of [{ kind: 'resetMidBody' }, { kind: 'serverError' }] as Fault[]) {
        proxy.clearRecords();
        proxy.inject(fault, { match: facts.target });
        const faulted = await attempt(authenticated, facts, `authenticated facts, ${fault.kind}`);
        proxy.passThrough();
        isA(faulted.error, APIError);
        const printed = [
          String(faulted.error),
          faulted.error.stack,
          JSON.stringify(faulted.error),
          String((faulted.error as { cause?: unknown }).cause),
        ].join('\n');
        assert.ok(
          !printed.includes(password) && !printed.includes(token),
          'no secret in the error',
        );
        const [sent] = proxy.requests;
        assert.ok(sent?.header('x-authentication') === token, 'the token arrived');
        assert.ok(
          sent?.header('authorization') ===
            `Basic ${Buffer.from(`alice:${password}`).toString('base64')}`,
          'basic auth arrived',
        );
      }
    } finally {
      await authenticated.disconnect();
    }
  });

  test('aborting a stalled body ends it as cancelled, not as a timeout', async () => {
    const facts = OPERATIONS[1]!;
    const controller = new AbortController();
    proxy.inject({ kind: 'stallMidBody' }, { match: facts.target });
    const aborted = withinHangLimit(
      'aborted facts',
      (async () => {
        for await (const _fact of db.facts({ signal: controller.signal })) {
          controller.abort(); // as the tree does when its folder collapses
        }
      })(),
    );
    await assert.rejects(aborted, RequestAbortedError);
    proxy.passThrough();
    const retried = await attempt(db, facts, 'facts after the abort');
    assertWhole(retried.seen, expected.get(facts.name)!);
  });

  test('after an abort, no further record of the batch already decoded is handed out', async () => {
    const facts = OPERATIONS[1]!;
    const controller = new AbortController();
    proxy.inject({ kind: 'stallMidBody' }, { match: facts.target });
    let seen = 0;
    const aborted = withinHangLimit(
      'aborted facts',
      (async () => {
        for await (const _fact of db.facts({ signal: controller.signal })) {
          seen++;
          controller.abort();
        }
      })(),
    );
    await assert.rejects(aborted, RequestAbortedError);
    proxy.passThrough();
    assert.equal(seen, 1);
  });
});

describe('a refused connection', () => {
  test('every call fails with "connection refused", sends nothing, and works once the port listens again', async () => {
    await proxy.refuseConnections();
    proxy.clearRecords();
    // Opened after the port closed, so no idle socket pooled by earlier tests races the close
    // (a request sent on one as it closes fails with "the server closed the connection").
    const fresh = connect({ host: proxy.host, port: proxy.port, timeout: TIMEOUT_S });
    try {
      for (const operation of OPERATIONS) {
        const refused = await attempt(fresh, operation, `${operation.name} refused`);
        isA(refused.error, PuppetDBConnectionError);
        assert.equal(refused.error.code, 'ECONNREFUSED');
        assert.match(
          refused.error.message,
          /Could not reach PuppetDB on 127\.0\.0\.1:\d+ over HTTP: connection refused \(is PuppetDB running, and is the port right\?\)/,
        );
        assert.deepEqual(refused.seen, []);
      }
      assert.equal(proxy.requestCount, 0);
    } finally {
      await proxy.acceptConnections();
    }
    for (const client of [fresh, db]) {
      for (const operation of OPERATIONS) {
        const retried = await attempt(client, operation, `${operation.name} after the refusal`);
        assert.equal(retried.error, undefined, String(retried.error));
        assertWhole(retried.seen, expected.get(operation.name)!);
      }
    }
    await fresh.disconnect();
  });
});

describe('a fault for one request', () => {
  test('a 503 once: the next call on the same connection gets the real answer', async () => {
    const facts = OPERATIONS.find((operation) => operation.name === 'facts, streamed')!;
    proxy.inject({ kind: 'loadBalancer', status: 503 }, { times: 1 });
    const first = await attempt(db, facts, 'facts after a 503');
    isA(first.error, PuppetDBHTTPError);
    assert.equal(first.error.status, 503);
    const second = await attempt(db, facts, 'facts after a 503');
    assert.equal(second.error, undefined, String(second.error));
    assertWhole(second.seen, expected.get(facts.name)!);
  });

  test('a connection closed before any answer, once: the query goes again on a new connection and gets the whole answer', async () => {
    const facts = OPERATIONS.find((operation) => operation.name === 'facts, streamed')!;
    const events: RequestEvent[] = [];
    const observed = connect({
      host: proxy.host,
      port: proxy.port,
      timeout: TIMEOUT_S,
      onRequest: (event) => events.push(event),
    });
    try {
      proxy.clearRecords();
      proxy.inject({ kind: 'closeBeforeHeaders' }, { times: 1, match: facts.target });
      const answered = await attempt(observed, facts, 'facts after a closed connection');
      assert.equal(answered.error, undefined, String(answered.error));
      assertWhole(answered.seen, expected.get(facts.name)!);
      assert.deepEqual(
        proxy.requests.map((request) => request.fault),
        ['closeBeforeHeaders', 'pass'],
      );
      assert.deepEqual(
        events.map((event) => [event.resending, event.error?.name]),
        [
          [true, 'PuppetDBConnectionError'],
          [false, undefined],
        ],
      );
    } finally {
      proxy.passThrough();
      await observed.disconnect();
    }
  });

  test('a command whose connection closes before any answer is not sent again', async () => {
    proxy.clearRecords();
    proxy.inject({ kind: 'closeBeforeHeaders' }, { times: 1, match: /^\/pdb\/cmd\// });
    const failed = await db
      .command('deactivate node', {
        certname: 'never-deactivated.example.com',
        producer_timestamp: new Date().toISOString(),
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    proxy.passThrough();
    isA(failed, PuppetDBConnectionError);
    assert.match(failed.message, /the server closed the connection/);
    assert.equal(proxy.requestCount, 1, 'the command went once');
  });
});
