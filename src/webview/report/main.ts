/**
 * The report view: the page frame (the node, the report's status and when it ran), then tabs for
 * the summary, the events (the same table as the events view), the logs and the metrics. The
 * selected tab, the table's settings and the logs grid's survive hide/show.
 */
import '../common/page/codiconStylesheet';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '../common/page/pageFrame.css';
// the grid's rules before the view's own, which refine them
import '../common/grid/grid.css';
import './report.css';
import type { HostToEveryPage, HostToReport, RestoredNote } from '../../shared/protocol';
import type { ReportDto } from '../../shared/reportDto';
import { runStatusLook } from '../../shared/runStatusLook';
import { dateText, onDateStyleChange } from '../common/dateStyle';
import type { ModelGridState } from '../common/grid/modelGrid';
import { pageButton } from '../common/page/pageButton';
import { viewPageFrame } from '../common/page/pageFrame';
import { EventsTable } from '../components/events-table/eventsTable';
import { savedTableState } from '../components/events-table/tableState';
import { keepShown, onHostMessage, onRenew, PageUiState, postToHost } from '../common/vscodeApi';
import { afterPaint } from '../common/tasks';
import { lazyTabs } from './lazyTabs';
import { renderLogs, type LogsView } from './logsView';
import { renderMetrics } from './metricsView';
import { renderSummary } from './summaryView';

const ui = new PageUiState<{ tab?: number; table?: unknown; logs?: ModelGridState }>({});

const frame = viewPageFrame('report', {
  className: 'report-header',
  loadingLabel: 'Loading the report',
  reload: { label: 'Load again', run: () => postToHost('report', { type: 'reload' }) },
});

/**
 * What the report shows that a new report (or a new date style) replaces: the events table and
 * the logs once their tabs were first selected.
 */
interface Shown {
  report: ReportDto;
  table?: EventsTable;
  logs?: LogsView;
}
let shown: Shown | undefined;

function clear(): void {
  shown?.table?.dispose();
  shown?.logs?.dispose();
  shown = undefined;
  frame.leading.replaceChildren();
  frame.status.replaceChildren();
  frame.body.replaceChildren();
}

/** The header: the status icon, the node (a link to it in the explorer), status and when. */
function showHeader(report: ReportDto): void {
  const status = report.status ?? 'unknown';
  const icon = document.createElement('span');
  const look = runStatusLook(status);
  icon.className = `codicon codicon-${look.icon} ${look.tone ? `status-mark-${look.tone}` : ''}`;
  icon.setAttribute('aria-hidden', 'true');
  frame.leading.replaceChildren(icon);
  const node = document.createElement('button');
  node.type = 'button';
  node.className = 'link-button report-node-link';
  node.textContent = report.certname;
  node.title = `Reveal ${report.certname} in the PuppetDB explorer`;
  node.addEventListener('click', () =>
    postToHost('report', { type: 'openNode', certname: report.certname }),
  );
  frame.title.replaceChildren(node);
  document.title = `Report ${report.certname}`;
  const statusText = document.createElement('span');
  statusText.className = `report-status ${look.tone ? `status-text-${look.tone}` : ''}`;
  statusText.textContent = report.noop ? `${status} (noop)` : status;
  const when = document.createElement('span');
  when.className = 'report-when';
  when.textContent = `${dateText(report.endTime)} · ${report.environment} · Puppet ${report.puppetVersion}`;
  frame.status.replaceChildren(statusText, when);
  frame.actions.replaceChildren(
    pageButton(
      'Compare with Previous Run',
      `Compare this run of ${report.certname} with the run before it`,
      () => postToHost('report', { type: 'compareWithPrevious' }),
    ),
  );
}

/** PuppetDB's path of an event or a log; the host opens it only if its report names it. */
function openManifest(file: string, line: number | undefined): void {
  postToHost('report', { type: 'openManifest', file, line });
}

function showReport(report: ReportDto, restored: RestoredNote | undefined): void {
  keepShown('report', report, 'The report', restored?.savedAt);
  clear();
  frame.showLoaded(restored);
  showHeader(report);
  const view: Shown = { report };
  const tabs = lazyTabs(
    [
      { label: 'Summary', className: 'report-panel-summary', build: () => renderSummary(report) },
      {
        label: 'Events',
        count: report.events.length,
        className: 'report-panel-events',
        build: () => (view.table = eventsTable(report)).element,
      },
      {
        label: 'Logs',
        count: report.logs.length,
        className: 'report-panel-logs',
        build: () => (view.logs = renderLogs(report.logs, openManifest, ui.part('logs'))).element,
      },
      {
        label: 'Metrics',
        className: 'report-panel-metrics',
        build: () => renderMetrics(report.metrics),
      },
    ],
    ui.value.tab ?? 0,
    (tab) => ui.save({ tab }),
  );
  tabs.className = 'report-tabs';
  frame.body.replaceChildren(tabs);
  shown = view;
  afterPaint(() => postToHost('report', { type: 'painted', hash: report.hash }));
}

/** The report's events in the events view's table, with the table's settings kept. */
function eventsTable(report: ReportDto): EventsTable {
  const table = new EventsTable({
    initialState: ui.value.table,
    onOpenInGraph: (certname, resource) =>
      postToHost('report', { type: 'openInGraph', certname, resource }),
    onOpenManifest: openManifest,
    onStateChange: (state) => ui.save({ table: savedTableState(state) }),
  });
  table.setEvents(report.events, false);
  return table;
}

// the dates of the header and the summary in a new date style (the grids show theirs anew)
onDateStyleChange(() => {
  if (!shown) return;
  showHeader(shown.report);
  frame.body.querySelector('.report-panel-summary')?.replaceChildren(renderSummary(shown.report));
});

function handle(received: Exclude<HostToReport, HostToEveryPage>): void {
  if (received.type === 'report') showReport(received.report, received.restored);
  else frame.showLoadState(received, clear);
}

// the next report in this panel (a preview's): shown as on a new page
onRenew(() => {
  clear();
  ui.reset();
  frame.startOver();
});

onHostMessage('report', handle);
postToHost('report', { type: 'ready' });
