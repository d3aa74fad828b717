/**
 * PQL, status, metadata, metrics and commands against the real PuppetDB.
 *
 * @runsAlone (scripts/run-node-tests.mjs): its commands add a node and deactivate it, and the
 * other files count the fleet.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { DoesNotComputeError, Fact, Node, PuppetDBHTTPError } from '../../src/client';
import { httpClient, loadedFleet } from './support/puppetdb';

const db = httpClient();
after(() => db.disconnect());

function activeNodes() {
  const fleet = loadedFleet();
  return fleet.nodes.filter((node) => !fleet.deactivated.includes(node.certname));
}

describe('PQL against the real PuppetDB', () => {
  test('a nodes query yields Node records, with status when asked', async () => {
    const production = activeNodes().filter((node) => node.facts.environment === 'production');
    const nodes = await db
      .pql('nodes { facts_environment = "production" }', { withStatus: true })
      .toArray();
    assert.ok(nodes.every((node) => node instanceof Node));
    assert.deepEqual(
      nodes.map((node) => (node as Node).name).sort(),
      production.map((node) => node.certname).sort(),
    );
    assert.ok(nodes.every((node) => typeof (node as Node).status === 'string'));
  });

  test('a projection yields plain rows; an entity with records yields records', async () => {
    const rows = await db.pql('facts[name, count()] { name = "kernel" group by name }').toArray();
    assert.deepEqual(rows, [{ name: 'kernel', count: activeNodes().length }]);
    const facts = await db.pql('facts { name = "kernel" limit 2 }').toArray();
    assert.equal(facts.length, 2);
    assert.ok(facts.every((fact) => fact instanceof Fact));
  });

  test('POST and paging parameters work on the root endpoint', async () => {
    const stream = db.pql('nodes[certname] {}', {
      method: 'POST',
      limit: 3,
      orderBy: [{ field: 'certname' }],
      includeTotal: true,
    });
    const rows = await stream.toArray();
    assert.deepEqual(
      rows.map((row) => (row as { certname: string }).certname),
      activeNodes()
        .map((node) => node.certname)
        .sort()
        .slice(0, 3),
    );
    assert.equal(stream.total, activeNodes().length);
  });

  test('invalid PQL is a 400 whose message and position come from the server', async () => {
    await assert.rejects(db.pql('nodes[certname]{ certname = }').toArray(), (error: unknown) => {
      assert.ok(error instanceof PuppetDBHTTPError);
      assert.equal(error.status, 400);
      assert.match(error.body, /PQL parse error at line 1, column 29/);
      assert.deepEqual(error.position, { line: 1, column: 29 });
      return true;
    });
    await assert.rejects(
      db.pql('nodes[nope] {}').toArray(),
      /Can't extract unknown 'nodes' field 'nope'/,
    );
  });
});

describe('status, metadata, metrics and commands against the real PuppetDB', () => {
  test('status, version and server time', async () => {
    const status = await db.status();
    assert.equal(status.state, 'running');
    assert.match(await db.currentVersion(), /^7\.\d+\.\d+$/);
    const serverTime = await db.serverTime();
    assert.ok(Math.abs(serverTime.getTime() - Date.now()) < 60_000);
  });

  test('metrics v2 (Jolokia) and v1 (mbeans) give the node population', async () => {
    const population = (await db.metric('puppetlabs.puppetdb.population:name=num-nodes')) as {
      Value: number;
    };
    assert.equal(population.Value, activeNodes().length);
    const list = (await db.metric()) as Record<string, unknown>;
    assert.ok('puppetlabs.puppetdb.population' in list);
    await assert.rejects(db.metric('nope:name=x'), DoesNotComputeError);
    const v1 = (await db.metric('puppetlabs.puppetdb.population:name=num-nodes', {
      version: 'v1',
    })) as { Value: number };
    assert.equal(v1.Value, activeNodes().length);
  });

  test('commands: replace facts for a new node, see it, deactivate it', async () => {
    const certname = `command-test-${process.pid}.example.com`;
    const now = new Date().toISOString();
    const result = await db.command(
      'replace facts',
      {
        certname,
        environment: 'production',
        producer_timestamp: now,
        producer: 'tests',
        values: { kernel: 'Linux', answer: 42 },
      },
      { waitSeconds: 30 },
    );
    assert.equal(result.processed, true);
    const facts = await (await db.node(certname)).facts().toArray();
    assert.deepEqual(Object.fromEntries(facts.map((fact) => [fact.name, fact.value])), {
      kernel: 'Linux',
      answer: 42,
    });
    const deactivated = await db.command(
      'deactivate_node',
      { certname, producer_timestamp: new Date().toISOString() },
      { waitSeconds: 30 },
    );
    assert.equal(deactivated.processed, true);
    assert.equal(
      (await db.nodes({ query: `["=", "certname", "${certname}"]` }).toArray()).length,
      0,
    );
  });

  test('the common query step reaches any endpoint, GET and POST', async () => {
    const get = (await db.query('nodes', {
      query: '["=", "facts_environment", "production"]',
      orderBy: '[{"field": "certname"}]',
    })) as Array<{ certname: string }>;
    const post = (await db.query('nodes', {
      query: '["=", "facts_environment", "production"]',
      orderBy: '[{"field": "certname"}]',
      method: 'POST',
    })) as Array<{
      certname: string;
    }>;
    assert.deepEqual(post, get);
    assert.ok(get.length > 0);
    const one = (await db.query('nodes', { path: get[0]!.certname })) as { certname: string };
    assert.equal(one.certname, get[0]!.certname);
  });
});
