/**
 * Loads a generated fleet into the PuppetDB that start.sh started in a state folder (fleetLoader.ts
 * does the work) and prints what it loaded.
 *
 *   node --import tsx scripts/puppetdb/load-fleet.ts --state-dir .work/puppetdb-test --size 40 [--seed 42] [--concurrency 4] [--quiet]
 *
 * --quiet loads a fleet whose every report is an unchanged run without events.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_FLEET_SIZE, DEFAULT_SEED, type Fleet } from '../../test/fixtures/fleet/generate';
import { loadFleet, type LoadSummary } from './fleetLoader';

function describe(summary: LoadSummary): string {
  const { fleet } = summary;
  const tally = (key: (node: Fleet['nodes'][number]) => string) => {
    const counts = new Map<string, number>();
    for (const node of fleet.nodes) counts.set(key(node), (counts.get(key(node)) ?? 0) + 1);
    return [...counts].map(([name, count]) => `${name} ${count}`).join(', ');
  };
  const sum = (count: (node: Fleet['nodes'][number]) => number) =>
    fleet.nodes.reduce((total, node) => total + count(node), 0);
  return [
    `loaded ${fleet.nodes.length} nodes (${fleet.deactivated.length} then deactivated: ${fleet.deactivated.join(', ')})`,
    `  environments: ${tally((node) => node.environment)}`,
    `  latest runs:  ${tally((node) => (node.reportAgeHours > 2 ? 'unreported' : node.reportKind))}`,
    `  facts ${sum((node) => Object.keys(node.facts.values).length)}, resources ${sum((node) => node.catalog.resources.length)}, edges ${sum((node) => node.catalog.edges.length)}, reports ${fleet.nodes.length} (and ${sum((node) => fleet.histories.find((history) => history.certname === node.certname)?.reports.length ?? 0)} older runs in ${fleet.histories.length} histories), events ${sum((node) => node.report.resources.reduce((n, resource) => n + resource.events.length, 0))}`,
    `  ${summary.commands} commands in ${summary.seconds.toFixed(1)} s (${(summary.commands / summary.seconds).toFixed(1)} commands/s), all processed, none discarded`,
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'state-dir': { type: 'string', default: '.work/puppetdb' },
      size: { type: 'string', default: String(DEFAULT_FLEET_SIZE) },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      concurrency: { type: 'string', default: '4' },
      quiet: { type: 'boolean', default: false },
    },
  });
  const summary = await loadFleet({
    stateDir: resolve(values['state-dir']!),
    size: Number(values.size),
    seed: Number(values.seed),
    concurrency: Number(values.concurrency),
    quiet: values.quiet,
    log: (line) => console.log(line),
  });
  console.log(describe(summary));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
