/**
 * The reference's `payload`: extra parameters under PuppetDB's own names, on every call that
 * sends a query. What each call sends (through a MockAgent): on GET the query string, on POST
 * the JSON body; a named option wins over the payload's key of the same name.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EqualsOperator, ImproperlyConfiguredError } from '../../../src/client';
import { db } from './support/mockServer';

type Api = ReturnType<typeof db>['api'];
type Loose = Record<string, unknown>;

const DISTINCT = {
  distinct_resources: true,
  distinct_start_time: new Date('2024-03-01T00:00:00.000Z'),
  distinct_end_time: '2024-03-02T00:00:00Z',
};

/** The query string of a request path, decoded to its pairs in order. */
function searchPairs(path: string): Array<[string, string]> {
  return [...new URLSearchParams(path.split('?')[1] ?? '')];
}

describe('payload on GET: its keys become query-string parameters', () => {
  test("events' distinct_resources, distinct_start_time and distinct_end_time", async () => {
    const { api, seen } = db();
    await api.events({ payload: DISTINCT }).toArray();
    assert.equal(
      seen[0]!.path,
      '/pdb/query/v4/events?distinct_resources=true' +
        '&distinct_start_time=2024-03-01T00%3A00%3A00.000Z&distinct_end_time=2024-03-02T00%3A00%3A00Z',
    );
  });

  test('text as it is, a Date as ISO 8601, a builder as its text, anything else as JSON', async () => {
    const { api, seen } = db();
    await api
      .events({
        payload: {
          text: 'a b&c=d',
          number: 2.5,
          yes: true,
          no: false,
          date: new Date(Date.UTC(2024, 2, 1, 10, 0, 1, 5)),
          builder: new EqualsOperator('certname', 'web01'),
          array: ['x', 1, null],
          object: { a: [1, { b: 'é' }], when: new Date(0) },
          none: null,
          missing: undefined,
        },
      })
      .toArray();
    assert.deepEqual(searchPairs(seen[0]!.path), [
      ['text', 'a b&c=d'],
      ['number', '2.5'],
      ['yes', 'true'],
      ['no', 'false'],
      ['date', '2024-03-01T10:00:01.005Z'],
      ['builder', '["=", "certname", "web01"]'],
      ['array', '["x",1,null]'],
      ['object', '{"a":[1,{"b":"é"}],"when":"1970-01-01T00:00:00.000Z"}'],
    ]);
  });

  test('a named option wins over the same key; the payload keeps its other keys', async () => {
    const { api, seen } = db();
    await api
      .facts({
        query: '["=", "name", "os"]',
        limit: 1,
        orderBy: [{ field: 'certname' }],
        payload: {
          limit: 99,
          extra: 'kept',
          order_by: '[{"field":"name"}]',
          query: '["=", "name", "kernel"]',
        },
      })
      .toArray();
    // the reference sets its keys into the caller's payload: a replaced key keeps its place
    assert.deepEqual(searchPairs(seen[0]!.path), [
      ['limit', '1'],
      ['extra', 'kept'],
      ['order_by', '[{"field":"certname"}]'],
      ['query', '["=", "name", "os"]'],
    ]);
  });

  test('a named option given as false or null still wins: its key is not sent', async () => {
    const { api, seen } = db();
    await api
      // query: null is what a JavaScript caller may write for "no query"
      .nodes({
        includeTotal: false,
        query: null as never,
        payload: { include_total: true, query: '[]' },
      })
      .toArray();
    assert.equal(seen[0]!.path, '/pdb/query/v4/nodes');
  });

  test('without a named option the payload may set any parameter, include_total too', async () => {
    const { api, seen } = db({}, () => ({ body: [], headers: { 'x-records': '7' } }));
    const stream = api.nodes({ payload: { include_total: true, limit: 3 } });
    await stream.toArray();
    assert.deepEqual(searchPairs(seen[0]!.path), [
      ['include_total', 'true'],
      ['limit', '3'],
    ]);
    assert.equal(stream.total, 7);
  });

  test("the call's own parameters win: pql's query, pqlAst's ast_only", async () => {
    const { api, seen } = db();
    await api.pql('nodes {}', { payload: { query: 'facts {}', x: 1 } }).toArray();
    await api.pqlAst('nodes {}', { payload: { ast_only: false, query: 'facts {}' } });
    assert.deepEqual(searchPairs(seen[0]!.path), [
      ['query', 'nodes {}'],
      ['x', '1'],
    ]);
    assert.deepEqual(searchPairs(seen[1]!.path), [
      ['query', 'nodes {}'],
      ['ast_only', 'true'],
    ]);
  });

  test("with pageSize every page carries the payload; the pages' limit and offset win", async () => {
    const rows = Array.from({ length: 5 }, (_, index) => ({ certname: `n${index}` }));
    const { api, seen } = db({}, ({ path }) => {
      const offset = Number(new URLSearchParams(path.split('?')[1]).get('offset'));
      return { body: rows.slice(offset, offset + 2) };
    });
    const got = await api
      .stream('nodes', { pageSize: 2, payload: { limit: 1, offset: 4, extra: 'x' } })
      .toArray();
    assert.equal(got.length, 5);
    assert.equal(seen.length, 3);
    for (const [index, request] of seen.entries()) {
      const pairs = new URLSearchParams(request.path.split('?')[1]);
      assert.equal(pairs.get('extra'), 'x');
      assert.equal(pairs.get('limit'), '2');
      assert.equal(pairs.get('offset'), String(index * 2));
    }
  });

  test("nodes({ withStatus }): the payload goes to the nodes, not to the status's event counts", async () => {
    const { api, seen } = db();
    await api.nodes({ withStatus: true, payload: { extra: 'x' } }).toArray();
    const nodes = seen.find((request) => request.path.startsWith('/pdb/query/v4/nodes'));
    const counts = seen.find((request) => request.path.includes('event-counts'));
    assert.match(nodes!.path, /[?&]extra=x$/);
    assert.doesNotMatch(counts!.path, /extra/);
  });
});

describe('payload on POST: its keys go into the JSON body as the JSON they are', () => {
  test('typed values, a Date as ISO 8601 text, a builder as its text', async () => {
    const { api, seen } = db();
    await api
      .events({
        requestMethod: 'POST',
        limit: 2,
        payload: {
          ...DISTINCT,
          builder: new EqualsOperator('certname', 'web01'),
          object: { a: [1, null] },
          none: null,
          limit: 50,
        },
      })
      .toArray();
    assert.equal(seen[0]!.path, '/pdb/query/v4/events');
    assert.deepEqual(JSON.parse(seen[0]!.body!), {
      distinct_resources: true,
      distinct_start_time: '2024-03-01T00:00:00.000Z',
      distinct_end_time: '2024-03-02T00:00:00Z',
      builder: '["=", "certname", "web01"]',
      object: { a: [1, null] },
      limit: 2,
    });
  });

  test('order_by from the payload goes as the array PuppetDB 7 takes, like the named one', async () => {
    const { api, seen } = db();
    await api.nodes({ method: 'POST', payload: { order_by: '[{"field":"certname"}]' } }).toArray();
    await api.nodes({ method: 'POST', payload: { order_by: [{ field: 'certname' }] } }).toArray();
    for (const request of seen) {
      assert.deepEqual(JSON.parse(request.body!), { order_by: [{ field: 'certname' }] });
    }
  });

  test('a "__proto__" key (as JSON.parse makes it) stays a key of the body', async () => {
    const { api, seen } = db();
    await api.nodes({ method: 'POST', payload: JSON.parse('{"__proto__": 1}') }).toArray();
    assert.equal(seen[0]!.body, '{"__proto__":1}');
  });
});

describe('a payload that is not an object of JSON values is refused before anything is sent', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    [
      'an array',
      [['limit', 1]],
      /^events\(\): payload must be an object of PuppetDB parameter names and their values, not an array\.$/,
    ],
    ['text', 'limit=1', /payload must be an object .*, not "limit=1" \(a string\)/],
    ['a Map', new Map([['limit', 1]]), /payload must be an object of PuppetDB parameter names/],
    ['null', null, /payload must be an object .*, not null/],
    ['an empty name', { '': 1 }, /^events\(\): payload has a parameter without a name\.$/],
    [
      'NaN',
      { limit: Number.NaN },
      /^events\(\): payload\.limit must be text, a finite number, .* not NaN \(a number\)\.$/,
    ],
    ['Infinity', { x: Infinity }, /payload\.x must be .* not Infinity/],
    ['a function', { x: () => 1 }, /payload\.x must be .* not a function\./],
    ['a bigint', { x: 5n }, /payload\.x must be .* not 5 \(a bigint\)/],
    ['an invalid Date', { x: new Date('nope') }, /payload\.x must be .* not an invalid Date\./],
    [
      'a Set inside an array',
      { x: [1, new Set()] },
      /payload\.x\[1\] must be .* not an instance of Set\./,
    ],
    [
      'a builder inside an object',
      { x: { q: new EqualsOperator('a', 1) } },
      /payload\.x\.q must be .* not an instance of EqualsOperator\./,
    ],
    [
      'a value that contains itself',
      (() => {
        const x: Loose = {};
        x.self = x;
        return { x };
      })(),
      /payload\.x\.self contains itself/,
    ],
  ];
  for (const [label, payload, message] of cases) {
    test(label, async () => {
      const { api, seen } = db();
      await assert.rejects(
        async () => api.events({ payload } as never).toArray(),
        (error: unknown) => {
          assert.ok(error instanceof ImproperlyConfiguredError, String(error));
          assert.match(error.message, message);
          return true;
        },
      );
      assert.equal(seen.length, 0);
    });
  }

  test('the same value twice is not a cycle', async () => {
    const { api, seen } = db();
    const shared = { a: 1 };
    await api.events({ payload: { x: [shared, shared] } }).toArray();
    assert.deepEqual(searchPairs(seen[0]!.path), [['x', '[{"a":1},{"a":1}]']]);
  });
});

/** Every call that sends a query, with options as a JavaScript caller would give them. */
const QUERY_CALLS: Array<[string, (api: Api, options: Loose) => Promise<unknown>]> = [
  ['query', (api, options) => api.query('nodes', options)],
  ['stream', (api, options) => api.stream('nodes', options).toArray()],
  ['nodes', (api, options) => api.nodes(options).toArray()],
  ['node', (api, options) => api.node('web01', options)],
  ['facts', (api, options) => api.facts(options).toArray()],
  ['factsets', (api, options) => api.factsets(options)],
  ['factContents', (api, options) => api.factContents(options)],
  ['factPaths', (api, options) => api.factPaths(options)],
  ['factNames', (api, options) => api.factNames(options)],
  ['resources', (api, options) => api.resources(options).toArray()],
  ['catalog', (api, options) => api.catalog('web01', options)],
  ['catalogs', (api, options) => api.catalogs(options).toArray()],
  ['edges', (api, options) => api.edges(options).toArray()],
  ['environments', (api, options) => api.environments(options)],
  ['reports', (api, options) => api.reports(options).toArray()],
  ['events', (api, options) => api.events(options).toArray()],
  ['eventCounts', (api, options) => api.eventCounts({ summarizeBy: 'certname', ...options })],
  [
    'aggregateEventCounts',
    (api, options) => api.aggregateEventCounts({ summarizeBy: 'certname', ...options }),
  ],
  ['inventory', (api, options) => api.inventory(options).toArray()],
  ['packages', (api, options) => api.packages(options).toArray()],
  ['packageInventory', (api, options) => api.packageInventory(options).toArray()],
  ['pql', (api, options) => api.pql('facts {}', options).toArray()],
  ['pqlAst', (api, options) => api.pqlAst('facts {}', options)],
];

function answer(path: string) {
  if (/\/nodes\/|\/catalogs\//.test(path)) {
    return {
      body: {
        certname: 'web01',
        deactivated: null,
        expired: null,
        report_timestamp: null,
        catalog_timestamp: null,
        facts_timestamp: null,
        report_environment: null,
        catalog_environment: null,
        facts_environment: null,
        version: '1',
        transaction_uuid: 'u',
        resources: { data: [] },
        edges: { data: [] },
      },
    };
  }
  if (path.includes('aggregate-event-counts')) return { body: [{ successes: 0 }] };
  return { body: [] };
}

describe('every call that sends a query takes a payload', () => {
  for (const [operation, call] of QUERY_CALLS) {
    test(`${operation}() sends it in the query string on GET and in the body on POST`, async () => {
      const get = db({}, ({ path }) => answer(path));
      await call(get.api, { payload: { distinct_resources: true, extra: 'x y' } });
      assert.equal(get.seen.length, 1);
      assert.match(get.seen[0]!.path, /[?&]distinct_resources=true&extra=x\+y(&|$)/);

      const post = db({}, ({ path }) => answer(path));
      await call(post.api, { requestMethod: 'POST', payload: { distinct_resources: true } });
      assert.equal(post.seen.length, 1);
      assert.equal(JSON.parse(post.seen[0]!.body!).distinct_resources, true);
      assert.doesNotMatch(post.seen[0]!.path, /distinct_resources/);
    });
  }
});
