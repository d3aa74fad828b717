/**
 * What bench:history loads into its own PuppetDB: one node with a long history (good runs, then
 * failing for most of it, so the walk reads hundreds of runs back), and two runs of another node
 * with thousands of resources each, differing in part. Deterministic, like the sample fleet.
 */
import { buildCatalog } from '../../test/fixtures/fleet/catalog';
import { longHistory } from '../../test/fixtures/fleet/history';
import { identityOf } from '../../test/fixtures/fleet/identity';
import { Random } from '../../test/fixtures/fleet/random';
import type { ReportPayload, WireResourceStatus } from '../../test/fixtures/fleet/report';

export const LONG_HISTORY = { certname: 'db01.example.com', runs: 500, failing: 450 };
export const BIG_RUNS = { certname: 'web01.example.com', resources: 3000 };

export function longHistoryReports(commits: readonly string[], now: Date): ReportPayload[] {
  const random = new Random(7);
  const identity = { ...identityOf(1, 10, random.next(), random.next()), reportAgeHours: 1 };
  const catalog = buildCatalog(identity, random, now.toISOString(), '1');
  return longHistory(
    { identity, catalog },
    commits,
    LONG_HISTORY.runs,
    LONG_HISTORY.failing,
    1,
    now,
  );
}

/**
 * Two runs of `resources` resources each, an event per resource: `shift` moves which resources
 * fail, are skipped or noop, so the two runs differ in every category.
 */
export function bigRun(now: Date, hoursAgo: number, shift: number): ReportPayload {
  const end = new Date(now.getTime() - hoursAgo * 3600_000);
  const start = new Date(end.getTime() - 600_000);
  const at = (index: number) => new Date(start.getTime() + index * 100).toISOString();
  const types = ['File', 'Package', 'Service', 'Exec', 'User'];
  const resources: WireResourceStatus[] = [];
  const logs: ReportPayload['logs'] = [];
  for (let index = 0; index < BIG_RUNS.resources; index++) {
    const type = types[index % types.length]!;
    const title = `/srv/bench/${type.toLowerCase()}-${index}`;
    const roll = (index + shift) % 20;
    const status = roll === 0 ? 'failure' : roll === 1 ? 'noop' : 'success';
    const skipped = roll === 2;
    const message =
      status === 'failure'
        ? `change from 'absent' to 'present' failed: returned ${index % 7} after ${index}.5 s`
        : status === 'noop'
          ? `current_value 'absent', should be 'present' (noop)`
          : `ensure changed 'absent' to 'present'`;
    resources.push({
      timestamp: at(index),
      resource_type: type,
      resource_title: title,
      skipped,
      file: `/etc/puppetlabs/code/environments/production/site-modules/profile/manifests/bench.pp`,
      line: 1 + (index % 200),
      containment_path: ['Stage[main]', 'Profile::Bench', `${type}[${title}]`],
      corrective_change: false,
      events: [
        {
          status: skipped ? 'failure' : status,
          timestamp: at(index),
          property: 'ensure',
          name: 'ensure',
          old_value: 'absent',
          new_value: 'present',
          message,
          corrective_change: false,
        },
      ],
    });
    logs.push({
      file: null,
      line: null,
      level: status === 'failure' ? 'err' : 'notice',
      message: `${type}[${title}]: ${message}`,
      source: `/Stage[main]/Profile::Bench/${type}[${title}]`,
      tags: ['notice'],
      time: at(index),
    });
  }
  const metric = (category: string, name: string, value: number) => ({ category, name, value });
  return {
    certname: BIG_RUNS.certname,
    environment: 'production',
    puppet_version: '7.23.0',
    report_format: 12,
    configuration_version: String(Math.floor(end.getTime() / 1000)),
    start_time: start.toISOString(),
    end_time: end.toISOString(),
    producer_timestamp: end.toISOString(),
    producer: 'puppet.example.com',
    resources,
    metrics: [
      metric('resources', 'total', BIG_RUNS.resources),
      ...types.map((type, index) => metric('time', type.toLowerCase(), 10 + index + shift)),
      metric('time', 'total', 600),
    ],
    logs,
    transaction_uuid: `00000000-0000-4000-8000-${String(shift).padStart(12, '0')}`,
    catalog_uuid: `00000000-0000-4000-8000-${String(shift + 1).padStart(12, '0')}`,
    code_id: null,
    job_id: null,
    cached_catalog_status: 'not_used',
    status: 'failed',
    noop: false,
    noop_pending: false,
    corrective_change: false,
    type: 'agent',
  };
}
