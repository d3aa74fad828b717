/**
 * bench:fleet's "a second view of the same kind" for the compare-runs view (issue 35 §2): a node's
 * run compared with the run before it in a new panel, then, a second later, the next pair of runs,
 * which VS Code's preview rule shows in the first one's panel (its live page started over), each
 * timed from the command to the page's paint of the comparison; beside the raw request the panel
 * sends for it (both runs with their events, logs and metrics), in the same run; medians after a
 * warm-up. The pairs are consecutive runs of the fleet's nodes that keep a history.
 */
import type { FleetBench } from './fleetBench';
import { performance } from 'node:perf_hooks';
import type { CompareRunsPanelInfo } from '../../src/extension/compareRuns/compareRunsPanel';
import { RUN_SUMMARY_FIELDS } from '../../src/shared/history';
import { timedGet } from '../timedGet';
import { viewTarget } from './overviewTiming';
import { medianTimes, secondViewRounds, timedCommand } from './secondView';

const query = (url: string, endpoint: string, ast: unknown, order?: unknown) =>
  `${url}/pdb/query/v4/${endpoint}?${new URLSearchParams({
    query: JSON.stringify(ast),
    ...(order ? { order_by: JSON.stringify(order) } : {}),
  })}`;

/** Pairs of consecutive runs ("older,newer" hashes) of the nodes with more than one report. */
async function consecutiveRuns(url: string, count: number): Promise<string[]> {
  const counted = await timedGet(
    query(url, 'reports', [
      'extract',
      [['function', 'count'], 'certname'],
      ['group_by', 'certname'],
    ]),
  );
  const certnames = (counted.rows as Array<{ certname: string; count: number }>)
    .filter((row) => row.count > 1)
    .map((row) => row.certname)
    .sort();
  const { rows } = await timedGet(
    query(
      url,
      'reports',
      ['extract', ['certname', 'hash'], ['in', 'certname', ['array', certnames]]],
      [
        { field: 'certname', order: 'asc' },
        { field: 'end_time', order: 'asc' },
      ],
    ),
  );
  const runs = rows as Array<{ certname: string; hash: string }>;
  const pairs = runs.flatMap((run, index) => {
    const next = runs[index + 1];
    return next?.certname === run.certname ? [`${run.hash},${next.hash}`] : [];
  });
  if (pairs.length < count) throw new Error(`only ${pairs.length} pairs of consecutive runs`);
  return pairs.slice(0, count);
}

/** The panel's request for two runs, sent raw: both reports, each with what the comparison reads. */
async function rawComparison(url: string, hashes: string[]): Promise<number> {
  const started = performance.now();
  const { rows } = await timedGet(
    query(url, 'reports', [
      'extract',
      [...RUN_SUMMARY_FIELDS, 'resource_events', 'logs', 'metrics'],
      ['in', 'hash', ['array', hashes]],
    ]),
  );
  if (rows.length !== 2) throw new Error(`PuppetDB has ${rows.length} of the reports ${hashes}`);
  return performance.now() - started;
}

export async function benchSecondComparison(options: FleetBench): Promise<void> {
  const { url, connectionId, rounds, log, median } = options;
  const measured = await secondViewRounds({
    subjects: await consecutiveRuns(url, 2 * (rounds + 1)),
    rounds,
    kind: 'comparison',
    open: async (pair) => {
      const { ms, info } = await timedCommand<CompareRunsPanelInfo>(
        'puppetdbExplorer.compareRuns',
        {
          connectionId,
          reportHashes: pair.split(','),
          waitForPaint: true,
        },
      );
      if (!info.painted) throw new Error(`the comparison ${pair} was not painted`);
      return { ms, of: undefined };
    },
    raw: async (pair) => ({ ms: await rawComparison(url, pair.split(',')), of: undefined }),
  });
  const { newPanel, reused, raw } = medianTimes(measured, median);
  log(
    `a node's run compared with the run before it, painted: in a new panel ${newPanel.toFixed(1)} ms; the next pair, a second later in the preview's panel ${reused.toFixed(1)} ms (target <= 150 ms: ${reused <= 150 ? 'met' : 'not met'}); the raw request of both runs ${raw.toFixed(1)} ms (${viewTarget(reused, raw)})`,
  );
}
