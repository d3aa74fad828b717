/**
 * An empty list is an answer: every operation gives `[]` (or an empty stream) for `[]`. Only JSON
 * `null` or a body with no JSON at all is an EmptyResponseError. The real-server side of this is
 * test/integration/emptyAnswers.test.ts; here the bodies PuppetDB never sends (null, nothing).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EmptyResponseError, MalformedResponseError } from '../../../src/client';
import { db } from './support/mockServer';

const NODE_ROW = {
  certname: 'quiet01.example.com',
  deactivated: null,
  expired: null,
  facts_timestamp: '2024-03-01T10:00:01.000Z',
  catalog_timestamp: '2024-03-01T10:01:00.000Z',
  report_timestamp: '2024-03-01T10:02:10.000Z',
  facts_environment: 'production',
  catalog_environment: 'production',
  report_environment: 'production',
  latest_report_hash: 'abc',
  latest_report_status: 'unchanged',
  latest_report_noop: false,
  latest_report_noop_pending: false,
  cached_catalog_status: 'not_used',
};

describe('an empty list is a valid answer', () => {
  for (const body of ['[]', ' [ ]\n', '\uFEFF[]']) {
    test(`whole-body operations return [] for ${JSON.stringify(body)}`, async () => {
      const { api } = db({}, () => ({ body }));
      assert.deepEqual(await api.factNames(), []);
      assert.deepEqual(await api.query('nodes', { query: '["=", "certname", "none"]' }), []);
      assert.deepEqual(await api.query('fact-names', { requestMethod: 'POST' }), []);
      assert.deepEqual(await api.aggregateEventCounts({ summarizeBy: 'certname,resource' }), []);
      assert.deepEqual(await api.environments(), []);
      assert.deepEqual(await api.nodes().toArray(), []);
      assert.deepEqual(await api.pqlAst('nodes {}'), []);
    });
  }

  test('nodes and pql with status when the latest reports have no events (event-counts: [])', async () => {
    const { api, seen } = db({}, ({ path }) => ({
      body: path.includes('event-counts') ? [] : [NODE_ROW],
    }));
    const now = new Date('2024-03-01T11:00:00Z');
    const [node] = await api.nodes({ withStatus: true, now }).toArray();
    assert.equal(node!.status, 'unchanged');
    assert.equal(node!.events, undefined);
    const [fromPql] = await api.pql('nodes {}', { withStatus: true, now }).toArray();
    assert.equal((fromPql as { status?: string }).status, 'unchanged');
    assert.equal(seen.filter((request) => request.path.includes('event-counts')).length, 2);
  });
});

describe('only null or no JSON at all is an EmptyResponseError', () => {
  for (const [label, body] of [
    ['JSON null', 'null'],
    ['an empty body', ''],
    ['a body of whitespace', ' \n'],
  ] as const) {
    test(`${label}`, async () => {
      const { api } = db({}, () => ({ body }));
      await assert.rejects(api.factNames(), (error: unknown) => {
        assert.ok(error instanceof EmptyResponseError, `got ${String(error)}`);
        assert.match(
          error.message,
          /returned an empty response for .*\/pdb\/query\/v4\/fact-names/,
        );
        return true;
      });
      await assert.rejects(api.query('nodes'), EmptyResponseError);
      await assert.rejects(api.nodes().toArray(), EmptyResponseError);
    });
  }

  test('a truncated array is still malformed, not empty', async () => {
    const { api } = db({}, () => ({ body: '[' }));
    await assert.rejects(api.factNames(), MalformedResponseError);
  });
});
