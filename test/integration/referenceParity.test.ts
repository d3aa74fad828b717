/**
 * Where the port deliberately sends something other than the reference (pypuppetdb 3.2), the
 * reference's own wire form is sent to the real PuppetDB here, to show why: PuppetDB does not
 * answer it with the data. src/client/README.md's parity table names these tests.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { request } from 'undici';
import { EqualsOperator } from '../../src/client';
import { httpClient, loadedFleet, testServer } from './support/puppetdb';

const db = httpClient();
after(() => db.disconnect());

const base = () => `http://${testServer().host}:${testServer().httpPort}`;

function activeNodes() {
  const fleet = loadedFleet();
  return fleet.nodes.filter((node) => !fleet.deactivated.includes(node.certname));
}

describe('deliberate differences from the reference, against the real PuppetDB', () => {
  test(`a path segment holding "/": the reference's bare "/" is redirected, "%2F" finds it`, async () => {
    const node = activeNodes()[0]!;
    const file = (node.catalog.resources as Array<{ type: string; title: string }>).find(
      (resource) => resource.type === 'File' && resource.title.startsWith('/'),
    )!;
    // pypuppetdb: quote("File/" + title) with safe="/" keeps the title's slashes as they are
    const referencePath = `/pdb/query/v4/resources/File/${file.title}`;
    // undici follows no redirect unless told to: a redirect shows here as a 3xx
    const reference = await request(`${base()}${referencePath}`);
    await reference.body.dump();
    // PuppetDB takes the title's slashes for more path and sends the client to its dashboard
    assert.equal(reference.statusCode, 302);
    assert.match(String(reference.headers.location), /\/dashboard\/index\.html$/);

    const query = new EqualsOperator('certname', node.certname);
    const found = await db.resources({ type: 'file', title: file.title, query }).toArray();
    assert.deepEqual(
      found.map((resource) => [resource.type, resource.name]),
      [['File', file.title]],
    );
  });

  test(`POST order_by: the reference's JSON string in the body is a 400, the array works`, async () => {
    const reference = await request(`${base()}/pdb/query/v4/nodes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // pypuppetdb: json.dumps(payload) where order_by is the caller's JSON string
      body: JSON.stringify({ order_by: '[{"field": "certname", "order": "desc"}]', limit: 2 }),
    });
    const text = await reference.body.text();
    assert.equal(reference.statusCode, 400, text);
    assert.match(text, /array of maps/i);

    const nodes = await db
      .nodes({ requestMethod: 'POST', orderBy: [{ field: 'certname', order: 'desc' }], limit: 2 })
      .toArray();
    assert.deepEqual(
      nodes.map((node) => node.name),
      activeNodes()
        .map((entry) => entry.certname)
        .sort()
        .reverse()
        .slice(0, 2),
    );
  });
});
