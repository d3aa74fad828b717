/**
 * The starter queries of the Queries view, against the real PuppetDB: each runs without error,
 * and its answer equals one worked out by hand from PuppetDB's plain endpoints (rows fetched
 * whole and counted or filtered here), so a starter that asks the wrong question fails.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import {
  STARTER_QUERIES,
  starterText,
  type StarterQuery,
} from '../../src/shared/queryLibrary/starterQueries';
import { httpClient } from './support/puppetdb';

type Row = Record<string, unknown>;

describe('starter queries against the real PuppetDB', () => {
  const client = httpClient();
  after(() => client.disconnect());
  const now = new Date();
  const checked = new Set<string>();

  async function run(id: string, values: Record<string, string> = {}): Promise<Row[]> {
    const starter: StarterQuery | undefined = STARTER_QUERIES.find((entry) => entry.id === id);
    assert.ok(starter, id);
    checked.add(id);
    return (await client.query('pql', { query: starterText(starter, values, now) })) as Row[];
  }
  const raw = async (
    endpoint: 'nodes' | 'events' | 'facts' | 'resources' | 'reports',
    query?: unknown[],
  ) => (await client.query(endpoint, query ? { query } : {})) as Row[];

  /** `rows` as "key=value|…" lines, sorted: answers compared whatever their order. */
  const lines = (rows: Row[], keys: string[]) =>
    rows.map((row) => keys.map((key) => `${key}=${String(row[key])}`).join('|')).sort();
  /** Rows counted by the values of `keys`, as the query's `count()` rows would be. */
  function countedBy(
    rows: Row[],
    keys: string[],
    value: (row: Row, key: string) => unknown,
  ): Row[] {
    const counts = new Map<string, Row>();
    for (const row of rows) {
      const group: Row = Object.fromEntries(keys.map((key) => [key, value(row, key)]));
      const id = JSON.stringify(group);
      const entry = counts.get(id) ?? { ...group, count: 0 };
      entry.count = (entry.count as number) + 1;
      counts.set(id, entry);
    }
    return [...counts.values()];
  }

  test('failed nodes, and their count per environment', async () => {
    const nodes = await raw('nodes');
    const failed = nodes.filter((node) => node.latest_report_status === 'failed');
    assert.ok(failed.length > 0, 'the fleet has failed nodes');
    const rows = await run('failed-nodes');
    assert.deepEqual(
      rows.map((row) => row.certname),
      failed.map((node) => node.certname).sort(),
    );
    const keys = ['report_environment', 'count'];
    assert.deepEqual(
      lines(await run('failed-nodes-by-environment'), keys),
      lines(
        countedBy(failed, ['report_environment'], (row, key) => row[key]),
        keys,
      ),
    );
  });

  test('nodes not reporting within N hours, oldest first', async () => {
    const nodes = await raw('nodes');
    for (const hours of ['2', '12']) {
      const since = now.getTime() - Number(hours) * 3_600_000;
      const silent = nodes.filter(
        (node) =>
          node.report_timestamp == null || Date.parse(String(node.report_timestamp)) < since,
      );
      const rows = await run('nodes-not-reporting', { hours });
      assert.deepEqual(lines(rows, ['certname']), lines(silent, ['certname']), `${hours} h`);
      const times = rows.map((row) => Date.parse(String(row.report_timestamp)));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => a - b),
      );
    }
    assert.ok(
      (await run('nodes-not-reporting', { hours: '2' })).length > 0,
      'the fleet has nodes that have not reported for 2 hours',
    );
  });

  test('failed resources in latest runs, and the most-changed resources', async () => {
    // the events endpoint also answers a deactivated node's events, which PQL leaves out
    const active = new Set((await raw('nodes')).map((node) => node.certname));
    const ofActive = (rows: Row[]) => rows.filter((row) => active.has(row.certname));
    const failures = ofActive(
      await raw('events', ['and', ['=', 'latest_report?', true], ['=', 'status', 'failure']]),
    );
    assert.ok(failures.length > 0);
    const keys = ['certname', 'resource_type', 'resource_title', 'message'];
    assert.deepEqual(lines(await run('failed-resources'), keys), lines(failures, keys));
    const changes = ofActive(await raw('events', ['=', 'status', 'success']));
    const counted = ['resource_type', 'resource_title', 'count'];
    assert.deepEqual(
      lines(await run('most-changed-resources'), counted),
      lines(
        countedBy(changes, ['resource_type', 'resource_title'], (row, key) => row[key]),
        counted,
      ),
    );
  });

  test('agents by Puppet version and the OS distribution, from the facts', async () => {
    const versions = await raw('facts', ['=', 'name', 'puppetversion']);
    assert.deepEqual(
      lines(await run('agents-by-puppet-version'), ['facts.puppetversion', 'count']),
      lines(
        countedBy(versions, ['facts.puppetversion'], (row) => row.value),
        ['facts.puppetversion', 'count'],
      ),
    );
    const os = await raw('facts', ['=', 'name', 'os']);
    const osValue = (row: Row, key: string) => {
      const value = row.value as { name?: string; release?: { major?: string } };
      return key === 'facts.os.name' ? value.name : value.release?.major;
    };
    const keys = ['facts.os.name', 'facts.os.release.major', 'count'];
    assert.deepEqual(
      lines(await run('os-distribution'), keys),
      lines(countedBy(os, ['facts.os.name', 'facts.os.release.major'], osValue), keys),
    );
  });

  test('nodes with a class: the name as written is found under its title', async () => {
    const holders = await raw('resources', [
      'and',
      ['=', 'type', 'Class'],
      ['=', 'title', 'Profile::Base'],
    ]);
    assert.ok(holders.length > 0);
    const rows = await run('nodes-with-class', { class: 'profile::base' });
    assert.deepEqual(
      rows.map((row) => row.certname),
      holders.map((row) => row.certname).sort(),
    );
    assert.deepEqual(await run('nodes-with-class', { class: 'no_such::class' }), []);
  });

  test('nodes by environment, pending no-op changes, resources by type', async () => {
    const nodes = await raw('nodes');
    const byEnvironment = ['catalog_environment', 'count'];
    assert.deepEqual(
      lines(await run('nodes-by-environment'), byEnvironment),
      lines(
        countedBy(nodes, ['catalog_environment'], (row, key) => row[key]),
        byEnvironment,
      ),
    );
    const latest = await raw('reports', ['=', 'latest_report?', true]);
    const pending = latest.filter((report) => report.noop_pending === true);
    assert.ok(pending.length > 0);
    assert.deepEqual(
      lines(await run('pending-noop-changes'), ['certname', 'environment']),
      lines(pending, ['certname', 'environment']),
    );
    const resources = await raw('resources');
    assert.deepEqual(
      lines(await run('resources-by-type'), ['type', 'count']),
      lines(
        countedBy(resources, ['type'], (row, key) => row[key]),
        ['type', 'count'],
      ),
    );
  });

  test('every starter query was checked above', () => {
    assert.deepEqual([...checked].sort(), STARTER_QUERIES.map((starter) => starter.id).sort());
  });
});
