/**
 * Typed records: the reference's tests/test_types.py and tests/test_utils.py (json_to_datetime),
 * ported, plus Node.create_from_dict's status computation, the create_from_dict key mapping of
 * every record, and the node/report helper queries.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { inspect } from 'node:util';
import {
  APIError,
  Catalog,
  Edge,
  EmptyResponseError,
  EqualsOperator,
  Event,
  Fact,
  indexEventCounts,
  Inventory,
  Node,
  pyFloat,
  queryToString,
  Report,
  Resource,
  type EventCounts,
  type NodeStatusInput,
  type RecordApi,
  type RecordQueryOptions,
} from '../../../src/client';
import { formatDuration, jsonToDate } from '../../../src/client/internal/time';

const at = (text: string) => new Date(text);

interface Call {
  operation: 'facts' | 'resources' | 'reports' | 'events';
  options: RecordQueryOptions;
}

/** A RecordApi that records what the helpers ask for and answers with `answer`. */
function recordingApi(answer: unknown[] = []): { api: RecordApi; calls: Call[] } {
  const calls: Call[] = [];
  const source = (operation: Call['operation']) => (options: RecordQueryOptions) => {
    calls.push({ operation, options });
    return {
      async *[Symbol.asyncIterator]() {
        yield* answer;
      },
      first: async () => answer[0],
      toArray: async () => answer,
    };
  };
  const api = {
    facts: source('facts'),
    resources: source('resources'),
    reports: source('reports'),
    events: source('events'),
  } as unknown as RecordApi;
  return { api, calls };
}

const { api } = recordingApi();
const T = '2013-08-01T09:57:00.000Z';
const TIMESTAMPS = { reportTimestamp: at(T), catalogTimestamp: at(T), factsTimestamp: at(T) };

/** The assertions every TestNode case of the reference makes. */
function assertNodeBasics(node: Node): void {
  assert.equal(node.name, 'node');
  assert.equal(node.deactivated, false);
  assert.equal(node.expired, false);
  assert.deepEqual(node.reportTimestamp, jsonToDate(T));
  assert.deepEqual(node.factsTimestamp, jsonToDate(T));
  assert.deepEqual(node.catalogTimestamp, jsonToDate(T));
  assert.equal(String(node), 'node');
  assert.equal(`${node}`, 'node');
  assert.equal(node.repr(), '<Node: node>');
}

describe('Node (test_types.py TestNode)', () => {
  const development = {
    reportEnvironment: 'development',
    catalogEnvironment: 'development',
    factsEnvironment: 'development',
  };

  test('without status', () => {
    const node = new Node(api, 'node', TIMESTAMPS);
    assertNodeBasics(node);
    assert.equal(node.status, undefined);
    // the reference says "production"; a record does not invent what PuppetDB did not send
    assert.equal(node.reportEnvironment, null);
  });

  for (const statusReport of ['unchanged', 'noop', 'failed']) {
    test(`with status unreported (from ${statusReport})`, () => {
      const node = new Node(api, 'node', {
        ...TIMESTAMPS,
        statusReport,
        unreported: true,
        unreportedTime: '0d 5h 20m',
      });
      assertNodeBasics(node);
      assert.equal(node.status, 'unreported');
      assert.equal(node.unreportedTime, '0d 5h 20m');
    });
  }

  const apiv4 = [
    ['failed status', { statusReport: 'failed' }, 'failed'],
    ['unchanged status', { statusReport: 'unchanged' }, 'unchanged'],
    [
      'unchanged noop status',
      { statusReport: 'unchanged', noop: true, noopPending: false },
      'unchanged',
    ],
    ['pending noop status', { statusReport: 'unchanged', noop: true, noopPending: true }, 'noop'],
    ['failed noop status', { statusReport: 'failed', noop: true, noopPending: false }, 'failed'],
    ['no status', {}, undefined],
  ] as const;
  for (const [name, fields, status] of apiv4) {
    test(`apiv4 with ${name}`, () => {
      const node = new Node(api, 'node', { ...TIMESTAMPS, ...development, ...fields });
      assertNodeBasics(node);
      assert.equal(node.reportEnvironment, 'development');
      assert.equal(node.catalogEnvironment, 'development');
      assert.equal(node.factsEnvironment, 'development');
      assert.equal(node.status, status);
    });
  }

  test('deactivated', () => {
    const node = new Node(api, 'node', { deactivated: jsonToDate(T) });
    assert.deepEqual(node.deactivated, jsonToDate(T));
    assert.equal(node.expired, false);
    assert.equal(node.repr(), '<Node: node>');
  });

  test('expired', () => {
    const node = new Node(api, 'node', { expired: jsonToDate(T) });
    assert.deepEqual(node.expired, jsonToDate(T));
    assert.equal(node.deactivated, false);
  });

  test('latest report hash and cached catalog status', () => {
    assert.equal(new Node(api, 'node', { latestReportHash: 'hash#1' }).latestReportHash, 'hash#1');
    for (const value of ['explicitly_requested', 'on_failure', 'not_used']) {
      assert.equal(
        new Node(api, 'node', { cachedCatalogStatus: value }).cachedCatalogStatus,
        value,
      );
    }
  });
});

const NODE_ROW = {
  certname: 'node',
  deactivated: null,
  expired: null,
  report_timestamp: T,
  catalog_timestamp: T,
  facts_timestamp: '2013-08-01T09:50:00.000Z',
  report_environment: 'development',
  catalog_environment: 'staging',
  facts_environment: 'production',
  latest_report_hash: 'hash#1',
  latest_report_status: 'changed',
  latest_report_noop: false,
  latest_report_noop_pending: false,
  latest_report_corrective_change: null,
  cached_catalog_status: 'not_used',
};

/** Three minutes after the report: well inside the default two hours. */
const WITH_STATUS: NodeStatusInput = {
  withStatus: true,
  withEventNumbers: true,
  now: at('2013-08-01T10:00:00.000Z'),
  unreported: 2,
};

const counts = (certname: string, successes: number, noops: number, failures: number) => ({
  subject_type: 'certname',
  subject: { title: certname },
  successes,
  noops,
  failures,
  skips: 0,
});

describe('Node.fromJSON (create_from_dict)', () => {
  test('maps the row: timestamps to Dates, null deactivated/expired to false', () => {
    const node = Node.fromJSON(api, NODE_ROW);
    assert.equal(node.name, 'node');
    assert.equal(node.deactivated, false);
    assert.equal(node.expired, false);
    assert.deepEqual(node.reportTimestamp, at(T));
    assert.deepEqual(node.factsTimestamp, at('2013-08-01T09:50:00.000Z'));
    assert.deepEqual(
      [node.reportEnvironment, node.catalogEnvironment, node.factsEnvironment],
      ['development', 'staging', 'production'],
    );
    assert.equal(node.latestReportHash, 'hash#1');
    assert.equal(node.cachedCatalogStatus, 'not_used');
    const gone = Node.fromJSON(api, {
      ...NODE_ROW,
      deactivated: '2013-08-02T00:00:00.000Z',
      expired: '2013-08-03T00:00:00.000Z',
    });
    assert.deepEqual(gone.deactivated, at('2013-08-02T00:00:00.000Z'));
    assert.deepEqual(gone.expired, at('2013-08-03T00:00:00.000Z'));
  });

  test('without status: no status, no events, and the report age is not judged', () => {
    const node = Node.fromJSON(api, NODE_ROW, { now: at('2020-01-01T00:00:00.000Z') });
    assert.equal(node.statusReport, undefined);
    assert.equal(node.events, undefined);
    assert.equal(node.unreported, false);
    assert.equal(node.unreportedTime, undefined);
    assert.equal(node.status, undefined);
    const never = Node.fromJSON(api, { ...NODE_ROW, report_timestamp: null });
    assert.equal(never.unreported, false);
  });

  test('without status the noop rule still applies (Node.__init__)', () => {
    const row = { ...NODE_ROW, latest_report_noop: true, latest_report_noop_pending: true };
    assert.equal(Node.fromJSON(api, row).status, 'noop');
  });

  test('unreported after the threshold, with the age printed as "{d}d {h}h {m}m"', () => {
    const node = Node.fromJSON(api, NODE_ROW, {
      ...WITH_STATUS,
      now: at('2013-08-01T15:17:59.999Z'),
    });
    assert.equal(node.unreported, true);
    assert.equal(node.unreportedTime, '0d 5h 20m');
    assert.equal(node.status, 'unreported');
    assert.equal(node.statusReport, 'changed');
    const days = Node.fromJSON(api, NODE_ROW, {
      ...WITH_STATUS,
      now: at('2013-08-03T13:04:00.000Z'),
    });
    assert.equal(days.unreportedTime, '2d 3h 7m');
  });

  test('the threshold is strict: exactly `unreported` hours old is still reported', () => {
    const exactly = Node.fromJSON(api, NODE_ROW, {
      ...WITH_STATUS,
      now: at('2013-08-01T11:57:00.000Z'),
    });
    assert.equal(exactly.unreported, false);
    assert.equal(exactly.status, 'changed');
    const later = Node.fromJSON(api, NODE_ROW, {
      ...WITH_STATUS,
      now: at('2013-08-01T11:57:00.001Z'),
    });
    assert.equal(later.unreported, true);
    const custom = Node.fromJSON(api, NODE_ROW, { ...WITH_STATUS, unreported: 0.05 });
    assert.equal(custom.unreported, false, '3 minutes is exactly 0.05 h');
    assert.equal(
      Node.fromJSON(api, NODE_ROW, { ...WITH_STATUS, unreported: 0.04 }).unreported,
      true,
    );
  });

  test('the threshold defaults to 2 hours', () => {
    const { unreported: _default, ...options } = WITH_STATUS;
    assert.equal(
      Node.fromJSON(api, NODE_ROW, { ...options, now: at('2013-08-01T11:56:00.000Z') }).unreported,
      false,
    );
    assert.equal(
      Node.fromJSON(api, NODE_ROW, { ...options, now: at('2013-08-01T11:58:00.000Z') }).unreported,
      true,
    );
  });

  test('a node that never reported is unreported, without an age', () => {
    const node = Node.fromJSON(api, { ...NODE_ROW, report_timestamp: null }, WITH_STATUS);
    assert.equal(node.unreported, true);
    assert.equal(node.unreportedTime, undefined);
    assert.equal(node.status, 'unreported');
  });

  test('unreported: null never marks by age, but a node without a report still is', () => {
    const old = { ...WITH_STATUS, unreported: null, now: at('2020-01-01T00:00:00.000Z') };
    assert.equal(Node.fromJSON(api, NODE_ROW, old).unreported, false);
    assert.equal(Node.fromJSON(api, { ...NODE_ROW, report_timestamp: null }, old).unreported, true);
  });

  test('unreported wins over noop and failed; noop needs noop and noop_pending', () => {
    const noopRow = {
      ...NODE_ROW,
      latest_report_status: 'failed',
      latest_report_noop: true,
      latest_report_noop_pending: true,
    };
    assert.equal(Node.fromJSON(api, noopRow, WITH_STATUS).status, 'noop');
    assert.equal(
      Node.fromJSON(api, noopRow, { ...WITH_STATUS, now: at('2013-08-02T10:00:00.000Z') }).status,
      'unreported',
    );
    const notPending = { ...noopRow, latest_report_noop_pending: false };
    assert.equal(Node.fromJSON(api, notPending, WITH_STATUS).status, 'failed');
  });

  test('event numbers: the latest counts of this certname, from a Map or from the list', () => {
    const mine = counts('node', 3, 0, 0);
    const list = [counts('other', 1, 1, 1), mine, counts('node', 9, 9, 9)];
    const fromList = Node.fromJSON(api, NODE_ROW, { ...WITH_STATUS, latestEvents: list });
    assert.equal(fromList.events, mine, 'the first row of the certname, as matches[0]');
    assert.equal(fromList.statusReport, 'changed', 'latest_report_status decides, not the counts');
    const fromMap = Node.fromJSON(api, NODE_ROW, {
      ...WITH_STATUS,
      latestEvents: indexEventCounts(list),
    });
    assert.equal(fromMap.events, mine);
    const stranger = Node.fromJSON(
      api,
      { ...NODE_ROW, certname: 'nobody' },
      {
        ...WITH_STATUS,
        latestEvents: list,
      },
    );
    assert.equal(stranger.events, undefined);
    assert.equal(stranger.statusReport, 'changed');
  });

  test('the event-counts list is indexed once, not scanned per node', () => {
    let reads = 0;
    const list = new Proxy([counts('a', 1, 0, 0), counts('b', 0, 1, 0)], {
      get(target, key, receiver) {
        if (key === 'length') reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const options = { ...WITH_STATUS, latestEvents: list };
    Node.fromJSON(api, { ...NODE_ROW, certname: 'a' }, options);
    const afterOne = reads;
    assert.ok(afterOne > 0);
    const b = Node.fromJSON(api, { ...NODE_ROW, certname: 'b' }, options);
    Node.fromJSON(api, { ...NODE_ROW, certname: 'c' }, options);
    assert.equal(reads, afterOne);
    assert.equal(b.events?.noops, 1);
  });

  test('the cheap mode marks the kind of change with "some" and sends no counts', () => {
    const cheap = {
      ...WITH_STATUS,
      withEventNumbers: false,
      latestEvents: [counts('node', 5, 5, 5)],
    };
    const cases = [
      ['changed', { successes: 'some', failures: 0, noops: 0 }],
      ['noop', { successes: 0, failures: 0, noops: 'some' }],
      ['failed', { successes: 0, failures: 'some', noops: 0 }],
      ['unchanged', { successes: 0, failures: 0, noops: 0 }],
    ] as const;
    for (const [status, events] of cases) {
      const node = Node.fromJSON(api, { ...NODE_ROW, latest_report_status: status }, cheap);
      assert.deepEqual(node.events, events);
      assert.equal(node.statusReport, status);
    }
    const { latest_report_status: _dropped, ...legacy } = NODE_ROW;
    assert.throws(() => Node.fromJSON(api, legacy, cheap), /without "latest_report_status"/);
  });

  test('the legacy fallback (no latest_report_status) takes the status from the counts', () => {
    const { latest_report_status: _dropped, ...legacy } = NODE_ROW;
    const statusFrom = (latestEvents: EventCounts[]) =>
      Node.fromJSON(api, legacy, { ...WITH_STATUS, latestEvents }).statusReport;
    assert.equal(statusFrom([counts('node', 1, 0, 0)]), 'changed');
    assert.equal(statusFrom([counts('node', 1, 1, 0)]), 'noop', 'a later check overrides');
    assert.equal(statusFrom([counts('node', 1, 1, 1)]), 'failed');
    assert.equal(statusFrom([counts('node', 0, 0, 1)]), 'failed');
    assert.equal(statusFrom([counts('node', 0, 0, 0)]), undefined, 'all zero: no status');
    assert.equal(statusFrom([counts('other', 1, 0, 0)]), 'unchanged', 'no counts: unchanged');
    const node = Node.fromJSON(api, legacy, {
      ...WITH_STATUS,
      latestEvents: [counts('node', 0, 2, 0)],
    });
    assert.equal(node.events?.noops, 2);
  });

  for (const key of [
    'certname',
    'deactivated',
    'expired',
    'report_timestamp',
    'catalog_timestamp',
    'facts_timestamp',
    'report_environment',
    'catalog_environment',
    'facts_environment',
  ] as const) {
    test(`a row without "${key}" is an APIError naming it`, () => {
      const { [key]: _dropped, ...row } = NODE_ROW;
      assert.throws(
        () => Node.fromJSON(api, row),
        (error: unknown) => error instanceof APIError && error.message.includes(`"${key}"`),
      );
    });
  }

  test('the other keys are optional', () => {
    const node = Node.fromJSON(api, {
      certname: 'bare',
      deactivated: null,
      expired: null,
      report_timestamp: null,
      catalog_timestamp: null,
      facts_timestamp: null,
      report_environment: null,
      catalog_environment: null,
      facts_environment: null,
    });
    assert.equal(node.latestReportHash, undefined);
    assert.equal(node.noop, false);
    assert.equal(node.reportTimestamp, undefined);
    // a node with no report, catalog or facts: PuppetDB's nulls, not an invented "production"
    assert.equal(node.reportEnvironment, null);
    assert.equal(node.catalogEnvironment, null);
    assert.equal(node.factsEnvironment, null);
  });

  test('a malformed timestamp is an APIError', () => {
    assert.throws(
      () => Node.fromJSON(api, { ...NODE_ROW, report_timestamp: '2013-08-0109:57:00.000Z' }),
      APIError,
    );
  });
});

describe('Node helpers (scoped to the node)', () => {
  test('facts(): ["=", "certname", name], and-ed with the caller\'s query', () => {
    const { api: recording, calls } = recordingApi();
    const node = new Node(recording, 'web01');
    node.facts();
    node.facts({ query: new EqualsOperator('name', 'kernel'), limit: 3 });
    node.facts({ query: '["=", "name", "os"]' });
    node.facts({ query: [new EqualsOperator('name', 'a'), '["=", "value", "b"]'] });
    assert.deepEqual(
      calls.map((call) => call.options.query),
      [
        ['=', 'certname', 'web01'],
        ['and', ['=', 'certname', 'web01'], ['=', 'name', 'kernel']],
        ['and', ['=', 'certname', 'web01'], ['=', 'name', 'os']],
        ['and', ['=', 'certname', 'web01'], ['=', 'name', 'a'], ['=', 'value', 'b']],
      ],
    );
    assert.ok(calls.every((call) => call.operation === 'facts'));
    assert.equal(calls[1]!.options.limit, 3);
  });

  test('a builder query keeps its wire form (floats as 4.0, as the AndOperator prints it)', () => {
    const { api: recording, calls } = recordingApi();
    new Node(recording, 'web01').facts({ query: new EqualsOperator('value', pyFloat(4)) });
    assert.equal(
      queryToString(calls[0]!.options.query!),
      '["and", ["=", "certname", "web01"], ["=", "value", 4.0]]',
    );
  });

  test('a query string that is not JSON is an APIError', () => {
    assert.throws(() => new Node(api, 'web01').facts({ query: '["=", "name"' }), APIError);
  });

  test('fact(name): the first of facts({ name }); none is EmptyResponseError', async () => {
    const fact = new Fact('web01', 'kernel', 'Linux');
    const { api: recording, calls } = recordingApi([fact]);
    assert.equal(await new Node(recording, 'web01').fact('kernel'), fact);
    assert.deepEqual(calls[0], {
      operation: 'facts',
      options: { name: 'kernel', query: ['=', 'certname', 'web01'] },
    });
    await assert.rejects(new Node(api, 'web01').fact('nope'), EmptyResponseError);
  });

  test('reports() and resources() are scoped; resource(type, title) takes the first', async () => {
    const resource = new Resource('web01', '/etc/motd', 'File', [], false, undefined, undefined);
    const { api: recording, calls } = recordingApi([resource]);
    const node = new Node(recording, 'web01');
    node.reports({ limit: 1 });
    node.resources({ type: 'package' });
    assert.equal(await node.resource('File', '/etc/motd'), resource);
    assert.deepEqual(calls, [
      { operation: 'reports', options: { limit: 1, query: ['=', 'certname', 'web01'] } },
      { operation: 'resources', options: { type: 'package', query: ['=', 'certname', 'web01'] } },
      {
        operation: 'resources',
        options: { type: 'File', title: '/etc/motd', query: ['=', 'certname', 'web01'] },
      },
    ]);
    await assert.rejects(new Node(api, 'web01').resource('File', '/nope'), EmptyResponseError);
  });
});

describe('Fact (TestFact)', () => {
  test('fact', () => {
    const fact = new Fact('node', 'osfamily', 'Debian', 'production');
    assert.equal(fact.node, 'node');
    assert.equal(fact.name, 'osfamily');
    assert.equal(fact.value, 'Debian');
    assert.equal(fact.environment, 'production');
    assert.equal(String(fact), 'osfamily/node');
    assert.equal(fact.repr(), 'Fact: osfamily/node');
  });

  test('fromJSON: certname → node; structured values kept; a missing key is an APIError', () => {
    const value = { family: 'Debian', release: { major: '12' } };
    assert.deepEqual(
      Fact.fromJSON({ certname: 'n', name: 'os', value, environment: 'e' }),
      new Fact('n', 'os', value, 'e'),
    );
    assert.throws(() => Fact.fromJSON({ certname: 'n', name: 'os' }), /fact without "value"/);
  });
});

describe('Resource (TestResource)', () => {
  test('resource', () => {
    const resource = new Resource(
      'node',
      '/etc/ssh/sshd_config',
      'file',
      ['class', 'ssh'],
      false,
      '/ssh/manifests/init.pp',
      15,
      'production',
      { ensure: 'present', owner: 'root', group: 'root', mode: '0600' },
    );
    assert.equal(resource.node, 'node');
    assert.equal(resource.name, '/etc/ssh/sshd_config');
    assert.equal(resource.type, 'file');
    assert.deepEqual(resource.tags, ['class', 'ssh']);
    assert.equal(resource.exported, false);
    assert.equal(resource.sourcefile, '/ssh/manifests/init.pp');
    assert.equal(resource.sourceline, 15);
    assert.equal(resource.environment, 'production');
    assert.deepEqual(resource.parameters, {
      ensure: 'present',
      owner: 'root',
      group: 'root',
      mode: '0600',
    });
    assert.deepEqual(resource.relationships, []);
    assert.equal(String(resource), 'file[/etc/ssh/sshd_config]');
    assert.equal(resource.repr(), '<Resource: file[/etc/ssh/sshd_config]>');
  });

  test('fromJSON: title → name, file/line → sourcefile/sourceline, parameters default {}', () => {
    const resource = Resource.fromJSON({
      certname: 'n',
      resource: 'sha1',
      title: 't',
      type: 'File',
      tags: ['file'],
      exported: true,
      file: '/site.pp',
      line: 8,
      environment: 'p',
    });
    assert.deepEqual(
      [resource.node, resource.name, resource.type, resource.exported, resource.sourcefile],
      ['n', 't', 'File', true, '/site.pp'],
    );
    assert.equal(resource.sourceline, 8);
    assert.equal(resource.environment, 'p');
    assert.deepEqual(resource.parameters, {});
    const nulls = Resource.fromJSON({
      certname: 'n',
      title: 't',
      type: 'File',
      tags: [],
      exported: false,
      file: null,
      line: null,
      parameters: { a: 1 },
    });
    assert.deepEqual(
      [nulls.sourcefile, nulls.sourceline, nulls.parameters],
      [undefined, undefined, { a: 1 }],
    );
    assert.throws(
      () => Resource.fromJSON({ certname: 'n', type: 'File' }),
      /resource without "title"/,
    );
  });
});

const REPORT_ARGS = [
  'node2.puppet.board',
  'hash#',
  jsonToDate('2015-08-31T21:07:00.000Z'),
  jsonToDate('2015-08-31T21:09:00.000Z'),
  jsonToDate('2015-08-31T21:10:00.000Z'),
  '1482347613',
  4,
  '4.2.1',
  'af9f16e3-75f6-4f90-acc6-f83d6524a6f3',
] as const;

function assertReportBasics(report: Report): void {
  assert.equal(report.node, 'node2.puppet.board');
  assert.equal(report.hash, 'hash#');
  assert.deepEqual(report.start, jsonToDate('2015-08-31T21:07:00.000Z'));
  assert.deepEqual(report.end, jsonToDate('2015-08-31T21:09:00.000Z'));
  assert.deepEqual(report.received, jsonToDate('2015-08-31T21:10:00.000Z'));
  assert.equal(report.version, '1482347613');
  assert.equal(report.format, 4);
  assert.equal(report.agentVersion, '4.2.1');
  assert.equal(report.runTime, report.end.getTime() - report.start.getTime());
  assert.equal(report.runTime, 120_000);
  assert.equal(report.transaction, 'af9f16e3-75f6-4f90-acc6-f83d6524a6f3');
  assert.equal(String(report), 'hash#');
  assert.equal(report.repr(), 'Report: hash#');
}

describe('Report (TestReport)', () => {
  test('report', () => {
    const report = new Report(
      api,
      'node1.puppet.board',
      'hash#',
      jsonToDate('2013-08-01T09:57:00.000Z'),
      jsonToDate('2013-08-01T10:57:00.000Z'),
      jsonToDate('2013-08-01T10:58:00.000Z'),
      '1351535883',
      3,
      '3.2.1',
      'af9f16e3-75f6-4f90-acc6-f83d6524a6f3',
      { status: 'success' },
    );
    assert.equal(report.node, 'node1.puppet.board');
    assert.equal(report.runTime, 3_600_000);
    assert.equal(report.format, 3);
    assert.equal(report.status, 'success');
    assert.deepEqual([report.metrics, report.logs, report.noop], [[], [], false]);
    assert.equal(report.repr(), 'Report: hash#');
  });

  const noopCases = [
    ['with noop', { status: 'unchanged', noop: true, noopPending: false }, 'unchanged'],
    ['with failed noop', { status: 'failed', noop: true, noopPending: false }, 'failed'],
    ['with pending noop', { status: 'unchanged', noop: true, noopPending: true }, 'noop'],
  ] as const;
  for (const [name, options, status] of noopCases) {
    test(`report ${name}`, () => {
      const report = new Report(api, ...REPORT_ARGS, options);
      assertReportBasics(report);
      assert.equal(report.status, status);
    });
  }

  test('report with catalog uuid and code id', () => {
    const report = new Report(api, ...REPORT_ARGS, {
      codeId: undefined,
      catalogUuid: '0b3a4943-a164-4cea-bbf0-91d0ee931326',
      cachedCatalogStatus: 'not_used',
    });
    assertReportBasics(report);
    assert.equal(report.codeId, undefined);
    assert.equal(report.catalogUuid, '0b3a4943-a164-4cea-bbf0-91d0ee931326');
    assert.equal(report.cachedCatalogStatus, 'not_used');
  });

  test('report with producer', () => {
    const report = new Report(api, ...REPORT_ARGS, { producer: 'puppet01.test.com' });
    assertReportBasics(report);
    assert.equal(report.producer, 'puppet01.test.com');
  });
});

const REPORT_ROW = {
  hash: 'h',
  certname: 'web01',
  environment: 'production',
  status: 'unchanged',
  noop: true,
  noop_pending: true,
  corrective_change: null,
  puppet_version: '7.23.0',
  report_format: 12,
  configuration_version: '1709287200',
  start_time: '2024-03-01T10:01:30.000Z',
  end_time: '2024-03-01T10:02:10.250Z',
  producer_timestamp: '2024-03-01T10:02:11.000Z',
  receive_time: '2024-03-01T10:02:11.000Z',
  producer: 'puppet.example.com',
  transaction_uuid: 't',
  catalog_uuid: 'c',
  code_id: null,
  job_id: null,
  cached_catalog_status: 'on_failure',
  type: 'agent',
  resource_events: { data: [{ timestamp: '2024-03-01T10:02:03+00:00' }], href: '/e' },
  metrics: { data: [{ category: 'time', name: 'total', value: 5.25 }], href: '/m' },
  logs: { href: '/l' },
};

describe('Report.fromJSON (create_from_dict)', () => {
  test('maps the row, keeps producer, unwraps metrics, reads unexpanded logs as []', () => {
    const report = Report.fromJSON(api, REPORT_ROW);
    assert.deepEqual(
      [report.node, report.hash, report.version, report.format, report.agentVersion],
      ['web01', 'h', '1709287200', 12, '7.23.0'],
    );
    assert.deepEqual(report.start, at('2024-03-01T10:01:30.000Z'));
    assert.deepEqual(report.received, at('2024-03-01T10:02:11.000Z'));
    assert.equal(report.runTime, 40_250);
    assert.equal(report.transaction, 't');
    assert.equal(report.status, 'noop', 'noop and noop_pending');
    assert.deepEqual([report.noop, report.noopPending], [true, true]);
    assert.equal(report.producer, 'puppet.example.com');
    assert.deepEqual(report.metrics, [{ category: 'time', name: 'total', value: 5.25 }]);
    assert.deepEqual(report.logs, []);
    assert.deepEqual(
      [report.environment, report.codeId, report.catalogUuid, report.cachedCatalogStatus],
      ['production', undefined, 'c', 'on_failure'],
    );
    assert.equal('resourceEvents' in report || 'resource_events' in report, false);
  });

  test('optional keys may be missing', () => {
    const { metrics: _m, logs: _l, status: _s, noop: _n, noop_pending: _p, ...bare } = REPORT_ROW;
    const report = Report.fromJSON(api, bare);
    assert.deepEqual(
      [report.metrics, report.logs, report.status, report.noop],
      [[], [], undefined, false],
    );
  });

  for (const key of [
    'certname',
    'hash',
    'start_time',
    'end_time',
    'receive_time',
    'configuration_version',
    'report_format',
    'puppet_version',
    'transaction_uuid',
  ] as const) {
    test(`a row without "${key}" is an APIError naming it`, () => {
      const { [key]: _dropped, ...row } = REPORT_ROW;
      assert.throws(() => Report.fromJSON(api, row), new RegExp(`report without "${key}"`));
    });
  }

  test('events(): ["=", "report", hash], with the caller\'s options', () => {
    const { api: recording, calls } = recordingApi();
    const report = Report.fromJSON(recording, REPORT_ROW);
    report.events({ limit: 5 });
    report.events({ query: ['=', 'status', 'failure'] });
    assert.deepEqual(calls, [
      { operation: 'events', options: { limit: 5, query: ['=', 'report', 'h'] } },
      {
        operation: 'events',
        options: { query: ['and', ['=', 'report', 'h'], ['=', 'status', 'failure']] },
      },
    ]);
  });
});

const EVENT_ROW = {
  certname: 'node',
  report: 'hash#',
  status: 'failure',
  timestamp: '2013-08-01T10:57:00.000Z',
  run_start_time: '2013-08-01T10:56:00.000Z',
  run_end_time: '2013-08-01T10:58:00.000Z',
  report_receive_time: '2013-08-01T10:58:01.000Z',
  resource_type: 'file',
  resource_title: '/etc/ssh/sshd_config',
  property: 'ensure',
  name: 'ensure',
  new_value: 'present',
  old_value: 'absent',
  message: 'Nothing to say',
  file: '/etc/puppet/modules/ssh/manifests/server.pp',
  line: 80,
  containment_path: ['Stage[main]', 'Ssh::Server', 'File[/etc/ssh/sshd_config]'],
  containing_class: 'Ssh::Server',
  configuration_version: '1',
  environment: 'production',
  corrective_change: null,
};

describe('Event (TestEvent)', () => {
  const event = (status: string) =>
    new Event(
      'node',
      status,
      jsonToDate('2013-08-01T10:57:00.000Z'),
      'hash#',
      '/etc/ssh/sshd_config',
      'ensure',
      'Nothing to say',
      'present',
      'absent',
      'file',
      'Ssh::Server',
      ['Stage[main]', 'Ssh::Server', 'File[/etc/ssh/sshd_config]'],
      '/etc/puppet/modules/ssh/manifests/server.pp',
      80,
    );

  test('event', () => {
    const failure = event('failure');
    assert.equal(failure.node, 'node');
    assert.equal(failure.status, 'failure');
    assert.equal(failure.failed, true);
    assert.deepEqual(failure.timestamp, jsonToDate('2013-08-01T10:57:00.000Z'));
    assert.equal(failure.hash, 'hash#');
    assert.equal(failure.item.title, '/etc/ssh/sshd_config');
    assert.equal(failure.item.type, 'file');
    assert.equal(failure.item.property, 'ensure');
    assert.equal(failure.item.message, 'Nothing to say');
    assert.equal(failure.item.old, 'absent');
    assert.equal(failure.item.new, 'present');
    assert.equal(String(failure), 'file[/etc/ssh/sshd_config]/hash#');
    assert.equal(failure.repr(), 'Event: file[/etc/ssh/sshd_config]/hash#');
  });

  test('event failed', () => {
    const success = event('success');
    assert.equal(success.status, 'success');
    assert.equal(success.failed, false);
  });

  test('item has the reference keys; the fields are camelCase', () => {
    const failure = event('failure');
    assert.deepEqual(failure.item, {
      title: '/etc/ssh/sshd_config',
      type: 'file',
      property: 'ensure',
      message: 'Nothing to say',
      old: 'absent',
      new: 'present',
      class: 'Ssh::Server',
      execution_path: ['Stage[main]', 'Ssh::Server', 'File[/etc/ssh/sshd_config]'],
      source_file: '/etc/puppet/modules/ssh/manifests/server.pp',
      line_number: 80,
    });
    assert.deepEqual(
      [failure.class, failure.type, failure.title, failure.sourceFile, failure.lineNumber],
      [
        'Ssh::Server',
        'file',
        '/etc/ssh/sshd_config',
        '/etc/puppet/modules/ssh/manifests/server.pp',
        80,
      ],
    );
    assert.deepEqual([failure.newValue, failure.oldValue], ['present', 'absent']);
  });

  test('fromJSON maps the /events row (report → hash, containment_path → executionPath)', () => {
    assert.deepEqual(Event.fromJSON(EVENT_ROW), event('failure'));
  });

  test('fromJSON takes the +00:00 form of report-embedded events', () => {
    const embedded = Event.fromJSON({ ...EVENT_ROW, timestamp: '2013-08-01T10:57:00+00:00' });
    assert.deepEqual(embedded.timestamp, at('2013-08-01T10:57:00.000Z'));
  });

  test('fromJSON: null values are None; a missing key is an APIError naming it', () => {
    const nulls = Event.fromJSON({
      ...EVENT_ROW,
      property: null,
      message: null,
      containing_class: null,
      file: null,
      line: null,
    });
    assert.deepEqual(
      [nulls.property, nulls.message, nulls.class, nulls.sourceFile, nulls.lineNumber],
      [undefined, undefined, undefined, undefined, undefined],
    );
    const { resource_title: _dropped, ...row } = EVENT_ROW;
    assert.throws(() => Event.fromJSON(row), /event without "resource_title"/);
  });
});

describe('Catalog (TestCatalog)', () => {
  const basics = (catalog: Catalog) => {
    assert.equal(catalog.node, 'node');
    assert.equal(catalog.version, 'unique');
    assert.equal(catalog.transactionUuid, undefined);
    assert.equal(catalog.resources.size, 0);
    assert.deepEqual(catalog.edges, []);
    assert.equal(String(catalog), 'node/None');
    assert.equal(catalog.repr(), '<Catalog: node/None>');
  };

  test('catalog', () => basics(new Catalog('node', [], [], 'unique', undefined)));

  test('catalog code id', () => {
    const catalog = new Catalog('node', [], [], 'unique', undefined, { codeId: 'somecodeid' });
    basics(catalog);
    assert.equal(catalog.codeId, 'somecodeid');
  });

  test('catalog uuid', () => {
    const catalog = new Catalog('node', [], [], 'unique', undefined, {
      catalogUuid: 'univerallyuniqueidentifier',
    });
    basics(catalog);
    assert.equal(catalog.catalogUuid, 'univerallyuniqueidentifier');
  });

  test('catalog producer', () => {
    const catalog = new Catalog('node', [], [], 'unique', undefined, {
      producer: 'puppet01.test.com',
    });
    basics(catalog);
    assert.equal(catalog.producer, 'puppet01.test.com');
  });

  test('a transaction uuid prints as itself', () => {
    assert.equal(String(new Catalog('node', [], [], 'v', 'abc')), 'node/abc');
  });
});

const CATALOG_ROW = {
  certname: 'web01',
  version: '1',
  environment: 'production',
  transaction_uuid: 't',
  catalog_uuid: 'c',
  code_id: null,
  job_id: null,
  producer_timestamp: '2024-03-01T10:00:00.000Z',
  producer: 'puppet',
  hash: 'x',
  resources: {
    href: '/r',
    data: [
      { type: 'Class', title: 'Nginx', tags: ['class'], exported: false, parameters: {} },
      {
        type: 'Package',
        title: 'nginx',
        tags: ['package'],
        exported: false,
        parameters: { ensure: 'installed' },
        file: '/site.pp',
        line: 8,
      },
      { type: 'Service', title: 'nginx', tags: ['service'], exported: false, parameters: {} },
    ],
  },
  edges: {
    href: '/e',
    data: [
      {
        source_type: 'Class',
        source_title: 'Nginx',
        target_type: 'Service',
        target_title: 'nginx',
        relationship: 'contains',
      },
      {
        source_type: 'Package',
        source_title: 'nginx',
        target_type: 'Service',
        target_title: 'nginx',
        relationship: 'before',
      },
    ],
  },
};

describe('Catalog.fromJSON (create_from_dict)', () => {
  test('resources keyed Type[title] in order, owned by the catalog node and environment', () => {
    const catalog = Catalog.fromJSON(CATALOG_ROW);
    assert.deepEqual(
      [...catalog.resources.keys()],
      ['Class[Nginx]', 'Package[nginx]', 'Service[nginx]'],
    );
    assert.deepEqual(catalog.getResources(), [...catalog.resources.values()]);
    const pkg = catalog.getResource('Package', 'nginx');
    assert.deepEqual(
      [pkg.node, pkg.environment, pkg.sourcefile, pkg.sourceline],
      ['web01', 'production', '/site.pp', 8],
    );
    const klass = catalog.getResource('Class', 'Nginx');
    assert.deepEqual(
      [klass.sourcefile, klass.sourceline],
      [undefined, undefined],
      'file/line default to None',
    );
    assert.deepEqual(
      [
        catalog.version,
        catalog.transactionUuid,
        catalog.catalogUuid,
        catalog.codeId,
        catalog.producer,
      ],
      ['1', 't', 'c', undefined, 'puppet'],
    );
    assert.throws(() => catalog.getResource('File', 'nope'), APIError);
  });

  test('each edge links the Resource records and is appended to both endpoints', () => {
    const catalog = Catalog.fromJSON(CATALOG_ROW);
    const [contains, before] = [...catalog.getEdges()];
    const klass = catalog.getResource('Class', 'Nginx');
    const pkg = catalog.getResource('Package', 'nginx');
    const service = catalog.getResource('Service', 'nginx');
    assert.equal(contains!.source, klass);
    assert.equal(contains!.target, service);
    assert.equal(contains!.node, 'web01');
    assert.equal(before!.source, pkg);
    assert.deepEqual(klass.relationships, [contains]);
    assert.deepEqual(pkg.relationships, [before]);
    assert.deepEqual(service.relationships, [contains, before]);
    assert.deepEqual(catalog.edges.map(String), [
      'Class[Nginx] - contains - Service[nginx]',
      'Package[nginx] - before - Service[nginx]',
    ]);
  });

  test('an edge to a resource the catalog lacks is an APIError naming it', () => {
    const row = {
      ...CATALOG_ROW,
      edges: {
        data: [
          {
            source_type: 'Package',
            source_title: 'nginx',
            target_type: 'File',
            target_title: '/missing',
            relationship: 'before',
          },
        ],
      },
    };
    assert.throws(() => Catalog.fromJSON(row), /target File\[\/missing\]/);
  });

  test('unexpanded resources and edges ({href} only) read as empty', () => {
    const catalog = Catalog.fromJSON({
      ...CATALOG_ROW,
      resources: { href: '/r' },
      edges: { href: '/e' },
    });
    assert.equal(catalog.resources.size, 0);
    assert.deepEqual(catalog.edges, []);
    const { version: _dropped, ...row } = CATALOG_ROW;
    assert.throws(() => Catalog.fromJSON(row), /catalog without "version"/);
  });
});

describe('Edge (TestEdge)', () => {
  test('edge', () => {
    const a = new Resource(
      'node',
      '/etc/ssh/sshd_config',
      'file',
      ['class', 'ssh'],
      false,
      '/ssh/manifests/init.pp',
      15,
      'production',
      {},
    );
    const b = new Resource(
      'node',
      'sshd',
      'service',
      ['class', 'ssh'],
      false,
      '/ssh/manifests/init.pp',
      30,
      'production',
      {},
    );
    const edge = new Edge(a, b, 'notify');
    assert.equal(edge.source, a);
    assert.equal(edge.target, b);
    assert.equal(edge.relationship, 'notify');
    assert.equal(edge.node, undefined);
    assert.equal(String(edge), 'file[/etc/ssh/sshd_config] - notify - service[sshd]');
    assert.equal(edge.repr(), '<Edge: file[/etc/ssh/sshd_config] - notify - service[sshd]>');
  });

  test('fromJSON (the /edges endpoint): endpoints as "Type[title]" strings, certname → node', () => {
    const edge = Edge.fromJSON({
      certname: 'n',
      relationship: 'notifies',
      source_type: 'File',
      source_title: '/etc/ntp.conf',
      target_type: 'Service',
      target_title: 'ntp',
    });
    assert.deepEqual(
      [edge.source, edge.target, edge.node],
      ['File[/etc/ntp.conf]', 'Service[ntp]', 'n'],
    );
    assert.equal(String(edge), 'File[/etc/ntp.conf] - notifies - Service[ntp]');
    assert.throws(() => Edge.fromJSON({ certname: 'n' }), /edge without "source_type"/);
  });
});

describe('Inventory (TestInventory)', () => {
  const facts = { hostname: 'test1.test.com', domain: 'test.com', puppetversion: '4.6.0' };
  const trusted = {
    authenticated: 'remote',
    domain: 'test.com',
    certname: 'test1.test.com',
    extensions: {},
    hostname: 'test1',
  };

  test('inventory', () => {
    const inventory = new Inventory(
      'test1.test.com',
      jsonToDate('2016-08-18T21:00:00.000Z'),
      'production',
      facts,
      trusted,
    );
    assert.equal(inventory.node, 'test1.test.com');
    assert.equal(inventory.environment, 'production');
    assert.deepEqual(inventory.time, jsonToDate('2016-08-18T21:00:00.000Z'));
    assert.deepEqual(inventory.facts, facts);
    assert.deepEqual(inventory.trusted, trusted);
    assert.equal(String(inventory), 'test1.test.com');
    assert.equal(inventory.repr(), '<Inventory: test1.test.com>');
  });

  test('fromJSON: certname → node, timestamp → time; trusted may be null', () => {
    const row = {
      certname: 'test1.test.com',
      timestamp: '2016-08-18T21:00:00.000Z',
      environment: 'production',
      facts,
      trusted,
    };
    assert.deepEqual(
      Inventory.fromJSON(row),
      new Inventory('test1.test.com', at('2016-08-18T21:00:00.000Z'), 'production', facts, trusted),
    );
    assert.equal(Inventory.fromJSON({ ...row, trusted: null }).trusted, null);
    const { timestamp: _dropped, ...withoutTime } = row;
    assert.throws(() => Inventory.fromJSON(withoutTime), /without "timestamp"/);
  });
});

describe('jsonToDate (test_utils.py TestJSONToDateTime)', () => {
  test('json to datetime: a UTC instant', () => {
    const date = jsonToDate('2013-08-01T09:57:00.000Z');
    assert.deepEqual(
      [
        date.getUTCFullYear(),
        date.getUTCMonth(),
        date.getUTCDate(),
        date.getUTCHours(),
        date.getUTCMinutes(),
      ],
      [2013, 7, 1, 9, 57],
    );
    assert.equal(date.getTime(), Date.UTC(2013, 7, 1, 9, 57));
  });

  test('json to datetime invalid: APIError (the reference raises ValueError)', () => {
    assert.throws(() => jsonToDate('2013-08-0109:57:00.000Z'), APIError);
  });

  test('microseconds are truncated to milliseconds', () => {
    assert.equal(
      jsonToDate('2013-08-01T09:57:00.123999Z').toISOString(),
      '2013-08-01T09:57:00.123Z',
    );
    assert.equal(jsonToDate('2013-08-01T09:57:00.5Z').toISOString(), '2013-08-01T09:57:00.500Z');
  });

  test('leap days exist only in leap years', () => {
    assert.equal(jsonToDate('2012-02-29T00:00:00Z').toISOString(), '2012-02-29T00:00:00.000Z');
    assert.equal(jsonToDate('2000-02-29T00:00:00Z').toISOString(), '2000-02-29T00:00:00.000Z');
    assert.equal(jsonToDate('2013-12-31T23:59:59.999Z').toISOString(), '2013-12-31T23:59:59.999Z');
  });

  test('the forms PuppetDB 7 also sends: whole seconds, offsets', () => {
    assert.equal(jsonToDate('2024-03-01T10:02:03+00:00').toISOString(), '2024-03-01T10:02:03.000Z');
    assert.equal(jsonToDate('2024-03-01T10:02:03Z').toISOString(), '2024-03-01T10:02:03.000Z');
    assert.equal(jsonToDate('2011-01-01T12:00:01-03:00').toISOString(), '2011-01-01T15:00:01.000Z');
    assert.equal(
      jsonToDate('2024-03-01T10:02:03.250+0530').toISOString(),
      '2024-03-01T04:32:03.250Z',
    );
    assert.equal(jsonToDate('0099-01-01T00:00:00Z').getUTCFullYear(), 99);
  });

  for (const bad of [
    '',
    'yesterday',
    '2013-08-01 09:57:00.000Z',
    '2013-08-01T09:57:00.000',
    '2013-02-30T00:00:00.000Z',
    '2013-02-29T00:00:00.000Z',
    '1900-02-29T00:00:00.000Z',
    '2013-13-01T00:00:00.000Z',
    '2013-08-01T24:00:00.000Z',
    '2013-08-01T09:60:00.000Z',
    '2013-08-01T09:57:60.000Z',
    '0000-01-01T00:00:00.000Z',
    '2013-08-01T09:57:00+24:00',
  ]) {
    test(`rejects ${JSON.stringify(bad)}`, () => {
      assert.throws(
        () => jsonToDate(bad),
        (error: unknown) => error instanceof APIError && error.message.includes(`"${bad}"`),
      );
    });
  }

  test('rejects what is not a string', () => {
    for (const value of [1375351020000, null, undefined, {}]) {
      assert.throws(() => jsonToDate(value), APIError);
    }
  });
});

describe('formatDuration (unreported_time)', () => {
  test('"{d}d {h}h {m}m" with integer division', () => {
    assert.equal(formatDuration((5 * 60 + 20) * 60_000 + 59_999), '0d 5h 20m');
    assert.equal(formatDuration(((2 * 24 + 3) * 60 + 7) * 60_000), '2d 3h 7m');
    assert.equal(formatDuration(0), '0d 0h 0m');
    assert.equal(formatDuration(59_999), '0d 0h 0m');
  });

  test('a negative span as timedelta normalises it: days negative, the rest positive', () => {
    assert.equal(formatDuration(-1000), '-1d 23h 59m');
    assert.equal(formatDuration(-(24 * 3600_000 + 1)), '-2d 23h 59m');
  });
});

describe('records keep the connection out of their data', () => {
  const secretApi = { ...recordingApi().api, password: 'secret-password' } as RecordApi;

  test('JSON.stringify and inspect of a Node or Report do not reach the connection', () => {
    const node = new Node(secretApi, 'web01', { statusReport: 'failed' });
    const report = new Report(secretApi, ...REPORT_ARGS, { status: 'failed' });
    for (const record of [node, report]) {
      assert.doesNotMatch(JSON.stringify(record), /secret-password/);
      assert.doesNotMatch(inspect(record, { depth: 5 }), /secret-password/);
    }
    assert.equal(JSON.parse(JSON.stringify(node)).statusReport, 'failed');
    assert.equal(JSON.parse(JSON.stringify(report)).runTime, 120_000);
  });
});
