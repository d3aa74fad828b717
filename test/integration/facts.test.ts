import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Fact } from '../../src/client';
import { Inventory, RegexArrayOperator } from '../../src/client';
import { httpClient, loadedFleet } from './support/puppetdb';

const db = httpClient();
after(() => db.disconnect());

function activeNodes() {
  const fleet = loadedFleet();
  return fleet.nodes.filter((node) => !fleet.deactivated.includes(node.certname));
}

describe('facts against the real PuppetDB', () => {
  test('facts() yields every top-level fact of every active node, structured values intact', async () => {
    const expectedCount = activeNodes().reduce(
      (sum, node) => sum + Object.keys(node.facts.values).length,
      0,
    );
    let count = 0;
    let os: Fact | undefined;
    const first = activeNodes()[0]!;
    for await (const fact of db.facts()) {
      count++;
      if (fact.node === first.certname && fact.name === 'os') os = fact;
    }
    assert.equal(count, expectedCount);
    assert.deepEqual(os?.value, first.facts.values.os);
    assert.equal(os?.environment, first.facts.environment);
  });

  test('facts by name, and by name and string value', async () => {
    const kernels = await db.facts({ name: 'kernel' }).toArray();
    assert.equal(kernels.length, activeNodes().length);
    const role = activeNodes()[0]!.facts.values.role as string;
    const sameRole = await db.facts({ name: 'role', value: role }).toArray();
    assert.equal(
      sameRole.length,
      activeNodes().filter((node) => node.facts.values.role === role).length,
    );
    assert.ok(sameRole.every((fact) => fact.value === role));
  });

  test('non-ASCII fact values survive the streaming decoder', async () => {
    const locations = await db.facts({ name: 'location' }).toArray();
    const expected = new Map(
      activeNodes().map((node) => [node.certname, node.facts.values.location]),
    );
    assert.ok(
      locations.some((fact) => String(fact.value).includes('ü')),
      'the fleet has a non-ASCII location',
    );
    for (const fact of locations) assert.equal(fact.value, expected.get(fact.node));
  });

  test('factsets, fact contents, fact paths and fact names', async () => {
    const node = activeNodes()[0]!;
    const [factset] = await db.factsets({ query: `["=", "certname", "${node.certname}"]` });
    assert.equal(
      (factset!.facts as { data: unknown[] }).data.length,
      Object.keys(node.facts.values).length,
    );
    const contents = await db.factContents({
      query: new RegexArrayOperator('path', ['os', 'release', '.*']),
    });
    assert.ok(contents.length >= activeNodes().length);
    assert.ok(contents.every((row) => (row.path as string[])[0] === 'os'));
    const paths = await db.factPaths({ query: '["=", "name", "os"]' });
    assert.ok(paths.some((row) => JSON.stringify(row.path) === '["os","name"]'));
    const names = await db.factNames();
    assert.deepEqual(names, [...names].sort());
    for (const name of Object.keys(node.facts.values)) assert.ok(names.includes(name), name);
  });

  test('inventory carries all facts and the trusted data', async () => {
    const node = activeNodes()[2]!;
    const [entry] = await db
      .inventory({ query: `["=", "certname", "${node.certname}"]` })
      .toArray();
    assert.ok(entry instanceof Inventory);
    assert.equal(entry.node, node.certname);
    assert.ok(entry.time instanceof Date);
    assert.deepEqual(entry.trusted, node.facts.values.trusted);
    assert.deepEqual(entry.facts.os, node.facts.values.os);
    const byTrustedRole = await db
      .inventory({
        query: `["=", "trusted.extensions.pp_role", "${(node.facts.values.trusted as { extensions: { pp_role: string } }).extensions.pp_role}"]`,
      })
      .toArray();
    assert.ok(byTrustedRole.some((row) => row.node === node.certname));
  });

  test('paging facts with pageSize returns exactly the unpaged set', async () => {
    const node = activeNodes()[3]!;
    const query = `["=", "certname", "${node.certname}"]`;
    const whole = (await db.facts({ query }).toArray()).map((fact) => fact.name).sort();
    const paged = (await db.facts({ query, pageSize: 9 }).toArray()).map((fact) => fact.name);
    assert.deepEqual(paged, [...paged].sort(), 'pages follow the stable order');
    assert.deepEqual(paged, whole);
  });
});
