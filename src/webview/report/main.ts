/**
 * The report view: the page frame (the node, the report's status and when it ran), then tabs for
 * the summary, the events (the same table as the events view), the logs and the metrics. The
 * selected tab, the table's settings and the logs grid's survive hide/show.
 */
import '../common/page/codiconStylesheet';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import '@vscode-elements/elements/dist/vscode-tab-panel/index.js';
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
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
import { renderLogs, type LogsView } from './logsView';
import { renderMetrics } from './metricsView';
import { renderSummary } from './summaryView';

const ui = new PageUiState<{ tab?: number; table?: unknown; logs?: ModelGridState }>({});

const frame = viewPageFrame('report', {
  className: 'report-header',
  loadingLabel: 'Loading the report',
  reload: { label: 'Load again', run: () => postToHost('report', { type: 'reload' }) },
});

/** What the report shows that a new report (or a new date style) replaces. */
let shown: { table: EventsTable; logs: LogsView; report: ReportDto } | undefined;

function clear(): void {
  shown?.table.dispose();
  shown?.logs.dispose();
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

function tab(label: string, count?: number): HTMLElement {
  const element = document.createElement('vscode-tab-header');
  element.slot = 'header';
  element.append(label);
  if (count !== undefined) {
    const badge = document.createElement('vscode-badge');
    badge.variant = 'counter';
    badge.slot = 'content-after';
    badge.textContent = String(count);
    element.append(badge);
  }
  return element;
}

function panel(content: HTMLElement, className: string): HTMLElement {
  const element = document.createElement('vscode-tab-panel');
  element.className = className;
  element.append(content);
  return element;
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
  const table = new EventsTable({
    initialState: ui.value.table,
    onOpenInGraph: (certname, resource) =>
      postToHost('report', { type: 'openInGraph', certname, resource }),
    onOpenManifest: openManifest,
    onStateChange: (state) => ui.save({ table: savedTableState(state) }),
  });
  table.setEvents(report.events, false);
  const logs = renderLogs(report.logs, openManifest, ui.part('logs'));
  const tabs = document.createElement('vscode-tabs');
  tabs.className = 'report-tabs';
  tabs.append(
    tab('Summary'),
    tab('Events', report.events.length),
    tab('Logs', report.logs.length),
    tab('Metrics'),
    panel(renderSummary(report), 'report-panel-summary'),
    panel(table.element, 'report-panel-events'),
    panel(logs.element, 'report-panel-logs'),
    panel(renderMetrics(report.metrics), 'report-panel-metrics'),
  );
  tabs.selectedIndex = ui.value.tab ?? 0;
  tabs.addEventListener('vsc-tabs-select', () => ui.save({ tab: tabs.selectedIndex }));
  frame.body.replaceChildren(tabs);
  shown = { table, logs, report };
  // after the browser has laid out and painted this frame
  requestAnimationFrame(() =>
    setTimeout(() => postToHost('report', { type: 'painted', hash: report.hash }), 0),
  );
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
