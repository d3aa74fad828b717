/**
 * One table from entity to record: the endpoint methods and pql() give the same record class for
 * every entity (the MockAgent answers every request with one row that has every entity's keys).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  Catalog,
  Edge,
  Event,
  Fact,
  Inventory,
  Node,
  Report,
  Resource,
} from '../../../../src/client';
import { ENTITY_RECORDS, type RecordEntity } from '../../../../src/client/records/entityRecords';
import { db } from '../support/mockServer';

const WHEN = '2024-03-01T10:00:00.000Z';

/** The keys every record type requires, all in one row. */
const EVERY_KEY = {
  certname: 'web01.example.com',
  deactivated: null,
  expired: null,
  report_timestamp: WHEN,
  catalog_timestamp: WHEN,
  facts_timestamp: WHEN,
  report_environment: 'production',
  catalog_environment: 'production',
  facts_environment: 'production',
  latest_report_hash: 'abc',
  latest_report_status: 'changed',
  latest_report_noop: false,
  latest_report_noop_pending: false,
  cached_catalog_status: 'not_used',
  name: 'kernel',
  value: 'Linux',
  environment: 'production',
  title: '/etc/motd',
  type: 'File',
  tags: [],
  exported: false,
  parameters: {},
  edges: { data: [] },
  resources: { data: [] },
  version: '1',
  transaction_uuid: 'u',
  source_type: 'Class',
  source_title: 'Main',
  target_type: 'File',
  target_title: '/etc/motd',
  relationship: 'contains',
  status: 'success',
  timestamp: WHEN,
  report: 'abc',
  resource_title: '/etc/motd',
  resource_type: 'File',
  property: null,
  message: null,
  new_value: null,
  old_value: null,
  containing_class: 'Main',
  containment_path: [],
  file: null,
  line: null,
  facts: {},
  trusted: {},
  hash: 'abc',
  start_time: WHEN,
  end_time: WHEN,
  receive_time: WHEN,
  configuration_version: '1',
  report_format: 12,
  puppet_version: '8.0.0',
};

type Api = ReturnType<typeof db>['api'];

/** Each entity: its record class, the endpoint method's record and pql()'s record. */
const ENTITIES: Record<
  RecordEntity,
  { type: new (...args: never[]) => object; endpoint: (api: Api) => Promise<unknown>; pql: string }
> = {
  node: { type: Node, endpoint: (api) => api.nodes().first(), pql: 'nodes {}' },
  fact: { type: Fact, endpoint: (api) => api.facts().first(), pql: 'facts {}' },
  resource: { type: Resource, endpoint: (api) => api.resources().first(), pql: 'resources {}' },
  catalog: {
    type: Catalog,
    endpoint: (api) => api.catalog('web01.example.com'),
    pql: 'catalogs {}',
  },
  edge: { type: Edge, endpoint: (api) => api.edges().first(), pql: 'edges {}' },
  event: { type: Event, endpoint: (api) => api.events().first(), pql: 'events {}' },
  report: { type: Report, endpoint: (api) => api.reports().first(), pql: 'reports {}' },
  inventory: { type: Inventory, endpoint: (api) => api.inventory().first(), pql: 'inventory {}' },
};

describe('the entity → record table', () => {
  for (const [entity, { type, endpoint, pql }] of Object.entries(ENTITIES)) {
    test(`${entity}: the endpoint method and pql() both give ${type.name} records`, async () => {
      const { api } = db({}, () => ({ body: [EVERY_KEY] }));
      const fromTable = ENTITY_RECORDS[entity as RecordEntity](EVERY_KEY, { api });
      const fromEndpoint = await endpoint(api);
      const [fromPql] = await api.pql(pql).toArray();
      assert.ok(fromTable instanceof type, `the table makes a ${type.name}`);
      assert.equal(fromEndpoint?.constructor, type, 'the endpoint method');
      assert.equal(fromPql?.constructor, type, 'pql()');
    });
  }

  test('every entity of the table is covered above', () => {
    assert.deepEqual(Object.keys(ENTITY_RECORDS).sort(), Object.keys(ENTITIES).sort());
  });
});
