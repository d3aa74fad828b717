/**
 * The order fetchOverview asks in: the first paint's queries at once, the flapping ones (a row
 * per node each, slow on a large fleet) only once those have answered, so that they never
 * compete with the first paint; and which nodes a flapping resource flaps on. A recording client stands in for PuppetDB: only the order of the
 * requests is under test (what they count is tested against the real PuppetDB by the host tests).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PuppetDB } from '../../../../src/client';
import {
  fetchOverview,
  flappingKey,
  overviewQueries,
} from '../../../../src/extension/overview/overviewQueries';

/**
 * A client whose `stream(endpoint, { query })` answers what `answer` gives, in one batch, once
 * it is read (as the real one sends its request when iteration starts).
 */
function streaming(answer: (endpoint: string, query: unknown) => Promise<unknown[]>): PuppetDB {
  return {
    stream: (endpoint: string, { query }: { query: unknown }) => ({
      async *batches() {
        yield await answer(endpoint, query);
      },
    }),
  } as unknown as PuppetDB;
}

const input = {
  unreportedHours: 2,
  range: 'hours',
  now: new Date('2026-01-01T00:00:00Z'),
} as const;

test('the flapping queries are asked only after every first-paint query has answered', async () => {
  const asked: string[] = [];
  const pending: Array<() => void> = [];
  const client = streaming((endpoint, query) => {
    asked.push(JSON.stringify([endpoint, query]));
    return new Promise((resolve) => pending.push(() => resolve([])));
  });
  const queries = overviewQueries(input);
  const flappingQueries = [queries.changesPerNode, queries.runsPerNode].map(({ endpoint, query }) =>
    JSON.stringify([endpoint, query]),
  );
  const { overview, flapping } = fetchOverview(client, { ...input, connectionName: 'test' });
  const firstPaint = asked.length;
  assert.ok(firstPaint > 0);
  assert.ok(
    asked.every((query) => !flappingQueries.includes(query)),
    'no flapping query alongside the first paint',
  );
  pending.splice(0).forEach((answer) => answer());
  await overview;
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(asked.slice(firstPaint), flappingQueries, 'the two flapping queries follow');
  pending.splice(0).forEach((answer) => answer());
  assert.deepEqual(await flapping, { resources: [], nodes: new Map() });
});

test('a flapping resource comes with exactly the nodes it flaps on', async () => {
  const queries = overviewQueries(input);
  const file = { resource_type: 'File', resource_title: '/etc/motd' };
  // web1 changed it in 3 of 4 runs, web2 in 2 of 4 (both ≥ 45 %); web3 in 1 of 4; db1 ran once
  const answers = new Map<string, unknown[]>([
    [
      JSON.stringify(queries.changesPerNode.query),
      [
        { ...file, certname: 'web1', count: 3 },
        { ...file, certname: 'web2', count: 2 },
        { ...file, certname: 'web3', count: 1 },
        { ...file, certname: 'db1', count: 1 },
      ],
    ],
    [
      JSON.stringify(queries.runsPerNode.query),
      [
        { certname: 'web1', count: 4 },
        { certname: 'web2', count: 4 },
        { certname: 'web3', count: 4 },
        { certname: 'db1', count: 1 },
      ],
    ],
  ]);
  const client = streaming(async (_endpoint, query) => answers.get(JSON.stringify(query)) ?? []);
  const { flapping } = fetchOverview(client, { ...input, connectionName: 'test' });
  const { resources, nodes } = await flapping;
  assert.deepEqual(resources, [{ type: 'File', title: '/etc/motd', nodes: 2 }]);
  assert.deepEqual([...nodes], [[flappingKey('File', '/etc/motd'), ['web1', 'web2']]]);
});
