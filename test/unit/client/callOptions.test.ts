/**
 * The contract with JavaScript callers: the spec's `request_method` as `requestMethod` on every
 * call that sends a query, and options that are unknown or of the wrong type refused with an
 * error naming them, before any request leaves (the MockAgent counts what was sent).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { connect, ImproperlyConfiguredError, OPERATION_OPTIONS } from '../../../src/client';
import { db } from './support/mockServer';

type Api = ReturnType<typeof db>['api'];
type Loose = Record<string, unknown>;

/** Every operation that takes a request method, called with `options` as a JS caller would. */
const METHOD_CALLS: Array<[string, (api: Api, options: Loose) => Promise<unknown>]> = [
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
  [
    'eventCounts',
    (api, options) => api.eventCounts({ summarizeBy: 'certname', ...options } as never),
  ],
  [
    'aggregateEventCounts',
    (api, options) => api.aggregateEventCounts({ summarizeBy: 'certname', ...options } as never),
  ],
  ['inventory', (api, options) => api.inventory(options).toArray()],
  ['packages', (api, options) => api.packages(options).toArray()],
  ['packageInventory', (api, options) => api.packageInventory(options).toArray()],
  ['pql', (api, options) => api.pql('facts {}', options).toArray()],
  ['pqlAst', (api, options) => api.pqlAst('facts {}', options)],
];

/** Runs a call whose stream may throw at once or when iterated: both count as refusing it. */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return undefined;
  } catch (error) {
    return error;
  }
}

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
        environment: 'production',
        resources: { data: [] },
        edges: { data: [] },
      },
    };
  }
  if (path.includes('aggregate-event-counts')) return { body: [{ successes: 0 }] };
  return { body: [] };
}

describe('requestMethod, the spec’s request_method', () => {
  test('the table lists requestMethod, and its alias method, for every call that sends a query', () => {
    for (const [operation] of METHOD_CALLS) {
      const table = OPERATION_OPTIONS[operation as keyof typeof OPERATION_OPTIONS];
      assert.ok('requestMethod' in table && 'method' in table, operation);
    }
  });

  for (const [operation, call] of METHOD_CALLS) {
    test(`${operation}() sends POST for requestMethod: 'POST', 'post' or the alias method`, async () => {
      for (const options of [
        { requestMethod: 'POST' },
        { requestMethod: 'post' },
        { method: 'POST' },
        { requestMethod: 'POST', method: 'post' },
      ]) {
        const { api, seen } = db({}, ({ path }) => answer(path));
        await call(api, options);
        assert.ok(seen.length > 0, `${operation} sent nothing`);
        assert.deepEqual(
          seen.map((request) => request.method),
          seen.map(() => 'POST'),
          `${operation} with ${JSON.stringify(options)}`,
        );
      }
      const { api, seen } = db({}, ({ path }) => answer(path));
      await call(api, { requestMethod: 'get' });
      assert.ok(seen.every((request) => request.method === 'GET'));
    });
  }

  test('the PQL of a POST goes in the JSON body, not the URL', async () => {
    const { api, seen } = db();
    await api.pql('nodes[certname] {}', { requestMethod: 'POST', limit: 2 }).toArray();
    assert.equal(seen[0]!.path, '/pdb/query/v4');
    assert.deepEqual(JSON.parse(seen[0]!.body!), { query: 'nodes[certname] {}', limit: 2 });
  });
});

describe('options a JavaScript caller gets wrong are refused before anything is sent', () => {
  const cases: Array<[string, Loose, RegExp]> = [
    ['DELETE', { requestMethod: 'DELETE' }, /requestMethod must be "GET" or "POST", not "DELETE"/],
    ['"post " with a space', { requestMethod: 'post ' }, /requestMethod must be "GET" or "POST"/],
    ['a method that is not a string', { method: 1 }, /method must be "GET" or "POST", not 1/],
    [
      'requestMethod and method that disagree',
      { requestMethod: 'GET', method: 'POST' },
      /requestMethod is "GET" but its alias method is "POST"/,
    ],
    ['the reference’s snake_case name', { request_method: 'POST' }, /did you mean requestMethod\?/],
    ['a misspelt name', { limt: 5 }, /unknown option "limt"; did you mean limit\?/],
    ['limit as a string', { limit: '5' }, /limit must be a whole number of at least 0, not "5"/],
    ['a negative offset', { offset: -1 }, /offset must be a whole number of at least 0, not -1/],
    ['a fractional limit', { limit: 1.5 }, /limit must be a whole number/],
    ['pageSize -1', { pageSize: -1 }, /pageSize must be a whole number of at least 1, not -1/],
    ['pageSize 0', { pageSize: 0 }, /pageSize must be a whole number of at least 1/],
    ['withStatus "yes"', { withStatus: 'yes' }, /withStatus must be true or false, not "yes"/],
    ['unreported as a string', { unreported: '2' }, /unreported must be a number of hours/],
    ['now that is not a Date', { now: '2024-01-01' }, /now must be a valid Date/],
    ['includeTotal 1', { includeTotal: 1 }, /includeTotal must be true or false, not 1/],
    ['a query number', { query: 42 }, /query must be a query string, a query AST array/],
    [
      'an orderBy object',
      { orderBy: { field: 'certname' } },
      /orderBy must be a JSON string or an array of \{ field, order \} objects/,
    ],
    [
      'an orderBy order other than asc/desc',
      { orderBy: [{ field: 'certname', order: 'up' }] },
      /orderBy must be/,
    ],
    ['a signal that is not one', { signal: 'stop' }, /signal must be an AbortSignal/],
  ];
  for (const [label, options, message] of cases) {
    test(`nodes(): ${label}`, async () => {
      const { api, seen } = db();
      const error = await outcome(() => api.nodes(options as never).toArray());
      assert.ok(error instanceof ImproperlyConfiguredError, `got ${String(error)}`);
      assert.match(error.message, /^nodes\(\): /);
      assert.match(error.message, message);
      assert.equal(seen.length, 0, 'a request was sent');
    });
  }

  test('plural operations refuse at the call, before iteration', () => {
    const { api } = db();
    assert.throws(() => api.facts({ limt: 5 } as never), /facts\(\): unknown option "limt"/);
    assert.throws(() => api.pql('nodes {}', { pageSize: 5 } as never), /pql\(\): unknown option/);
  });

  test('every call checks its own options, and names itself', async () => {
    for (const [operation, call] of METHOD_CALLS) {
      const { api, seen } = db({}, ({ path }) => answer(path));
      const error = await outcome(() => call(api, { requestMethod: 'DELETE' }));
      assert.ok(error instanceof ImproperlyConfiguredError, `${operation}: ${String(error)}`);
      assert.match(error.message, new RegExp(`^${operation}\\(\\): requestMethod must be`));
      assert.equal(seen.length, 0, `${operation} sent a request`);
    }
  });

  test('options that belong to other calls are unknown here', async () => {
    const { api, seen } = db();
    const cases: Array<[() => Promise<unknown>, RegExp]> = [
      [
        () => api.facts({ withStatus: true } as never).toArray(),
        /facts\(\): unknown option "withStatus"/,
      ],
      [
        () => api.status({ requestMethod: 'POST' } as never),
        /status\(\): unknown option "requestMethod"; it takes signal\./,
      ],
      [
        () => api.metric('x', { version: 'v3' } as never),
        /metric\(\): version must be "v1" or "v2", not "v3"/,
      ],
      [
        () => api.command('deactivate node', { certname: 'x' }, { waitSeconds: '5' } as never),
        /command\(\): waitSeconds must be a number of seconds/,
      ],
      [() => api.resources({ type_: 'file' } as never).toArray(), /did you mean type\?/],
      [() => api.nodes({ with_status: true } as never).toArray(), /did you mean withStatus\?/],
      [() => api.query('nodes', { order_by: '[]' } as never), /did you mean orderBy\?/],
      [
        () => api.nodes('web01' as never).toArray(),
        /The options of nodes\(\) must be an object, not "web01"/,
      ],
      [() => api.pql(42 as never).toArray(), /pql\(\): pql must be a string, not 42 \(a number\)/],
    ];
    for (const [call, message] of cases) {
      const error = await outcome(call);
      assert.ok(error instanceof ImproperlyConfiguredError, `${message}: got ${String(error)}`);
      assert.match(error.message, message);
    }
    assert.equal(seen.length, 0);
  });

  test('positional arguments of the wrong type are refused too, naming the call', async () => {
    const { api, seen } = db();
    const cases: Array<[() => Promise<unknown>, RegExp]> = [
      [
        () => api.node(undefined as never),
        /^node\(\): name must be a non-empty string, not undefined\.$/,
      ],
      [
        () => api.node(42 as never),
        /^node\(\): name must be a non-empty string, not 42 \(a number\)\.$/,
      ],
      [
        () => api.catalog('' as never),
        /^catalog\(\): node must be a non-empty string, not "" \(a string\)\.$/,
      ],
      [() => api.metric(7 as never), /^metric\(\): metric must be a non-empty string/],
      [
        () => api.command(null as never, { certname: 'x' }),
        /^command\(\): command must be a non-empty string, not null\.$/,
      ],
      [
        () => api.command('deactivate node', 'x' as never),
        /^command\(\): payload must be an object/,
      ],
      [
        () => api.pqlAst(['nodes {}'] as never),
        /^pqlAst\(\): pql must be a string, not an array\.$/,
      ],
    ];
    for (const [call, message] of cases) {
      const error = await outcome(call);
      assert.ok(error instanceof ImproperlyConfiguredError, `${message}: got ${String(error)}`);
      assert.match(error.message, message);
    }
    assert.equal(seen.length, 0);
  });

  test('undefined counts as not given, and null is the unreported option’s "never"', async () => {
    const { api, seen } = db();
    await api
      .nodes({ limit: undefined, query: undefined, unreported: null, withStatus: false })
      .toArray();
    assert.equal(seen[0]!.path, '/pdb/query/v4/nodes');
  });
});

describe('connect() options', () => {
  const cases: Array<[string, Loose, RegExp]> = [
    ['an unknown name', { hots: 'x' }, /connect\(\): unknown option "hots"; did you mean host\?/],
    ['the reference’s snake_case', { ssl_verify: true }, /did you mean sslVerify\?/],
    ['url_path', { url_path: '/pdb' }, /did you mean urlPath\?/],
    [
      'a port as a string',
      { port: '8081' },
      /port must be a whole number from 1 to 65535, not "8081"/,
    ],
    ['a port out of range', { port: 70000 }, /port must be a whole number from 1 to 65535/],
    ['a timeout as a string', { timeout: '10' }, /timeout must be a positive number of seconds/],
    [
      'sslVerify as a number',
      { sslVerify: 1 },
      /sslVerify must be true, false or the path of a CA/,
    ],
    ['a token that is not a string', { token: 123 }, /token must be a string, not a number\.$/],
    [
      'a password that is not a string',
      { password: ['s3cret'] },
      /password must be a string, not an array\.$/,
    ],
    ['compress "yes"', { compress: 'yes' }, /compress must be true or false/],
    ['metricApiVersion v3', { metricApiVersion: 'v3' }, /metricApiVersion must be "v1" or "v2"/],
    ['a dispatcher that is not one', { dispatcher: {} }, /dispatcher must be an undici Dispatcher/],
  ];
  for (const [label, options, message] of cases) {
    test(`refuses ${label}`, () => {
      assert.throws(
        () => connect(options as never),
        (error: unknown) =>
          error instanceof ImproperlyConfiguredError && message.test(error.message),
      );
    });
  }
});
