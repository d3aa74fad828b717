import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { EqualsOperator, Event, Report } from '../../src/client';
import { httpClient, loadedFleet } from './support/puppetdb';

const db = httpClient();
after(() => db.disconnect());

interface WireEvent {
  status: string;
  property: string | null;
  message: string;
}
interface WireResourceStatus {
  resource_type: string;
  resource_title: string;
  skipped: boolean;
  events: WireEvent[];
}

function activeNodes() {
  const fleet = loadedFleet();
  return fleet.nodes.filter((node) => !fleet.deactivated.includes(node.certname));
}

/** PuppetDB stores every event of a skipped resource as "skipped". */
function storedEvents(report: {
  resources: WireResourceStatus[];
}): Array<WireEvent & { resource: string }> {
  return report.resources.flatMap((resource) =>
    resource.events.map((event) => ({
      ...event,
      status: resource.skipped ? 'skipped' : event.status,
      resource: `${resource.resource_type}[${resource.resource_title}]`,
    })),
  );
}

describe('reports and events against the real PuppetDB', () => {
  test('reports() gives one report per loaded node (deactivated ones too) and the runs of its histories, with run time, metrics, logs and producer', async () => {
    const reports = await db.reports().toArray();
    const fleet = loadedFleet();
    const historyRuns = fleet.histories.reduce((sum, history) => sum + history.reports.length, 0);
    assert.equal(reports.length, fleet.nodes.length + historyRuns);
    const expected = activeNodes().find((node) => node.report.status === 'failed')!;
    const report = reports.find((candidate) => candidate.node === expected.certname)!;
    assert.ok(report instanceof Report);
    assert.equal(
      report.runTime,
      Date.parse(expected.report.end_time) - Date.parse(expected.report.start_time),
    );
    assert.equal(report.metrics.length, expected.report.metrics.length);
    assert.equal(report.logs.length, expected.report.logs.length);
    assert.equal(report.producer, expected.report.producer);
    assert.equal(report.agentVersion, expected.report.puppet_version);
    assert.equal(report.cachedCatalogStatus, expected.report.cached_catalog_status);
    assert.equal(report.status, 'failed');
  });

  test('every report status and a cached catalog are in the fleet as stored', async () => {
    const reports = await db.reports({ query: '["=", "latest_report?", true]' }).toArray();
    const statuses = new Set(reports.map((report) => report.status));
    for (const status of ['changed', 'unchanged', 'failed', 'noop']) {
      assert.ok(statuses.has(status), status);
    }
    assert.ok(
      reports.some(
        (report) =>
          report.cachedCatalogStatus === 'on_failure' ||
          report.cachedCatalogStatus === 'explicitly_requested',
      ),
    );
  });

  test('report.events() and events() give the report events, skipped ones as stored', async () => {
    const expected = activeNodes().find((node) => node.report.status === 'failed')!;
    const [report] = await db
      .reports({ query: new EqualsOperator('certname', expected.certname) })
      .toArray();
    const events = await report!.events().toArray();
    assert.ok(events.every((event) => event instanceof Event && event.hash === report!.hash));
    const want = storedEvents(expected.report);
    assert.deepEqual(
      events.map((event) => `${event.type}[${event.title}] ${event.status}`).sort(),
      want.map((event) => `${event.resource} ${event.status}`).sort(),
    );
    const failed = events.find((event) => event.failed)!;
    assert.equal(failed.status, 'failure');
    assert.equal(failed.item.type, failed.type);
    assert.ok(events.some((event) => event.status === 'skipped'));
  });

  test('event counts and aggregate event counts agree with the loaded events', async () => {
    const latest = '["=", "latest_report?", true]';
    const counts = await db.eventCounts({ summarizeBy: 'certname', query: latest });
    const failures = activeNodes().reduce(
      (sum, node) =>
        sum + storedEvents(node.report).filter((event) => event.status === 'failure').length,
      0,
    );
    assert.equal(
      counts.reduce((sum, row) => sum + Number(row.failures), 0),
      failures,
    );
    const aggregate = (await db.aggregateEventCounts({
      summarizeBy: 'certname',
      query: latest,
    })) as Record<string, unknown>;
    assert.equal(aggregate.summarize_by, 'certname');
    assert.equal(aggregate.failures, counts.filter((row) => Number(row.failures) > 0).length);
    const both = await db.aggregateEventCounts({ summarizeBy: 'certname,resource', query: latest });
    assert.ok(Array.isArray(both) && both.length === 2);
    const filtered = await db.eventCounts({
      summarizeBy: 'certname',
      query: latest,
      countFilter: '[">", "failures", 0]',
    });
    assert.ok(filtered.length > 0 && filtered.every((row) => Number(row.failures) > 0));
  });

  test('events paged with pageSize equal the unpaged events', async () => {
    const whole = await db.events().toArray();
    const paged = await db.events({ pageSize: 5 }).toArray();
    const key = (event: Event) => `${event.hash} ${event.type}[${event.title}] ${event.property}`;
    assert.deepEqual(paged.map(key).sort(), whole.map(key).sort());
    assert.equal(new Set(paged.map(key)).size, paged.length, 'no event twice');
  });
});
