import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { EqualsOperator, EmptyResponseError, Node, PuppetDBHTTPError } from '../../src/client';
import { httpClient, loadedFleet } from './support/puppetdb';

const db = httpClient();
after(() => db.disconnect());

function activeNodes() {
  const fleet = loadedFleet();
  return fleet.nodes.filter((node) => !fleet.deactivated.includes(node.certname));
}

const HOUR = 3600_000;

function expectedStatus(
  report: { status: string; noop: boolean; noop_pending: boolean; end_time: string },
  now: Date,
) {
  if (now.getTime() - new Date(report.end_time).getTime() > 2 * HOUR) return 'unreported';
  if (report.noop && report.noop_pending) return 'noop';
  return report.status;
}

describe('nodes against the real PuppetDB', () => {
  test('nodes() yields every active node as a Node record', async () => {
    const nodes = await db.nodes().toArray();
    assert.ok(nodes.every((node) => node instanceof Node));
    assert.deepEqual(
      nodes.map((node) => node.name).sort(),
      activeNodes()
        .map((node) => node.certname)
        .sort(),
    );
  });

  test('node(name) returns the node with its environments, timestamps and latest report', async () => {
    const expected = activeNodes()[0]!;
    const node = await db.node(expected.certname);
    assert.equal(node.name, expected.certname);
    assert.equal(node.factsEnvironment, expected.facts.environment);
    assert.equal(node.catalogEnvironment, expected.catalog.environment);
    assert.equal(node.reportEnvironment, expected.report.environment);
    assert.equal(
      node.reportTimestamp?.toISOString(),
      new Date(expected.report.end_time).toISOString(),
    );
    assert.ok(node.factsTimestamp instanceof Date);
    assert.equal(node.deactivated, false);
    assert.equal(node.statusReport, undefined, 'no status without withStatus');
    assert.match(node.latestReportHash ?? '', /^[0-9a-f]{40}$/);
    assert.equal(node.cachedCatalogStatus, expected.report.cached_catalog_status);
  });

  test('an unknown node is a 404 with the server message', async () => {
    await assert.rejects(db.node('nonexistent.example.com'), (error: unknown) => {
      assert.ok(error instanceof PuppetDBHTTPError);
      assert.equal(error.status, 404);
      assert.match(error.message, /No information is known about node nonexistent\.example\.com/);
      return true;
    });
  });

  test('with status, every node has the status its latest report gives, and unreported ones are marked', async () => {
    const now = new Date();
    const nodes = await db.nodes({ withStatus: true, now }).toArray();
    const byName = new Map(nodes.map((node) => [node.name, node]));
    const kinds = new Set<string>();
    for (const expected of activeNodes()) {
      const node = byName.get(expected.certname)!;
      const status = expectedStatus(expected.report, now);
      kinds.add(status);
      assert.equal(node.status, status, expected.certname);
      assert.equal(node.statusReport, expected.report.status, expected.certname);
      assert.equal(node.unreported, status === 'unreported', expected.certname);
      if (status === 'unreported') assert.match(node.unreportedTime ?? '', /^\d+d \d+h \d+m$/);
    }
    for (const kind of ['changed', 'unchanged', 'failed', 'noop', 'unreported']) {
      assert.ok(kinds.has(kind), `fleet has ${kind}`);
    }
  });

  test('with event numbers, a failed node counts its failures; without, it gets the "some" marker', async () => {
    const failed = activeNodes().find((node) => node.report.status === 'failed')!;
    const query = new EqualsOperator('certname', failed.certname);
    const [counted] = await db.nodes({ withStatus: true, query, unreported: null }).toArray();
    const failures = failed.report.resources.flatMap(
      (resource: { skipped: boolean; events: Array<{ status: string }> }) =>
        resource.skipped ? [] : resource.events.filter((event) => event.status === 'failure'),
    ).length;
    assert.equal(counted!.events?.failures, failures);
    const [marked] = await db
      .nodes({ withStatus: true, withEventNumbers: false, query, unreported: null })
      .toArray();
    assert.equal(marked!.events?.failures, 'some');
  });

  test('the deactivated node is hidden unless node_state is any, and then carries its date', async () => {
    const fleet = loadedFleet();
    const name = fleet.deactivated[0]!;
    const hidden = await db.nodes({ query: new EqualsOperator('certname', name) }).toArray();
    assert.equal(hidden.length, 0);
    const [node] = await db
      .nodes({ query: `["and", ["=", "certname", "${name}"], ["=", "node_state", "any"]]` })
      .toArray();
    assert.ok(node!.deactivated instanceof Date);
  });

  test('limit, offset, orderBy and includeTotal page the node list; total is the fleet size', async () => {
    const expected = activeNodes()
      .map((node) => node.certname)
      .sort();
    const stream = db.nodes({
      limit: 5,
      offset: 3,
      orderBy: [{ field: 'certname', order: 'asc' }],
      includeTotal: true,
    });
    const page = await stream.toArray();
    assert.deepEqual(
      page.map((node) => node.name),
      expected.slice(3, 8),
    );
    assert.equal(stream.total, expected.length);
    assert.equal(db.total, expected.length);
    await db.nodes({ limit: 1 }).toArray();
    assert.equal(
      db.total,
      undefined,
      'a request without includeTotal clears total, as the reference',
    );
  });

  test('pageSize walks the whole fleet in pages with a total order, GET and POST alike', async () => {
    const expected = activeNodes()
      .map((node) => node.certname)
      .sort();
    for (const method of ['GET', 'POST'] as const) {
      const stream = db.nodes({ pageSize: 7, includeTotal: true, method });
      const names = (await stream.toArray()).map((node) => node.name);
      assert.deepEqual(names, expected, method);
      assert.equal(stream.total, expected.length, method);
    }
  });

  test('Node helpers query facts, reports and resources of that node only', async () => {
    const expected = activeNodes()[1]!;
    const node = await db.node(expected.certname);
    const facts = await node.facts().toArray();
    assert.equal(facts.length, Object.keys(expected.facts.values).length);
    assert.ok(facts.every((fact) => fact.node === expected.certname));
    const kernel = await node.fact('kernel');
    assert.equal(kernel.value, expected.facts.values.kernel);
    const reports = await node.reports().toArray();
    assert.equal(reports.length, 1);
    assert.equal(reports[0]!.node, expected.certname);
    const packages = await node.resources({ type: 'package' }).toArray();
    assert.equal(
      packages.length,
      expected.catalog.resources.filter((resource: { type: string }) => resource.type === 'Package')
        .length,
    );
    await assert.rejects(node.fact('no_such_fact'), EmptyResponseError);
  });
});
