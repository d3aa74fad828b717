/**
 * A peer group's members against the real PuppetDB: a class, a fact value and a PQL query (with
 * a projection or without, whatever its entity) name the nodes PuppetDB's own rows give, read
 * here with plain PQL; a query whose rows name no node is said to be no group. A ranking whose
 * answer never ends (the fault proxy's endlessRows) stops and says why.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { connect } from '../../src/client';
import {
  groupCounts,
  groupMembers,
  NotAGroupError,
  rankMembers,
  UnexpectedRowsError,
} from '../../src/extension/peers/peerQueries';
import { peerNorm } from '../../src/shared/peers';
import { startFaultProxy } from '../support/faultProxy';
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

  // a guard, not a measure: before, the ranking read the endless answer until the test's timeout
  test(
    'a ranking answered without end stops, names why, and ends its requests',
    { timeout: 120_000 },
    async () => {
      const members = await groupMembers(client, { kind: 'class', title: 'Role::Web' });
      const norm = peerNorm(await groupCounts(client, members));
      const proxy = await startFaultProxy({ target: { host: server.host, port: server.httpPort } });
      try {
        const proxied = connect({ host: proxy.host, port: proxy.port, timeout: 60 });
        // the members' parts: POSTs, each the real answer over and over, its certnames numbered
        proxy.inject(
          { kind: 'endlessRows' },
          { match: /^\/pdb\/query\/v4\/(resources|facts|package-inventory)$/ },
        );
        await assert.rejects(rankMembers(proxied, members, norm), (error: unknown) => {
          assert.ok(error instanceof UnexpectedRowsError, String(error));
          assert.match(
            error.message,
            /PuppetDB sent rows of "[^"]+-\d+", which the ranking did not ask for/,
          );
          return true;
        });
        assert.ok(proxy.endlessRows.served > 0, 'the parts were answered without end');
        const ended = Date.now() + 10_000;
        while (proxy.endlessRows.open > 0 && Date.now() < ended) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        assert.equal(proxy.endlessRows.open, 0, 'every endless answer was let go');
      } finally {
        await proxy.close();
      }
    },
  );
});
