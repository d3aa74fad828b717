/** The requests each operation sends: paths, parameters, bodies and headers, through a MockAgent. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  APIError,
  connect,
  DoesNotComputeError,
  EqualsOperator,
  ImproperlyConfiguredError,
  UnsupportedVersionError,
} from '../../../src/client';
import { db } from './support/mockServer';

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
  latest_report_status: 'failed',
  latest_report_noop: false,
  latest_report_noop_pending: false,
  cached_catalog_status: 'not_used',
};

describe('connect()', () => {
  test('uses the reference defaults', () => {
    const api = connect();
    assert.equal(api.baseUrl, 'http://localhost:8080');
    assert.equal(api.version, 'v4');
    assert.equal(api.total, undefined);
  });

  test('normalises the URL path and resolves the protocol as the reference', () => {
    assert.equal(connect({ urlPath: 'puppetdb/' }).baseUrl, 'http://localhost:8080/puppetdb');
    assert.equal(connect({ urlPath: '/puppet/db/' }).baseUrl, 'http://localhost:8080/puppet/db');
    assert.equal(connect({ token: 't' }).baseUrl, 'https://localhost:8080');
    assert.equal(connect({ token: 't', protocol: 'HTTP' }).baseUrl, 'http://localhost:8080');
    assert.equal(connect({ host: '::1', port: 8081 }).baseUrl, 'http://[::1]:8081');
  });

  test('rejects contradictory settings with clear errors', () => {
    assert.throws(() => connect({ apiVersion: 3 }), UnsupportedVersionError);
    assert.throws(() => connect({ sslKey: '/tmp/key.pem' }), ImproperlyConfiguredError);
    assert.throws(() => connect({ sslCert: '/tmp/cert.pem' }), /both sslCert and sslKey/);
    assert.throws(() => connect({ protocol: 'ftp' }), ImproperlyConfiguredError);
    assert.throws(() => connect({ timeout: 0 }), ImproperlyConfiguredError);
  });

  test('an unreadable certificate file fails the first operation, not connect()', async () => {
    // connect() is synchronous and reads no file; the first request reads them (asynchronously)
    const api = connect({ host: '127.0.0.1', port: 9, sslVerify: '/nonexistent/ca.pem' });
    await assert.rejects(api.status(), (error: unknown) => {
      assert.ok(error instanceof ImproperlyConfiguredError, String(error));
      assert.match(
        error.message,
        /The CA certificate file \/nonexistent\/ca.pem does not exist \(connect\(\) option sslVerify\)/,
      );
      return true;
    });
    await api.disconnect();
  });
});

describe('request shapes', () => {
  test('plural operations are lazy: nothing is sent before iteration', async () => {
    const { api, seen } = db();
    const stream = api.nodes();
    api.facts();
    api.resources();
    assert.equal(seen.length, 0);
    await stream.toArray();
    assert.equal(seen.length, 1);
  });

  test('GET parameters are encoded in the reference order and form', async () => {
    const { api, seen } = db({}, () => ({ body: [], headers: { 'x-records': '48' } }));
    await api
      .facts({
        query: new EqualsOperator('certname', 'node1'),
        orderBy: [{ field: 'name', order: 'desc' }],
        limit: 1,
        offset: 2,
        includeTotal: true,
      })
      .toArray();
    assert.equal(
      seen[0]!.path,
      '/pdb/query/v4/facts?query=%5B%22%3D%22%2C+%22certname%22%2C+%22node1%22%5D' +
        '&order_by=%5B%7B%22field%22%3A%22name%22%2C%22order%22%3A%22desc%22%7D%5D&limit=1&include_total=true&offset=2',
    );
    assert.equal(api.total, 48);
  });

  test('the reference headers, basic auth only with both parts, and the token header', async () => {
    const { api, seen } = db({ username: 'u', password: 'p', token: 'secret', protocol: 'http' });
    await api.environments();
    const headers = seen[0]!.headers;
    assert.equal(headers['content-type'], 'application/json');
    assert.equal(headers.accept, 'application/json');
    assert.equal(headers['accept-charset'], 'utf-8');
    assert.equal(headers['x-authentication'], 'secret');
    assert.equal(headers.authorization, `Basic ${Buffer.from('u:p').toString('base64')}`);
    const onlyUser = db({ username: 'u' });
    await onlyUser.api.environments();
    assert.equal(onlyUser.seen[0]!.headers.authorization, undefined);
  });

  test('POST sends the parameters as a JSON body', async () => {
    const { api, seen } = db();
    await api
      .nodes({ query: '["=", "certname", "a"]', limit: 5, includeTotal: true, method: 'POST' })
      .toArray();
    assert.equal(seen[0]!.method, 'POST');
    assert.equal(seen[0]!.path, '/pdb/query/v4/nodes');
    assert.deepEqual(JSON.parse(seen[0]!.body!), {
      query: '["=", "certname", "a"]',
      limit: 5,
      include_total: 'true',
    });
  });

  test('methods other than GET and POST are refused before anything is sent', () => {
    const { api, seen } = db();
    assert.throws(() => api.nodes({ method: 'DELETE' as 'GET' }), ImproperlyConfiguredError);
    assert.equal(seen.length, 0);
  });

  test('paths: node names, fact names and values, resource types and titles', async () => {
    const { api, seen } = db({ urlPath: '/puppetdb' }, ({ path }) => ({
      body: path.includes('/nodes/') ? NODE_ROW : [],
    }));
    await api.node('web01.example.com');
    await api.facts({ name: 'os', value: 'a b/c' }).toArray();
    await api.facts({ value: 'ignored without a name' }).toArray();
    await api.resources({ type: 'profile::ACCOUNT', title: '/etc/motd' }).toArray();
    await api.resources({ title: 'ignored without a type' }).toArray();
    assert.deepEqual(
      seen.map((request) => request.path),
      [
        '/puppetdb/pdb/query/v4/nodes/web01.example.com',
        '/puppetdb/pdb/query/v4/facts/os/a%20b%2Fc',
        '/puppetdb/pdb/query/v4/facts',
        '/puppetdb/pdb/query/v4/resources/Profile::Account/%2Fetc%2Fmotd'.replace('::', '%3A%3A'),
        '/puppetdb/pdb/query/v4/resources',
      ],
    );
  });

  test('event counts carry summarize_by, count_by and counts_filter', async () => {
    const { api, seen } = db({}, () => ({ body: [{ summarize_by: 'certname', failures: 1 }] }));
    await api.eventCounts({
      summarizeBy: 'certname',
      countBy: 'resource',
      countFilter: '[">", "failures", 0]',
    });
    const aggregate = await api.aggregateEventCounts({ summarizeBy: 'certname' });
    assert.deepEqual(aggregate, { summarize_by: 'certname', failures: 1 });
    assert.equal(
      seen[0]!.path,
      '/pdb/query/v4/event-counts?summarize_by=certname&count_by=resource&counts_filter=%5B%22%3E%22%2C+%22failures%22%2C+0%5D',
    );
    await assert.rejects(api.eventCounts({ summarizeBy: '' }), DoesNotComputeError);
  });

  test('nodes with status fetch the latest event counts once, whatever the fleet size', async () => {
    const rows = Array.from({ length: 50 }, (_, index) => ({ ...NODE_ROW, certname: `n${index}` }));
    const { api, seen } = db({}, ({ path }) =>
      path.includes('event-counts')
        ? {
            body: [
              {
                subject_type: 'certname',
                subject: { title: 'n3' },
                failures: 2,
                successes: 1,
                noops: 0,
                skips: 0,
              },
            ],
          }
        : { body: rows },
    );
    const nodes = await api
      .nodes({ withStatus: true, now: new Date('2024-03-01T11:00:00Z') })
      .toArray();
    assert.equal(seen.length, 2);
    assert.match(
      seen[0]!.path,
      /^\/pdb\/query\/v4\/event-counts\?query=%5B%22%3D%22%2C\+%22latest_report%3F%22%2C\+true%5D&summarize_by=certname$/,
    );
    assert.equal(nodes.length, 50);
    assert.equal(nodes[3]!.events?.failures, 2);
    assert.equal(nodes[4]!.events, undefined);
    assert.equal(nodes[0]!.status, 'failed');
  });

  test('paging sends limit/offset pages with a total order until a short page', async () => {
    const all = Array.from({ length: 7 }, (_, index) => ({
      certname: `n${index}`,
      name: 'f',
      value: index,
      environment: 'e',
    }));
    const { api, seen } = db({}, ({ path }) => {
      const params = new URL(path, 'http://x').searchParams;
      const offset = Number(params.get('offset'));
      const limit = Number(params.get('limit'));
      const headers: Record<string, string> = params.get('include_total')
        ? { 'x-records': '7' }
        : {};
      return { body: all.slice(offset, offset + limit), headers };
    });
    const stream = api.facts({
      pageSize: 3,
      includeTotal: true,
      orderBy: [{ field: 'value', order: 'desc' }],
    });
    const facts = await stream.toArray();
    assert.deepEqual(
      facts.map((fact) => fact.value),
      [0, 1, 2, 3, 4, 5, 6],
    );
    assert.equal(seen.length, 3);
    const first = new URL(seen[0]!.path, 'http://x').searchParams;
    assert.deepEqual(JSON.parse(first.get('order_by')!), [
      { field: 'value', order: 'desc' },
      { field: 'certname', order: 'asc' },
      { field: 'name', order: 'asc' },
    ]);
    assert.equal(first.get('include_total'), 'true');
    assert.equal(new URL(seen[2]!.path, 'http://x').searchParams.get('offset'), '6');
    assert.equal(new URL(seen[1]!.path, 'http://x').searchParams.get('include_total'), null);
    assert.equal(stream.total, 7);
    assert.equal(api.total, 7);
  });

  test('paging honours a limit as a cap and an offset as the start', async () => {
    const { api, seen } = db({}, ({ path }) => {
      const params = new URL(path, 'http://x').searchParams;
      return {
        body: Array.from({ length: Number(params.get('limit')) }, (_, i) => ({
          certname: `n${i}`,
        })),
      };
    });
    const rows = await api.stream('nodes', { pageSize: 4, limit: 10, offset: 100 }).toArray();
    assert.equal(rows.length, 10);
    assert.deepEqual(
      seen.map((request) => {
        const params = new URL(request.path, 'http://x').searchParams;
        return [params.get('limit'), params.get('offset')];
      }),
      [
        ['4', '100'],
        ['4', '104'],
        ['2', '108'],
      ],
    );
  });

  test('pql sends the query to the root endpoint and builds records by entity', async () => {
    const { api, seen } = db({}, () => ({
      body: [{ certname: 'a', name: 'kernel', value: 'Linux', environment: 'production' }],
    }));
    const facts = await api.pql('  facts { name = "kernel" }  ').toArray();
    assert.equal(seen[0]!.path, '/pdb/query/v4?query=facts+%7B+name+%3D+%22kernel%22+%7D');
    assert.equal(facts[0]!.constructor.name, 'Fact');
    const plain = await api.pql('facts[name, count()] { group by name }').toArray();
    assert.deepEqual(plain[0], {
      certname: 'a',
      name: 'kernel',
      value: 'Linux',
      environment: 'production',
    });
    assert.throws(() => api.pql('   '), APIError);
  });

  test('pql status options are refused for entities other than nodes, and accepted for nodes', async () => {
    const { api } = db({}, () => ({ body: [NODE_ROW] }));
    assert.throws(
      () => api.pql('facts {}', { withStatus: true }),
      /used only for queries for nodes/,
    );
    assert.throws(
      () => api.pql('reports {}', { unreported: 5 }),
      /used only for queries for nodes/,
    );
    const [node] = await api
      .pql('nodes {}', {
        withStatus: true,
        withEventNumbers: false,
        now: new Date('2024-03-01T11:00:00Z'),
      })
      .toArray();
    assert.equal((node as { status?: string }).status, 'failed');
  });

  test('metric v2 escapes names as Jolokia does; v1 reads mbeans raw', async () => {
    const { api, seen } = db({}, ({ path }) =>
      path.includes('bad')
        ? { body: { error: 'No such mbean', status: 404 } }
        : { body: { value: { Count: 3 }, status: 200 } },
    );
    assert.deepEqual(await api.metric('test:name=Num'), { Count: 3 });
    await api.metric('test:special/chars!metric"name');
    await api.metric();
    await api.metric('puppetlabs.puppetdb.population:name=num-nodes', { version: 'v1' });
    await assert.rejects(api.metric('bad'), DoesNotComputeError);
    assert.deepEqual(
      seen.slice(0, 4).map((request) => request.path),
      [
        '/metrics/v2/read/test%3Aname%3DNum',
        '/metrics/v2/read/test%3Aspecial%21/chars%21%21metric%21%22name',
        '/metrics/v2/list',
        '/metrics/v1/mbeans/puppetlabs.puppetdb.population%3Aname%3Dnum-nodes',
      ],
    );
  });

  test('commands: known names only, the certname and a checksum of the body sent', async () => {
    const { api, seen } = db({}, () => ({ body: { uuid: 'u-1' } }));
    await assert.rejects(
      api.command('bogus cmd', { certname: 'x' }),
      /Unknown command "bogus cmd"/,
    );
    assert.equal(seen.length, 0);
    const payload = { certname: 'testnode', producer_timestamp: '2024-03-01T00:00:00.000Z' };
    assert.deepEqual(await api.command('deactivate node', payload, { waitSeconds: 5 }), {
      uuid: 'u-1',
    });
    const body = JSON.stringify(payload);
    const checksum = createHash('sha1').update(body).digest('hex');
    assert.equal(seen[0]!.method, 'POST');
    assert.equal(
      seen[0]!.path,
      `/pdb/cmd/v1?command=deactivate+node&version=3&certname=testnode&checksum=${checksum}&secondsToWaitForCompletion=5`,
    );
    assert.equal(seen[0]!.body, body);
    await assert.rejects(api.command('store report', { noCertname: true }), /has no certname/);
  });

  test('status, version and server time', async () => {
    const { api, seen } = db({}, ({ path }) => ({
      body: path.endsWith('server-time')
        ? { server_time: '2026-11-22T10:00:00.123Z' }
        : path.endsWith('version')
          ? { version: '7.12.1' }
          : { state: 'running' },
    }));
    assert.deepEqual(await api.status(), { state: 'running' });
    assert.equal(await api.currentVersion(), '7.12.1');
    assert.equal((await api.serverTime()).toISOString(), '2026-11-22T10:00:00.123Z');
    assert.deepEqual(
      seen.map((request) => request.path),
      ['/status/v1/services/puppetdb-status', '/pdb/meta/v1/version', '/pdb/meta/v1/server-time'],
    );
  });
});
