import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  eventRowFromWire,
  groupMetrics,
  logSeverity,
  reportDtoFromWire,
} from '../../../src/shared/reportDto';

/** A `/reports` row as PuppetDB 7 answers it (trimmed to one of each embedded list). */
const reportRow = {
  certname: 'web02.example.com',
  hash: 'ab91e5ec',
  status: 'failed',
  noop: false,
  noop_pending: false,
  start_time: '2026-11-22T14:25:24.056Z',
  end_time: '2026-11-22T14:26:54.034Z',
  puppet_version: '7.23.0',
  configuration_version: '1795425386',
  report_format: 12,
  environment: 'production',
  cached_catalog_status: 'not_used',
  producer: 'puppet.example.com',
  transaction_uuid: '15df9f26',
  catalog_uuid: 'a4b88b0a',
  code_id: null,
  corrective_change: null,
  logs: {
    href: '/pdb/query/v4/reports/ab91e5ec/logs',
    data: [
      {
        file: null,
        line: null,
        tags: ['info'],
        time: '2026-11-22T14:25:24.556Z',
        level: 'info',
        source: 'Puppet',
        message: "Applying configuration version '1795425386'",
      },
    ],
  },
  metrics: {
    href: '/pdb/query/v4/reports/ab91e5ec/metrics',
    data: [
      { name: 'total', value: 56, category: 'resources' },
      { name: 'config_retrieval', value: 0.45, category: 'time' },
      { name: 'changed', value: 1, category: 'resources' },
      { name: 'total', value: 1, category: 'changes' },
      { name: 'total', value: 2, category: 'events' },
      { name: 'failure', value: 1, category: 'events' },
      { name: 'other', value: 3, category: 'custom' },
    ],
  },
  resource_events: {
    href: '/pdb/query/v4/reports/ab91e5ec/events',
    data: [
      {
        status: 'failure',
        timestamp: '2026-11-22T14:25:26.356+00:00',
        resource_type: 'Package',
        resource_title: 'nginx',
        property: 'ensure',
        new_value: 'present',
        old_value: 'purged',
        message: "change from 'purged' to 'present' failed",
        file: '/etc/puppetlabs/code/environments/production/manifests/site.pp',
        line: 94,
        containment_path: ['Stage[main]', 'Main', 'Package[nginx]'],
        containing_class: 'Main',
      },
    ],
  },
};

describe('report DTOs from PuppetDB rows', () => {
  test('a report row keeps every summary field, with the run time computed', () => {
    const report = reportDtoFromWire(reportRow);
    assert.equal(report.certname, 'web02.example.com');
    assert.equal(report.status, 'failed');
    assert.equal(report.runTimeMs, 89_978);
    assert.equal(report.puppetVersion, '7.23.0');
    assert.equal(report.reportFormat, 12);
    assert.equal(report.cachedCatalogStatus, 'not_used');
    assert.equal(report.transactionUuid, '15df9f26');
    assert.equal(report.catalogUuid, 'a4b88b0a');
    assert.equal(report.codeId, null);
    assert.equal(report.correctiveChange, null);
    assert.equal(report.logs.length, 1);
    assert.equal(report.logs[0]!.level, 'info');
    assert.equal(report.metrics.length, 7);
  });

  test('embedded events take the certname and hash of their report', () => {
    const [event] = reportDtoFromWire(reportRow).events;
    assert.deepEqual(event, {
      certname: 'web02.example.com',
      status: 'failure',
      timestamp: '2026-11-22T14:25:26.356+00:00',
      resourceType: 'Package',
      resourceTitle: 'nginx',
      property: 'ensure',
      oldValue: 'purged',
      newValue: 'present',
      message: "change from 'purged' to 'present' failed",
      containingClass: 'Main',
      file: '/etc/puppetlabs/code/environments/production/manifests/site.pp',
      line: 94,
      reportHash: 'ab91e5ec',
    });
  });

  test('events fetched separately replace the embedded ones; unexpanded lists read as empty', () => {
    const separate = [eventRowFromWire({ status: 'noop', report: 'x', certname: 'y' })];
    const report = reportDtoFromWire(
      { ...reportRow, logs: { href: '/logs' }, metrics: { href: '/metrics' } },
      separate,
    );
    assert.equal(report.events, separate);
    assert.deepEqual(report.logs, []);
    assert.deepEqual(report.metrics, []);
  });

  test('an /events row keeps structured values and unknown statuses read as success', () => {
    const row = eventRowFromWire({
      certname: 'db01',
      report: 'h1',
      status: 'skipped',
      resource_type: 'Exec',
      resource_title: '<img src=x onerror=alert(1)>',
      old_value: { a: [1] },
      new_value: null,
      line: 'not a number',
    });
    assert.equal(row.status, 'skipped');
    assert.equal(row.resourceTitle, '<img src=x onerror=alert(1)>');
    assert.deepEqual(row.oldValue, { a: [1] });
    assert.equal(row.newValue, null);
    assert.equal(row.line, null);
    assert.equal(row.property, null);
    assert.equal(eventRowFromWire({ status: 'weird' }).status, 'success');
  });

  test('log levels: errors red, warnings yellow, notices plain, the rest muted', () => {
    assert.deepEqual(
      ['err', 'crit', 'alert', 'emerg', 'warning', 'notice', 'info', 'debug'].map(logSeverity),
      ['error', 'error', 'error', 'error', 'warning', 'notice', 'muted', 'muted'],
    );
  });

  test('metrics group by category, known ones first, total last within each', () => {
    const groups = groupMetrics(reportDtoFromWire(reportRow).metrics);
    assert.deepEqual(
      groups.map((group) => group.category),
      ['resources', 'time', 'changes', 'events', 'custom'],
    );
    assert.deepEqual(
      groups[0]!.metrics.map((metric) => metric.name),
      ['changed', 'total'],
    );
    assert.deepEqual(
      groups[3]!.metrics.map((metric) => metric.name),
      ['failure', 'total'],
    );
  });
});
