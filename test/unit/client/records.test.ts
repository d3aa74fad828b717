/** Typed records: the reference's tests/test_types.py, ported, plus the status computation of fromJSON. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  APIError,
  Catalog,
  connect,
  Edge,
  EmptyResponseError,
  EqualsOperator,
  Event,
  Fact,
  Inventory,
  Node,
  Report,
  Resource,
  type RecordApi,
  type ScopedQueryOptions,
} from '../../../src/client';
import { formatElapsed, jsonToDate } from '../../../src/client/internal/time';

const at = (text: string) => new Date(text);

/** A RecordApi that records what the record helpers ask for and answers with nothing. */
function recordingApi(answer: unknown[] = []) {
  const calls: Array<{ operation: string; options: ScopedQueryOptions }> = [];
  const source = (operation: string) => (options: ScopedQueryOptions) => {
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

const NODE_ROW = {
  certname: 'node',
  deactivated: null,
  expired: null,
  report_timestamp: '2013-08-01T09:57:00.000Z',
  catalog_timestamp: '2013-08-01T09:57:00.000Z',
  facts_timestamp: '2013-08-01T09:57:00.000Z',
  report_environment: 'development',
  catalog_environment: 'development',
  facts_environment: 'development',
  latest_report_hash: 'hash#1',
  latest_report_status: 'changed',
  latest_report_noop: false,
  latest_report_noop_pending: false,
  cached_catalog_status: 'not_used',
};

const STATUS = {
  withStatus: true,
  withEventNumbers: true,
  latestEvents: undefined,
  now: at('2013-08-01T10:00:00.000Z'),
  unreported: 2,
};

describe('Node', () => {
  const { api } = recordingApi();

  test('without status', () => {
    const node = Node.fromJSON(api, NODE_ROW, { ...STATUS, withStatus: false });
    assert.equal(node.name, 'node');
    assert.equal(node.deactivated, false);
    assert.equal(node.expired, false);
    assert.deepEqual(node.reportTimestamp, jsonToDate('2013-08-01T09:57:00.000Z'));
    assert.deepEqual(node.factsTimestamp, jsonToDate('2013-08-01T09:57:00.000Z'));
    assert.deepEqual(node.catalogTimestamp, jsonToDate('2013-08-01T09:57:00.000Z'));
    assert.equal(node.reportEnvironment, 'development');
    assert.equal(node.latestReportHash, 'hash#1');
    assert.equal(node.statusReport, undefined);
    assert.equal(node.status, undefined);
    assert.equal(String(node), 'node');
    assert.equal(node.repr(), '<Node: node>');
  });

  test('constructor defaults: environments production, deactivated and expired false', () => {
    const node = new Node(api, 'node', { deactivated: jsonToDate('2013-08-01T09:57:00.000Z') });
    assert.deepEqual(node.deactivated, jsonToDate('2013-08-01T09:57:00.000Z'));
    assert.equal(node.expired, false);
    assert.equal(node.factsEnvironment, 'production');
  });

  test('unreported after the threshold, with the elapsed time as the reference prints it', () => {
    const node = Node.fromJSON(api, NODE_ROW, { ...STATUS, now: at('2013-08-01T15:17:00.000Z') });
    assert.equal(node.unreported, true);
    assert.equal(node.unreportedTime, '0d 5h 20m');
    assert.equal(node.status, 'unreported');
    assert.equal(node.statusReport, 'changed');
  });

  test('unreported wins over noop and failed; noop needs noop and noop_pending', () => {
    const noopRow = {
      ...NODE_ROW,
      latest_report_noop: true,
      latest_report_noop_pending: true,
      latest_report_status: 'failed',
    };
    assert.equal(Node.fromJSON(api, noopRow, STATUS).status, 'noop');
    assert.equal(
      Node.fromJSON(api, noopRow, { ...STATUS, now: at('2013-08-02T10:00:00.000Z') }).status,
      'unreported',
    );
    assert.equal(
      Node.fromJSON(api, { ...noopRow, latest_report_noop_pending: false }, STATUS).status,
      'failed',
    );
    assert.equal(
      Node.fromJSON(api, noopRow, { ...STATUS, unreported: null, now: at('2020-01-01T00:00:00Z') })
        .unreported,
      false,
    );
  });

  test('a node that never reported is unreported', () => {
    const node = Node.fromJSON(api, { ...NODE_ROW, report_timestamp: null }, STATUS);
    assert.equal(node.unreported, true);
    assert.equal(node.status, 'unreported');
  });

  test('event numbers come from the latest event counts, looked up by certname', () => {
    const counts = {
      subject_type: 'certname',
      subject: { title: 'node' },
      successes: 3,
      failures: 0,
      noops: 0,
      skips: 0,
    };
    const node = Node.fromJSON(api, NODE_ROW, {
      ...STATUS,
      latestEvents: new Map([['node', counts]]),
    });
    assert.deepEqual(node.events, counts);
    const other = Node.fromJSON(
      api,
      { ...NODE_ROW, certname: 'other' },
      { ...STATUS, latestEvents: new Map([['node', counts]]) },
    );
    assert.equal(other.events, undefined);
  });

  test('the cheap mode marks the status kind with "some"', () => {
    for (const [status, key] of [
      ['changed', 'successes'],
      ['noop', 'noops'],
      ['failed', 'failures'],
    ] as const) {
      const node = Node.fromJSON(
        api,
        { ...NODE_ROW, latest_report_status: status },
        { ...STATUS, withEventNumbers: false },
      );
      assert.equal(node.events?.[key], 'some');
    }
    const unchanged = Node.fromJSON(
      api,
      { ...NODE_ROW, latest_report_status: 'unchanged' },
      { ...STATUS, withEventNumbers: false },
    );
    assert.deepEqual(unchanged.events, { successes: 0, failures: 0, noops: 0 });
  });

  test('the legacy fallback derives the status from the counts (later checks win)', () => {
    const { latest_report_status: _dropped, ...legacy } = NODE_ROW;
    const counts = (successes: number, noops: number, failures: number) =>
      new Map([['node', { subject: { title: 'node' }, successes, noops, failures }]]);
    assert.equal(
      Node.fromJSON(api, legacy, { ...STATUS, latestEvents: counts(1, 0, 0) }).statusReport,
      'changed',
    );
    assert.equal(
      Node.fromJSON(api, legacy, { ...STATUS, latestEvents: counts(1, 1, 0) }).statusReport,
      'noop',
    );
    assert.equal(
      Node.fromJSON(api, legacy, { ...STATUS, latestEvents: counts(1, 1, 1) }).statusReport,
      'failed',
    );
    assert.equal(
      Node.fromJSON(api, legacy, { ...STATUS, latestEvents: counts(0, 0, 0) }).statusReport,
      undefined,
    );
    assert.equal(
      Node.fromJSON(api, legacy, { ...STATUS, latestEvents: new Map() }).statusReport,
      'unchanged',
    );
  });

  test('a required key missing is an APIError naming it', () => {
    const { facts_environment: _dropped, ...row } = NODE_ROW;
    assert.throws(() => Node.fromJSON(api, row, STATUS), /without "facts_environment"/);
  });

  test('helpers scope queries to the node', async () => {
    const { api: recording, calls } = recordingApi();
    const node = new Node(recording, 'web01');
    node.facts();
    node.facts({ query: new EqualsOperator('name', 'kernel') });
    node.facts({ query: '["=", "name", "os"]' });
    node.reports({ limit: 1 });
    node.resources({ type: 'File', title: '/etc/motd' });
    assert.deepEqual(
      calls.map((call) => [call.operation, call.options.query]),
      [
        ['facts', ['=', 'certname', 'web01']],
        ['facts', ['and', ['=', 'certname', 'web01'], new EqualsOperator('name', 'kernel')]],
        ['facts', ['and', ['=', 'certname', 'web01'], ['=', 'name', 'os']]],
        ['reports', ['=', 'certname', 'web01']],
        ['resources', ['=', 'certname', 'web01']],
      ],
    );
    assert.equal(calls[3]!.options.limit, 1);
    assert.equal(calls[4]!.options.title, '/etc/motd');
    await assert.rejects(node.fact('nope'), EmptyResponseError);
    await assert.rejects(node.resource('File', '/nope'), EmptyResponseError);
  });
});

describe('Fact, Resource, Inventory', () => {
  test('fact', () => {
    const fact = new Fact('node', 'osfamily', 'Debian', 'production');
    assert.equal(fact.node, 'node');
    assert.equal(fact.value, 'Debian');
    assert.equal(String(fact), 'osfamily/node');
    assert.equal(fact.repr(), 'Fact: osfamily/node');
    assert.deepEqual(
      Fact.fromJSON({ certname: 'n', name: 'os', value: { a: 1 }, environment: 'e' }),
      new Fact('n', 'os', { a: 1 }, 'e'),
    );
  });

  test('resource', () => {
    const parameters = { ensure: 'present', owner: 'root', group: 'root', mode: '0600' };
    const resource = new Resource(
      'node',
      '/etc/ssh/sshd_config',
      'file',
      ['class', 'ssh'],
      false,
      '/ssh/manifests/init.pp',
      15,
      'production',
      parameters,
    );
    assert.equal(resource.type, 'file');
    assert.equal(resource.sourceline, 15);
    assert.equal(resource.parameters.mode, '0600');
    assert.equal(String(resource), 'file[/etc/ssh/sshd_config]');
    assert.equal(resource.repr(), '<Resource: file[/etc/ssh/sshd_config]>');
    const fromRow = Resource.fromJSON({
      certname: 'n',
      title: 't',
      type: 'File',
      tags: [],
      exported: true,
      file: null,
      line: null,
      environment: 'p',
    });
    assert.deepEqual(
      [fromRow.exported, fromRow.sourcefile, fromRow.sourceline, fromRow.parameters],
      [true, undefined, undefined, {}],
    );
  });

  test('inventory', () => {
    const entry = Inventory.fromJSON({
      certname: 'n',
      timestamp: '2024-03-01T10:00:00.000Z',
      environment: 'e',
      facts: { a: 1 },
      trusted: null,
    });
    assert.deepEqual(entry.time, at('2024-03-01T10:00:00.000Z'));
    assert.equal(entry.repr(), '<Inventory: n>');
  });
});

describe('Report', () => {
  const { api } = recordingApi();
  const base = (status: string, noop: boolean, noopPending = false) =>
    new Report(
      api,
      'node1.puppet.board',
      'hash#',
      at('2013-08-01T09:57:00.000Z'),
      at('2013-08-01T10:57:00.000Z'),
      at('2013-08-01T10:58:00.000Z'),
      '1351535883',
      3,
      '3.2.1',
      'af9f16e3',
      status,
      [],
      [],
      undefined,
      noop,
      noopPending,
    );

  test('fields, run time and string forms', () => {
    const report = base('success', false);
    assert.equal(report.runTime, 3600_000);
    assert.equal(report.status, 'success');
    assert.equal(report.format, 3);
    assert.equal(report.agentVersion, '3.2.1');
    assert.equal(String(report), 'hash#');
    assert.equal(report.repr(), 'Report: hash#');
  });

  test('noop status needs noop and noop_pending', () => {
    assert.equal(base('unchanged', true).status, 'unchanged');
    assert.equal(base('failed', true).status, 'failed');
    assert.equal(base('unchanged', true, true).status, 'noop');
  });

  test('fromJSON keeps producer, unwraps metrics and logs, tolerates unexpanded ones', async () => {
    const row = {
      certname: 'n',
      hash: 'h',
      start_time: '2024-03-01T10:01:30.000Z',
      end_time: '2024-03-01T10:02:10.000Z',
      receive_time: '2024-03-01T10:02:11.000Z',
      configuration_version: '1',
      report_format: 12,
      puppet_version: '7.23.0',
      transaction_uuid: 't',
      status: 'failed',
      noop: false,
      noop_pending: false,
      producer: 'puppet.example.com',
      metrics: { data: [{ category: 'time', name: 'total', value: 5.25 }], href: '/m' },
      logs: { href: '/l' },
      cached_catalog_status: 'on_failure',
      environment: 'production',
    };
    const { api: recording, calls } = recordingApi();
    const report = Report.fromJSON(recording, row);
    assert.equal(report.producer, 'puppet.example.com');
    assert.equal(report.runTime, 40_000);
    assert.equal(report.metrics.length, 1);
    assert.deepEqual(report.logs, []);
    assert.equal(report.cachedCatalogStatus, 'on_failure');
    report.events({ limit: 5 });
    assert.deepEqual(calls[0]!.options, { limit: 5, query: ['=', 'report', 'h'] });
    const { hash: _dropped, ...withoutHash } = row;
    assert.throws(() => Report.fromJSON(recording, withoutHash), /report without "hash"/);
  });
});

describe('Event', () => {
  const event = (status: string) =>
    Event.fromJSON({
      certname: 'node',
      status,
      timestamp: '2013-08-01T10:57:00.000Z',
      report: 'hash#',
      resource_title: '/etc/ssh/sshd_config',
      property: 'ensure',
      message: 'Nothing to say',
      new_value: 'present',
      old_value: 'absent',
      resource_type: 'file',
      containing_class: 'Ssh::Server',
      containment_path: ['Stage[main]', 'Ssh::Server', 'File[/etc/ssh/sshd_config]'],
      file: '/etc/puppet/modules/ssh/manifests/server.pp',
      line: 80,
    });

  test('fields, item and string forms', () => {
    const failure = event('failure');
    assert.equal(failure.failed, true);
    assert.deepEqual(failure.timestamp, jsonToDate('2013-08-01T10:57:00.000Z'));
    assert.equal(failure.hash, 'hash#');
    assert.equal(failure.class, 'Ssh::Server');
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
    assert.equal(String(failure), 'file[/etc/ssh/sshd_config]/hash#');
    assert.equal(failure.repr(), 'Event: file[/etc/ssh/sshd_config]/hash#');
    assert.equal(event('success').failed, false);
  });
});

describe('Catalog and Edge', () => {
  test('an empty catalog', () => {
    const catalog = new Catalog('node', [], [], 'unique', undefined, undefined, 'somecodeid');
    assert.deepEqual(catalog.getResources(), []);
    assert.deepEqual(catalog.edges, []);
    assert.equal(catalog.codeId, 'somecodeid');
    assert.equal(String(catalog), 'node/None');
    assert.equal(catalog.repr(), '<Catalog: node/None>');
  });

  test('fromJSON files resources by Type[title] and wires each edge into both endpoints', () => {
    const catalog = Catalog.fromJSON({
      certname: 'web01',
      version: '1',
      transaction_uuid: 't',
      environment: 'production',
      producer: 'puppet',
      hash: 'x',
      resources: {
        href: '/r',
        data: [
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
            source_type: 'Package',
            source_title: 'nginx',
            target_type: 'Service',
            target_title: 'nginx',
            relationship: 'required-by',
          },
        ],
      },
    });
    const pkg = catalog.getResource('Package', 'nginx');
    const service = catalog.getResource('Service', 'nginx');
    assert.equal(pkg.node, 'web01');
    assert.equal(pkg.environment, 'production');
    assert.equal(service.sourcefile, undefined);
    assert.equal(catalog.producer, 'puppet');
    const [edge] = [...catalog.getEdges()];
    assert.equal(edge!.source, pkg);
    assert.equal(edge!.target, service);
    assert.deepEqual([pkg.relationships, service.relationships], [[edge], [edge]]);
    assert.equal(String(edge), 'Package[nginx] - required-by - Service[nginx]');
    assert.throws(() => catalog.getResource('File', 'nope'), APIError);
  });

  test('an edge to a resource the catalog lacks is an APIError', () => {
    assert.throws(
      () =>
        Catalog.fromJSON({
          certname: 'n',
          version: '1',
          resources: { data: [] },
          edges: {
            data: [
              {
                source_type: 'A',
                source_title: 'a',
                target_type: 'B',
                target_title: 'b',
                relationship: 'contains',
              },
            ],
          },
        }),
      /refers to A\[a\]/,
    );
  });

  test('edges between resources, and from the /edges endpoint as strings', () => {
    const a = new Resource(
      'node',
      '/etc/ssh/sshd_config',
      'file',
      ['class', 'ssh'],
      false,
      '/ssh/manifests/init.pp',
      15,
      'production',
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
    );
    const edge = new Edge(a, b, 'notify');
    assert.equal(String(edge), 'file[/etc/ssh/sshd_config] - notify - service[sshd]');
    assert.equal(edge.repr(), '<Edge: file[/etc/ssh/sshd_config] - notify - service[sshd]>');
    const row = Edge.fromJSON({
      certname: 'n',
      relationship: 'contains',
      source_type: 'Class',
      source_title: 'Ntp',
      target_type: 'Service',
      target_title: 'ntp',
    });
    assert.equal(String(row), 'Class[Ntp] - contains - Service[ntp]');
    assert.equal(row.node, 'n');
  });
});

describe('timestamps', () => {
  test('the reference form, and the forms PuppetDB 7 also sends', () => {
    assert.equal(
      jsonToDate('2013-08-01T09:57:00.123456Z').toISOString(),
      '2013-08-01T09:57:00.123Z',
    );
    assert.equal(jsonToDate('2024-03-01T10:02:03+00:00').toISOString(), '2024-03-01T10:02:03.000Z');
    assert.throws(() => jsonToDate('2013-08-0109:57:00.000Z'), APIError);
    assert.throws(() => jsonToDate('yesterday'), APIError);
  });

  test('elapsed time as "{d}d {h}h {m}m"', () => {
    assert.equal(formatElapsed((5 * 60 + 20) * 60_000 + 59_000), '0d 5h 20m');
    assert.equal(formatElapsed(((2 * 24 + 3) * 60 + 7) * 60_000), '2d 3h 7m');
  });
});

describe('serialisation keeps credentials out', () => {
  test('Node, Report and the connection serialise without the connection settings', () => {
    const db = connect({ token: 'secret-token', username: 'u', password: 'secret-password' });
    const node = new Node(db, 'web01', { statusReport: 'failed' });
    const report = new Report(
      db,
      'web01',
      'h',
      new Date(0),
      new Date(1000),
      new Date(2000),
      '1',
      12,
      '7',
      't',
      'failed',
    );
    for (const value of [node, report, db]) {
      const text = JSON.stringify(value);
      assert.doesNotMatch(text, /secret-token|secret-password|authorization/i);
    }
    assert.equal(JSON.parse(JSON.stringify(node)).statusReport, 'failed');
    assert.equal(JSON.parse(JSON.stringify(report)).runTime, 1000);
  });
});
