/**
 * nodes({ withStatus }) asks for the latest reports' event counts beside the node list, not
 * before it (the two requests overlap), and a failure of either still reaches the caller.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { connect, PuppetDBHTTPError, type ConnectOptions } from '../../../src/client';
import { json, loopbackServer, type Handler } from './support/loopbackServer';

const NODE_ROW = {
  certname: 'web01.example.com',
  deactivated: null,
  expired: null,
  facts_timestamp: '2024-03-01T10:00:01.000Z',
  catalog_timestamp: '2024-03-01T10:01:00.000Z',
  report_timestamp: '2024-03-01T10:02:10.000Z',
  facts_environment: 'production',
  catalog_environment: 'production',
  report_environment: 'production',
  latest_report_hash: 'abc',
  latest_report_status: 'changed',
  latest_report_noop: false,
  latest_report_noop_pending: false,
  cached_catalog_status: 'not_used',
};
const COUNTS = [
  {
    subject_type: 'certname',
    subject: { title: 'web01.example.com' },
    successes: 3,
    failures: 0,
    noops: 0,
    skips: 0,
  },
];

async function serve(
  byEndpoint: (endpoint: 'nodes' | 'event-counts') => Handler,
  options: Pick<ConnectOptions, 'onRequest'> = {},
) {
  const server = await loopbackServer((request, response) => {
    const endpoint = request.url!.includes('/event-counts') ? 'event-counts' : 'nodes';
    byEndpoint(endpoint)(request, response);
  });
  const url = new URL(server.url);
  const api = connect({ host: url.hostname, port: Number(url.port), ...options });
  after(async () => {
    await api.disconnect();
    await server.close();
  });
  return { api, server };
}

describe('nodes({ withStatus }): the event counts beside the nodes', () => {
  test(
    'the counts are answered only once the node list was asked for: both requests overlap',
    { timeout: 20_000 },
    async () => {
      let nodesAsked!: () => void;
      const nodesArrived = new Promise<void>((resolve) => (nodesAsked = resolve));
      const { api } = await serve((endpoint) =>
        endpoint === 'nodes'
          ? (request, response) => {
              nodesAsked();
              json([NODE_ROW])(request, response);
            }
          : // a client that waits for the counts before asking for the nodes never gets them
            (request, response) => void nodesArrived.then(() => json(COUNTS)(request, response)),
      );
      const [node] = await api.nodes({ withStatus: true }).toArray();
      assert.equal(node?.statusReport, 'changed');
      assert.deepEqual(node?.events, COUNTS[0]);
    },
  );

  test('a failure of the counts reaches the caller, also when there are no nodes', async () => {
    for (const nodes of [[], [NODE_ROW]]) {
      const { api } = await serve((endpoint) =>
        endpoint === 'nodes' ? json(nodes) : json({ error: 'counts broke' }, 500),
      );
      await assert.rejects(api.nodes({ withStatus: true }).toArray(), (error: unknown) => {
        assert.ok(error instanceof PuppetDBHTTPError);
        assert.match(error.url, /event-counts/);
        return true;
      });
    }
  });

  test('when both fail, one error reaches the caller and none is left unhandled', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      let ended = 0;
      let bothEnded!: () => void;
      const bothDone = new Promise<void>((resolve) => (bothEnded = resolve));
      const { api } = await serve(() => json({ error: 'down' }, 500), {
        onRequest: () => {
          if (++ended === 2) bothEnded();
        },
      });
      await assert.rejects(api.nodes({ withStatus: true }).toArray(), PuppetDBHTTPError);
      await bothDone;
      // a rejection nobody handles is reported after the microtasks of the turn it happened in
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
