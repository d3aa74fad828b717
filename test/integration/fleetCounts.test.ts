/**
 * The counts behind the `.pp` lenses, against the real PuppetDB: what FleetCounter answers for a
 * class, a defined type and a node definition equals what PuppetDB's plain endpoints list, the
 * questions of one turn go out together (a fixed number of requests per kind, whatever their
 * number), the failed nodes are asked once per connection, and an answer is reused for a while.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { connect } from '../../src/client';
import { FleetCounter } from '../../src/extension/code/fleetCounts';
import { startFaultProxy } from '../support/faultProxy';
import { httpClient, testServer } from './support/puppetdb';

describe('fleet counts for Puppet code, against the real PuppetDB', () => {
  const client = httpClient();

  async function statuses(): Promise<Map<string, string | undefined>> {
    const map = new Map<string, string | undefined>();
    for await (const node of client.nodes({ withStatus: true })) {
      map.set(node.name, node.statusReport);
    }
    return map;
  }

  /** Active nodes holding resources of the query, and how many of them failed, by hand. */
  async function expected(query: unknown[]): Promise<{ nodes: number; failed: number }> {
    const rows = (await client.stream('resources', { query }).toArray()) as Array<{
      certname: string;
    }>;
    const holders = new Set(rows.map((row) => row.certname));
    const status = await statuses();
    return {
      nodes: holders.size,
      failed: [...holders].filter((certname) => status.get(certname) === 'failed').length,
    };
  }

  test('classes asked together: the counts, the fleet-wide failed nodes once per connection, then one request per file', async () => {
    const counter = new FleetCounter(async () => client);
    const names = ['profile::base', 'role::web', 'Profile::Ntp', 'legacy_app'];
    const answers = await Promise.all(
      names.map((name) => counter.count('c', { kind: 'class', name })),
    );
    // cold: the counts, and the failed nodes followed by how many of them apply each class
    assert.equal(counter.requests, 3);
    for (const [index, title] of [
      'Profile::Base',
      'Role::Web',
      'Profile::Ntp',
      'Legacy_app',
    ].entries()) {
      const want = await expected(['and', ['=', 'type', 'Class'], ['=', 'title', title]]);
      assert.deepEqual(answers[index], want, title);
    }
    assert.ok(answers[0]!.failed > 0 && answers[0]!.nodes > answers[1]!.nodes);
    assert.deepEqual(answers[3], { nodes: 0, failed: 0 }, 'a class nobody applies');
    // asked again within its lifetime: no request
    await counter.count('c', { kind: 'class', name: 'role::web' });
    assert.equal(counter.requests, 3);
    // another file on the warm connection: its counts only, the failed nodes are known
    const other = ['role::db', 'profile::db', 'profile::ssh'];
    const more = await Promise.all(
      other.map((name) => counter.count('c', { kind: 'class', name })),
    );
    assert.equal(counter.requests, 4);
    for (const [index, title] of ['Role::Db', 'Profile::Db', 'Profile::Ssh'].entries()) {
      const want = await expected(['and', ['=', 'type', 'Class'], ['=', 'title', title]]);
      assert.deepEqual(more[index], want, title);
    }
    // and a defined type on it: one request too
    const define = await counter.count('c', { kind: 'define', name: 'profile::account' });
    assert.equal(counter.requests, 5);
    assert.deepEqual(define, await expected(['=', 'type', 'Profile::Account']));
    // another connection has its own failed nodes
    await counter.count('d', { kind: 'class', name: 'role::web' });
    assert.equal(counter.requests, 8);
    counter.clear();
    await counter.count('c', { kind: 'class', name: 'role::web' });
    assert.equal(counter.requests, 11);
  });

  test('the failed nodes are asked once for concurrent batches, and a failure is not kept', async () => {
    const server = testServer();
    const proxy = await startFaultProxy({ target: { host: server.host, port: server.httpPort } });
    try {
      const proxied = connect({ host: proxy.host, port: proxy.port, timeout: 60 });
      const counter = new FleetCounter(async () => proxied);
      // PuppetDB fails the failed nodes' query once (a 500 of a server under pressure)
      proxy.inject({ kind: 'serverError' }, { times: 1, match: /latest_report_status/ });
      await assert.rejects(counter.count('c', { kind: 'class', name: 'role::web' }));
      assert.equal(counter.requests, 2);
      // two batches (two turns of the event loop) while the failed nodes are being asked again
      const first = counter.count('c', { kind: 'class', name: 'role::web' });
      await new Promise((resolve) => setTimeout(resolve, 0));
      const second = counter.count('c', { kind: 'define', name: 'profile::account' });
      const [web, account] = await Promise.all([first, second]);
      // the class counts, the define counts, and the failed nodes with their classes once
      assert.equal(counter.requests, 6);
      assert.equal(proxy.requestCount, 6);
      assert.deepEqual(
        web,
        await expected(['and', ['=', 'type', 'Class'], ['=', 'title', 'Role::Web']]),
      );
      assert.deepEqual(account, await expected(['=', 'type', 'Profile::Account']));
    } finally {
      await proxy.close();
    }
  });

  test('a defined type counts the nodes holding it, not its instances', async () => {
    const counter = new FleetCounter(async () => client);
    const counts = await counter.count('c', { kind: 'define', name: 'profile::account' });
    const want = await expected(['=', 'type', 'Profile::Account']);
    assert.deepEqual(counts, want);
    const instances = await client
      .stream('resources', { query: ['=', 'type', 'Profile::Account'] })
      .toArray();
    assert.ok(instances.length > counts.nodes);
  });

  test('a node definition counts its certnames that are active nodes', async () => {
    const counter = new FleetCounter(async () => client);
    const status = await statuses();
    const [first, second] = [...status.keys()].sort();
    const counts = await counter.count('c', {
      kind: 'node',
      certnames: [first!, second!, 'no-such-node.example.com'],
    });
    assert.deepEqual(counts, {
      nodes: 2,
      failed: [first, second].filter((certname) => status.get(certname!) === 'failed').length,
    });
  });

  test('names with odd characters are sent as PQL strings, not as PQL', async () => {
    const counter = new FleetCounter(async () => client);
    const counts = await counter.count('c', {
      kind: 'node',
      certnames: ['x"] } or certname ~ ".*', 'a\\b'],
    });
    assert.deepEqual(counts, { nodes: 0, failed: 0 });
  });
});
