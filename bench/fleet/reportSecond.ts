/**
 * bench:fleet's "a second view of the same kind" for the report view (issue 35 §2): a node's
 * latest report opened in a new panel, then, a second later, the next node's, which VS Code's
 * preview rule shows in the first one's panel (its live page started over), each timed from the
 * command to the page's paint of the report; beside the raw requests the panel sends for it (the
 * report, with its events embedded), in the same run; medians after a warm-up.
 */
import type { FleetBench } from './fleetBench';
import { performance } from 'node:perf_hooks';
import type { ReportTarget } from '../../src/extension/commandTargets';
import type { ReportPanelInfo } from '../../src/extension/reports/reportPanel';
import { timedGet } from '../timedGet';
import { viewTarget } from './overviewTiming';
import { medianTimes, secondViewRounds, timedCommand } from './secondView';

/** The latest reports of the nodes with the most events in them (the most first). */
async function reportsWithEvents(url: string, count: number): Promise<string[]> {
  const query = [
    'extract',
    [['function', 'count'], 'report'],
    ['=', 'latest_report?', true],
    ['group_by', 'report'],
  ];
  const { rows } = await timedGet(
    `${url}/pdb/query/v4/events?${new URLSearchParams({ query: JSON.stringify(query) })}`,
  );
  const reports = (rows as Array<{ report: string; count: number }>)
    .sort((a, b) => b.count - a.count || a.report.localeCompare(b.report))
    .map((row) => row.report);
  if (reports.length < count) throw new Error(`only ${reports.length} latest reports have events`);
  return reports.slice(0, count);
}

/**
 * The panel's requests for a report, sent raw as it sends them: the report, which PuppetDB 7
 * answers with its events embedded, then its events only when they were not; the time until the
 * answers are parsed.
 */
async function rawReport(url: string, hash: string): Promise<{ ms: number; events: number }> {
  const started = performance.now();
  const reports = new URLSearchParams({ query: JSON.stringify(['=', 'hash', hash]) });
  const { rows } = await timedGet(`${url}/pdb/query/v4/reports?${reports}`);
  const [report] = rows as Array<{ resource_events?: { data?: unknown[] } }>;
  if (!report) throw new Error(`PuppetDB has no report ${hash}`);
  const embedded = report.resource_events?.data;
  if (Array.isArray(embedded)) return { ms: performance.now() - started, events: embedded.length };
  const events = new URLSearchParams({
    query: JSON.stringify(['=', 'report', hash]),
    order_by: JSON.stringify([{ field: 'timestamp', order: 'asc' }]),
  });
  const answer = await timedGet(`${url}/pdb/query/v4/events?${events}`);
  return { ms: performance.now() - started, events: answer.rows.length };
}

export async function benchSecondReport(options: FleetBench): Promise<void> {
  const { url, connectionId, rounds, log, median } = options;
  const measured = await secondViewRounds({
    subjects: await reportsWithEvents(url, 2 * (rounds + 1)),
    rounds,
    kind: 'report',
    open: async (reportHash) => {
      const { ms, info } = await timedCommand<ReportPanelInfo>('puppetdbExplorer.openReport', {
        connectionId,
        reportHash,
        waitForPaint: true,
      } satisfies ReportTarget);
      if (!info.painted) throw new Error(`the report ${reportHash} was not painted`);
      return { ms, of: undefined };
    },
    raw: async (reportHash) => {
      const raw = await rawReport(url, reportHash);
      return { ms: raw.ms, of: raw.events };
    },
  });
  const { newPanel, reused, raw } = medianTimes(measured, median);
  const events = measured.at(-1)?.raw.of ?? 0;
  log(
    `a node's latest report, painted: in a new panel ${newPanel.toFixed(1)} ms; the next node's (${events} events), a second later in the preview's panel ${reused.toFixed(1)} ms (target <= 150 ms: ${reused <= 150 ? 'met' : 'not met'}); the raw request of the report (its events embedded) ${raw.toFixed(1)} ms (${viewTarget(reused, raw)})`,
  );
}
