import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Catalog, EqualsOperator, PuppetDBHTTPError, Resource } from '../../src/client';
import { httpClient, loadedFleet } from './support/puppetdb';

const db = httpClient();
after(() => db.disconnect());

interface WireResource {
  type: string;
  title: string;
  exported: boolean;
  file?: string;
  line?: number;
  parameters: Record<string, unknown>;
}
interface WireEdge {
  source: { type: string; title: string };
  target: { type: string; title: string };
  relationship: string;
}

function activeNodes() {
  const fleet = loadedFleet();
  return fleet.nodes.filter((node) => !fleet.deactivated.includes(node.certname));
}

describe('catalogs, resources and edges against the real PuppetDB', () => {
  test('catalog(node) builds the resource map and the edges, wired into both endpoints', async () => {
    const expected = activeNodes()[0]!;
    const catalog = await db.catalog(expected.certname);
    assert.ok(catalog instanceof Catalog);
    const resources = expected.catalog.resources as WireResource[];
    const edges = expected.catalog.edges as WireEdge[];
    assert.equal(catalog.getResources().length, resources.length);
    assert.equal([...catalog.getEdges()].length, edges.length);
    assert.equal(catalog.version, expected.catalog.version);
    assert.equal(catalog.transactionUuid, expected.catalog.transaction_uuid);
    assert.equal(catalog.producer, expected.catalog.producer);
    const kinds = new Set([...catalog.getEdges()].map((edge) => edge.relationship));
    for (const kind of ['contains', 'before', 'required-by', 'notifies', 'subscription-of']) {
      assert.ok(kinds.has(kind), kind);
    }
    const edge = edges.find((candidate) => candidate.relationship === 'notifies')!;
    const source = catalog.getResource(edge.source.type, edge.source.title);
    assert.ok(source.relationships.some((relation) => relation.relationship === 'notifies'));
    const file = resources.find((resource) => resource.file)!;
    const built = catalog.getResource(file.type, file.title);
    assert.equal(built.sourcefile, file.file);
    assert.equal(built.sourceline, file.line);
    assert.deepEqual(built.parameters, file.parameters);
  });

  test('an unknown node has no catalog: a 404', async () => {
    await assert.rejects(db.catalog('nonexistent.example.com'), (error: unknown) => {
      assert.ok(error instanceof PuppetDBHTTPError);
      assert.equal(error.status, 404);
      return true;
    });
  });

  test('catalogs() with a query and paging (the endpoint keeps deactivated nodes)', async () => {
    const environment = activeNodes()[0]!.catalog.environment as string;
    const expected = loadedFleet()
      .nodes.filter((node) => node.catalog.environment === environment)
      .map((node) => node.certname)
      .sort();
    const catalogs = await db
      .catalogs({ query: new EqualsOperator('environment', environment), pageSize: 4 })
      .toArray();
    assert.deepEqual(
      catalogs.map((catalog) => catalog.node),
      expected,
    );
  });

  test('resources by type (normalised), by type and a title holding "/" or a space', async () => {
    const node = activeNodes()[0]!;
    const resources = node.catalog.resources as WireResource[];
    const query = new EqualsOperator('certname', node.certname);
    const file = resources.find(
      (resource) => resource.type === 'File' && resource.title.includes('/'),
    )!;
    const [found] = await db.resources({ type: 'file', title: file.title, query }).toArray();
    assert.ok(found instanceof Resource);
    assert.equal(found.name, file.title);
    assert.equal(found.type, 'File');
    const exec = resources.find(
      (resource) => resource.type === 'Exec' && resource.title.includes(' '),
    )!;
    assert.equal(
      (await db.resources({ type: 'Exec', title: exec.title, query }).toArray()).length,
      1,
    );
    const accounts = await db.resources({ type: 'profile::account', query }).toArray();
    assert.equal(
      accounts.length,
      resources.filter((resource) => resource.type === 'Profile::Account').length,
    );
    assert.ok(accounts.length >= 2);
  });

  test('exported resources and parameter queries', async () => {
    const exported = await db.resources({ query: '["=", "exported", true]' }).toArray();
    const expected = activeNodes().reduce(
      (sum, node) =>
        sum +
        (node.catalog.resources as WireResource[]).filter((resource) => resource.exported).length,
      0,
    );
    assert.equal(exported.length, expected);
    const running = await db
      .resources({ query: '["=", ["parameter", "ensure"], "running"]' })
      .toArray();
    assert.ok(
      running.length > 0 && running.every((resource) => resource.parameters.ensure === 'running'),
    );
  });

  test('edges() of one node are the catalog edges, as "Type[title]" strings', async () => {
    const node = activeNodes()[1]!;
    const edges = await db
      .edges({ query: new EqualsOperator('certname', node.certname) })
      .toArray();
    const expected = (node.catalog.edges as WireEdge[])
      .map(
        (edge) =>
          `${edge.source.type}[${edge.source.title}] - ${edge.relationship} - ${edge.target.type}[${edge.target.title}]`,
      )
      .sort();
    assert.deepEqual(edges.map((edge) => edge.toString()).sort(), expected);
  });

  test('environments are those of the fleet', async () => {
    const environments = await db.environments();
    const expected = new Set(
      loadedFleet().nodes.flatMap((node) => [
        node.facts.environment,
        node.catalog.environment,
        node.report.environment,
      ]),
    );
    assert.deepEqual(new Set(environments.map((row) => row.name)), expected);
  });
});
