/**
 * bench:fleet's "a second view of the same kind" (issue 35 §2): a node's events opened in a new
 * panel, then, a second later (the user read the first), the next node's, which VS Code's preview
 * rule shows in the first one's panel (its live page started over: no new panel, no new page),
 * each timed from the command to the table's paint of its first events; beside a raw request of
 * the same PuppetDB query, in the same run; medians after a warm-up.
 */
import type { FleetBench } from './fleetBench';
import type { EventsTarget } from '../../src/extension/commandTargets';
import type { EventsPanelInfo } from '../../src/extension/reports/eventsPanel';
import { eventsQuery } from '../../src/shared/eventTableSource';
import { timedGet } from '../timedGet';
import { viewTarget } from './overviewTiming';
import { medianTimes, secondViewRounds, timedCommand } from './secondView';

/** Nodes whose latest report has events, with how many (the most first). */
async function nodesWithEvents(url: string, count: number): Promise<string[]> {
  const query = [
    'extract',
    [['function', 'count'], 'certname'],
    ['=', 'latest_report?', true],
    ['group_by', 'certname'],
  ];
  const { rows } = await timedGet(
    `${url}/pdb/query/v4/events?${new URLSearchParams({ query: JSON.stringify(query) })}`,
  );
  const nodes = (rows as Array<{ certname: string; count: number }>)
    .sort((a, b) => b.count - a.count || a.certname.localeCompare(b.certname))
    .map((row) => row.certname);
  if (nodes.length < count) throw new Error(`only ${nodes.length} nodes have events`);
  return nodes.slice(0, count);
}

/** The table's query for a node's latest events, sent raw: the time until its answer is parsed. */
async function rawEvents(url: string, certname: string): Promise<{ ms: number; rows: number }> {
  const search = new URLSearchParams({
    query: JSON.stringify(eventsQuery({ certname })),
    order_by: JSON.stringify([{ field: 'timestamp', order: 'asc' }]),
  });
  const { rows, ms } = await timedGet(`${url}/pdb/query/v4/events?${search}`);
  return { ms, rows: rows.length };
}

export async function benchSecondEvents(options: FleetBench): Promise<void> {
  const { url, connectionId, rounds, log, median } = options;
  const measured = await secondViewRounds({
    subjects: await nodesWithEvents(url, 2 * (rounds + 1)),
    rounds,
    kind: 'events',
    open: async (certname) => {
      const { ms } = await timedCommand<EventsPanelInfo>('puppetdbExplorer.openEvents', {
        connectionId,
        certname,
        firstRows: true,
      } satisfies EventsTarget);
      return { ms, of: undefined };
    },
    raw: async (certname) => {
      const raw = await rawEvents(url, certname);
      return { ms: raw.ms, of: raw.rows };
    },
  });
  const { newPanel, reused, raw } = medianTimes(measured, median);
  const events = measured.at(-1)?.raw.of ?? 0;
  log(
    `a node's events, first rows painted: in a new panel ${newPanel.toFixed(1)} ms; the next node's (${events} events), a second later in the preview's panel ${reused.toFixed(1)} ms (target <= 150 ms: ${reused <= 150 ? 'met' : 'not met'}); raw request of its query ${raw.toFixed(1)} ms (${viewTarget(reused, raw)})`,
  );
}
