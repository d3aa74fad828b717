import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { httpClient, loadedFleet } from './support/puppetdb';

const db = httpClient();
after(() => db.disconnect());

function activeNodes() {
  const fleet = loadedFleet();
  return fleet.nodes.filter((node) => !fleet.deactivated.includes(node.certname));
}

const key = (name: unknown, version: unknown, provider: unknown) =>
  JSON.stringify([name, version, provider]);

describe('packages and the inventory against the real PuppetDB', () => {
  test("packageInventory() holds every active node's package_inventory, as loaded", async () => {
    const expected = activeNodes()
      .flatMap((node) =>
        node.facts.package_inventory.map((entry) => `${node.certname} ${key(...entry)}`),
      )
      .sort();
    const rows = await db.packageInventory({ pageSize: 500 }).toArray();
    const actual = rows
      .map((row) => `${String(row.certname)} ${key(row.package_name, row.version, row.provider)}`)
      .sort();
    assert.deepEqual(actual, expected);
  });

  test('packages() lists each (name, version, provider) once; grouped counts equal the nodes holding it', async () => {
    const expected = new Map<string, number>();
    for (const node of activeNodes()) {
      for (const entry of node.facts.package_inventory) {
        expected.set(key(...entry), (expected.get(key(...entry)) ?? 0) + 1);
      }
    }
    const packages = await db.packages().toArray();
    const distinct = new Set(
      packages.map((row) => key(row.package_name, row.version, row.provider)),
    );
    for (const known of expected.keys()) assert.ok(distinct.has(known), known);
    const counted = await db
      .packageInventory({
        query: [
          'extract',
          ['package_name', 'version', 'provider', ['function', 'count']],
          ['=', 'package_name', 'libacme'],
          ['group_by', 'package_name', 'version', 'provider'],
        ],
      })
      .toArray();
    const libacme = [...expected].filter(([k]) => JSON.parse(k)[0] === 'libacme');
    assert.ok(libacme.length > 1, 'the fixture spreads libacme over several versions');
    assert.deepEqual(
      new Map(counted.map((row) => [key(row.package_name, row.version, row.provider), row.count])),
      new Map(libacme),
    );
  });

  test('inventory with an extract projection gives only the asked fact paths, one row per active node', async () => {
    const rows = (await db
      .stream('inventory', {
        query: ['extract', ['certname', 'facts.networking.ip', 'facts.os.release.full']],
      })
      .toArray()) as Array<Record<string, unknown>>;
    assert.equal(rows.length, activeNodes().length);
    const first = activeNodes()[0]!;
    const row = rows.find((candidate) => candidate.certname === first.certname)!;
    assert.deepEqual(Object.keys(row).sort(), [
      'certname',
      'facts.networking.ip',
      'facts.os.release.full',
    ]);
    const values = first.facts.values as {
      networking: { ip: string };
      os: { release: { full: string } };
    };
    assert.equal(row['facts.networking.ip'], values.networking.ip);
    assert.equal(row['facts.os.release.full'], values.os.release.full);
  });
});
