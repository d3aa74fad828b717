/**
 * An empty list is an answer, against real PuppetDBs: a fresh one with nothing in it (the "Fact
 * names" of a new install), then the same one holding a quiet fleet whose latest reports have no
 * events (event-counts answers `[]`), and the fleet of this run for a query that matches nothing.
 *
 * The empty PuppetDB is this file's own: started here in `<PDB_STATE_DIR>-empty` (start.sh
 * creates its database afresh, so it is empty whatever an earlier run left) and stopped after.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { Node, PuppetDBHTTPError, type PuppetDB } from '../../src/client';
import { loadFleet } from '../../scripts/puppetdb/fleetLoader';
import { fleetIn, httpClient, serverIn, testStateDir, type LoadedFleet } from './support/puppetdb';

const run = promisify(execFile);
const stateDir = `${testStateDir()}-empty`;
const script = (name: string) => resolve('scripts/puppetdb', name);
const NO_MATCH = '["=", "certname", "no-such-node.example.com"]';

let db: PuppetDB;

before(async () => {
  // a small heap and few database connections: this PuppetDB holds ten nodes at most
  await run('bash', [script('start.sh'), stateDir], {
    env: { ...process.env, PDB_HEAP: '512m', PDB_POOL_SIZE: '4' },
  });
  db = httpClient({}, serverIn(stateDir));
});

after(async () => {
  await db?.disconnect();
  await run('bash', [script('stop.sh'), stateDir, '--keep-postgres']);
});

describe('a PuppetDB with nothing in it', () => {
  test('factNames() is [] (the tree’s "Fact names" on a fresh install), GET and POST', async () => {
    assert.deepEqual(await db.factNames(), []);
    assert.deepEqual(await db.factNames({ requestMethod: 'POST' }), []);
  });

  test('query() of any endpoint is [], whole or paged', async () => {
    assert.deepEqual(await db.query('nodes'), []);
    assert.deepEqual(await db.query('nodes', { query: NO_MATCH, requestMethod: 'POST' }), []);
    assert.deepEqual(await db.query('fact-names'), []);
    assert.deepEqual(await db.query('reports', { pageSize: 5 }), []);
    assert.deepEqual(await db.stream('events').toArray(), []);
  });

  test('nodes() and pql() with status are [] (event-counts answers [] too)', async () => {
    assert.deepEqual(await db.nodes().toArray(), []);
    assert.deepEqual(await db.nodes({ withStatus: true }).toArray(), []);
    assert.deepEqual(await db.nodes({ withStatus: true, withEventNumbers: false }).toArray(), []);
    assert.deepEqual(await db.pql('nodes {}', { withStatus: true }).toArray(), []);
    assert.deepEqual(await db.pql('nodes[certname] {}').toArray(), []);
  });

  test('every list operation is []', async () => {
    const lists: Array<[string, Promise<unknown[]>]> = [
      ['facts', db.facts().toArray()],
      ['facts by name', db.facts({ name: 'os' }).toArray()],
      ['factsets', db.factsets()],
      ['factContents', db.factContents()],
      ['factPaths', db.factPaths()],
      ['resources', db.resources({ type: 'file' }).toArray()],
      ['catalogs', db.catalogs().toArray()],
      ['edges', db.edges().toArray()],
      ['environments', db.environments()],
      ['reports', db.reports().toArray()],
      ['events', db.events().toArray()],
      ['eventCounts', db.eventCounts({ summarizeBy: 'certname' })],
      ['inventory', db.inventory().toArray()],
      ['pql facts', db.pql('facts {}').toArray()],
    ];
    for (const [label, list] of lists) assert.deepEqual(await list, [], label);
  });

  test('aggregateEventCounts() gives PuppetDB’s zero counts', async () => {
    const counts = await db.aggregateEventCounts({ summarizeBy: 'certname' });
    assert.ok(!Array.isArray(counts));
    assert.equal(counts.successes, 0);
    assert.equal(counts.failures, 0);
  });

  test('an unknown node is still a 404, not an empty answer', async () => {
    await assert.rejects(db.node('no-such-node.example.com'), (error: unknown) => {
      assert.ok(error instanceof PuppetDBHTTPError, String(error));
      assert.equal(error.status, 404);
      return true;
    });
  });
});

describe('a quiet fleet: no latest report has events', () => {
  let fleet: LoadedFleet;
  const active = () => fleet.nodes.filter((node) => !fleet.deactivated.includes(node.certname));

  before(async () => {
    await loadFleet({ stateDir, size: 10, seed: 7, concurrency: 2, quiet: true });
    fleet = fleetIn(stateDir);
  });

  test('PuppetDB answers the latest-report event counts with []', async () => {
    const counts = await db.eventCounts({
      query: '["=", "latest_report?", true]',
      summarizeBy: 'certname',
    });
    assert.deepEqual(counts, []);
  });

  test('nodes({ withStatus: true }) gives every node its status, and no event counts', async () => {
    const nodes = await db.nodes({ withStatus: true, now: fleet.now }).toArray();
    assert.deepEqual(
      nodes.map((node) => node.name).sort(),
      active()
        .map((node) => node.certname)
        .sort(),
    );
    for (const node of nodes) {
      const expected = active().find((entry) => entry.certname === node.name)!;
      assert.equal(node.status, expected.reportAgeHours > 2 ? 'unreported' : 'unchanged');
      assert.equal(node.statusReport, 'unchanged');
      assert.equal(node.events, undefined);
    }
  });

  test('pql() and node() with status too, GET and POST', async () => {
    for (const requestMethod of ['GET', 'POST'] as const) {
      const rows = await db
        .pql('nodes { order by certname }', { withStatus: true, requestMethod })
        .toArray();
      assert.equal(rows.length, active().length, requestMethod);
      assert.ok(rows.every((row) => row instanceof Node && row.statusReport === 'unchanged'));
    }
    const first = active()[0]!;
    const node = await db.node(first.certname, { withStatus: true });
    assert.equal(node.statusReport, 'unchanged');
    assert.equal(node.reportEnvironment, first.environment);
  });
});

describe('a node that has facts but never sent a report or a catalog', () => {
  test('its report and catalog environments are null, as PuppetDB sends them', async () => {
    const certname = 'facts-only.example.com';
    const stored = await db.command(
      'replace facts',
      {
        certname,
        environment: 'staging',
        producer_timestamp: new Date().toISOString(),
        producer: 'puppet.example.com',
        values: { kernel: 'Linux' },
      },
      { waitSeconds: 60 },
    );
    assert.equal(stored.processed, true);
    const node = await db.node(certname, { withStatus: true });
    assert.equal(node.reportEnvironment, null);
    assert.equal(node.catalogEnvironment, null);
    assert.equal(node.factsEnvironment, 'staging');
    assert.equal(node.status, 'unreported');
  });
});

describe('a query that matches nothing in this run’s fleet', () => {
  const fleetDb = httpClient();
  after(() => fleetDb.disconnect());

  test('query("nodes", …) and pql() with status are []', async () => {
    assert.deepEqual(await fleetDb.query('nodes', { query: NO_MATCH }), []);
    assert.deepEqual(await fleetDb.nodes({ query: NO_MATCH, withStatus: true }).toArray(), []);
    assert.deepEqual(
      await fleetDb
        .pql('nodes { certname = "no-such-node.example.com" }', {
          withStatus: true,
        })
        .toArray(),
      [],
    );
  });
});
