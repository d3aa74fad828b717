/**
 * A peer group's members against the real PuppetDB: a class, a fact value and a PQL query (with
 * a projection or without, whatever its entity) name the nodes PuppetDB's own rows give, read
 * here with plain PQL; a query whose rows name no node is said to be no group.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { groupMembers, NotAGroupError } from '../../src/extension/peers/peerQueries';
import { httpClient, testServer } from './support/puppetdb';

describe('peer groups', () => {
  const server = testServer();
  const client = httpClient();
  const pql = async (query: string): Promise<string[]> => {
    const response = await fetch(
      `http://${server.host}:${server.httpPort}/pdb/query/v4?query=${encodeURIComponent(query)}`,
    );
    assert.ok(response.ok, `${query}: HTTP ${response.status}`);
    const rows = (await response.json()) as Array<{ certname: string }>;
    return [...new Set(rows.map((row) => row.certname))].sort();
  };

  test('a class, a fact value and a query name the nodes PuppetDB gives', async () => {
    const web = await pql('resources[certname] { type = "Class" and title = "Role::Web" }');
    assert.ok(web.length > 1);
    assert.deepEqual(await groupMembers(client, { kind: 'class', title: 'Role::Web' }), web);
    assert.deepEqual(await groupMembers(client, { kind: 'fact', name: 'role', value: 'web' }), web);
    assert.deepEqual(
      await groupMembers(client, {
        kind: 'pql',
        query: 'inventory[certname] { facts.role = "web" }',
      }),
      web,
    );
    // whole rows of an entity (no projection): still the certname of each
    assert.deepEqual(
      await groupMembers(client, { kind: 'pql', query: 'nodes { certname ~ "^web" }' }),
      await pql('nodes[certname] { certname ~ "^web" }'),
    );
  });

  test('a query whose rows name no node is no group', async () => {
    await assert.rejects(
      groupMembers(client, { kind: 'pql', query: 'facts[name] { name = "role" }' }),
      NotAGroupError,
    );
  });
});
