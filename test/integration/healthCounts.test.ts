/**
 * The overview's health counts against the real PuppetDB, and against one that answers a count
 * without end (the fault proxy's endlessRows): a count is one row, read as one row, so the same
 * counts come back instead of the host's heap growing until something stops it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { connect } from '../../src/client';
import { fetchHealthCounts } from '../../src/extension/overview/healthCounts';
import { startFaultProxy } from '../support/faultProxy';
import { httpClient, testServer } from './support/puppetdb';

const input = { noSuccessWithinHours: 24, range: 'days' as const, now: new Date() };

describe('health counts, against the real PuppetDB', () => {
  // a guard, not a measure: the endless answer read whole would never end
  test('a count answered without end is read as its first row', { timeout: 120_000 }, async () => {
    const expected = await fetchHealthCounts(httpClient(), input);
    const server = testServer();
    const proxy = await startFaultProxy({ target: { host: server.host, port: server.httpPort } });
    try {
      const proxied = connect({ host: proxy.host, port: proxy.port, timeout: 60 });
      // the counts' requests: POSTs to /nodes (a list of certnames may not fit in a URL)
      proxy.inject({ kind: 'endlessRows' }, { match: /^\/pdb\/query\/v4\/nodes$/ });
      const counted = await fetchHealthCounts(proxied, input);
      assert.ok(proxy.endlessRows.served > 0, 'the counts were answered without end');
      assert.deepEqual(counted, expected);
    } finally {
      await proxy.close();
    }
  });
});
