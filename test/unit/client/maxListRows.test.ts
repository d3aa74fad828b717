/**
 * `maxListRows`: a call that holds its whole answer stops at the limit with a ResultTooLargeError
 * instead of holding an answer that never ends. A real socket serves an endless array (a hostile
 * or broken server; PuppetDB itself always ends its answers), so memory would grow without the
 * limit; streams are the caller's to stop and are not limited.
 */
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { connect, ResultTooLargeError, type PuppetDB } from '../../../src/client';
import { loopbackServer, type LoopbackServer } from './support/loopbackServer';

/** Writes `[row,row,…` for as long as the client reads, and never the closing bracket. */
function endlessArray(response: ServerResponse, row: (index: number) => unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  let index = 0;
  const write = (): void => {
    while (!response.destroyed) {
      const chunk = `${index === 0 ? '[' : ','}${JSON.stringify(row(index++))}`;
      if (!response.write(chunk)) {
        response.once('drain', write);
        return;
      }
    }
  };
  response.on('close', () => response.removeAllListeners('drain'));
  write();
}

// without the limit these calls read forever: the timeout makes that a failure, not a hang
describe('maxListRows: whole answers stop at the limit', { timeout: 60_000 }, () => {
  let server: LoopbackServer;
  let api: PuppetDB;
  const LIMIT = 1_000;

  before(async () => {
    server = await loopbackServer((request, response) => {
      if (request.url?.includes('/nodes')) {
        // the nodes themselves end; their event counts never do
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify([{ certname: 'a.example.com' }]));
        return;
      }
      endlessArray(response, (index) =>
        request.url?.includes('fact-names')
          ? `fact_${index}`
          : { name: `row-${index}`, subject: { title: `node-${index}` }, path: ['os'] },
      );
    });
    api = connect({
      host: '127.0.0.1',
      port: Number(new URL(server.url).port),
      maxListRows: LIMIT,
    });
  });
  after(async () => {
    await api.disconnect();
    await server.close();
  });

  const calls: Array<[string, () => Promise<unknown>]> = [
    ['environments()', () => api.environments()],
    ['factNames()', () => api.factNames()],
    ['factPaths()', () => api.factPaths()],
    ['query() of a whole endpoint', () => api.query('environments')],
    ['query() in pages', () => api.query('environments', { pageSize: 5_000 })],
    [
      'the event counts behind nodes({ withStatus })',
      () => api.nodes({ withStatus: true }).toArray(),
    ],
  ];
  for (const [name, call] of calls) {
    test(`${name} fails with ResultTooLargeError`, async () => {
      await assert.rejects(call(), (error: unknown) => {
        assert.ok(error instanceof ResultTooLargeError, String(error));
        assert.equal(error.limit, LIMIT);
        assert.match(error.message, /more than 1,000 rows/);
        return true;
      });
    });
  }

  test('a stream is the caller to stop: it is not limited', async () => {
    let rows = 0;
    for await (const _row of api.stream('environments')) {
      if (++rows > LIMIT * 3) break;
    }
    assert.equal(rows, LIMIT * 3 + 1);
  });
});

describe('maxListRows: an answer within the limit is whole', () => {
  test('as many rows as the limit', async () => {
    const rows = Array.from({ length: 50 }, (_, index) => ({ name: `env${index}` }));
    const server = await loopbackServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(rows));
    });
    const api = connect({
      host: '127.0.0.1',
      port: Number(new URL(server.url).port),
      maxListRows: 50,
    });
    try {
      assert.deepEqual(await api.environments(), rows);
    } finally {
      await api.disconnect();
      await server.close();
    }
  });

  test('the option is checked like every other', () => {
    assert.throws(() => connect({ maxListRows: 0 }), /maxListRows/);
    assert.throws(() => connect({ maxListRows: 1.5 }), /maxListRows/);
  });
});
