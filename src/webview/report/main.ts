/**
 * The report view: a header line, then tabs for the summary, the events (the same table as the
 * events view), the logs and the metrics. The selected tab and the table's settings survive
 * hide/show.
 */
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import '@vscode-elements/elements/dist/vscode-tab-panel/index.js';
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
import './report.css';
import type { HostToReport, RestoredNote } from '../../shared/protocol';
import { restoredBanner } from '../common/restoredBanner';
import { errorActions } from '../common/errorActions';
import type { ReportDto } from '../../shared/reportDto';
import { EventsTable } from '../components/events-table/eventsTable';
import { formatTimestamp } from '../components/events-table/format';
import { savedTableState } from '../components/events-table/tableState';
import { getUiState, keepShown, onHostMessage, postToHost, setUiState } from '../common/vscodeApi';
import { renderLogs } from './logsView';
import { renderMetrics } from './metricsView';
import { renderSummary } from './summaryView';

interface ReportUiState {
  tab?: number;
  table?: unknown;
}

const app = document.getElementById('app')!;
let ui: ReportUiState = getUiState<ReportUiState>() ?? {};
const saveUi = (partial: ReportUiState) => setUiState((ui = { ...ui, ...partial }));

const REPORT_STATUS_ICONS: Record<string, string> = {
  failed: 'error',
  changed: 'pass',
  unchanged: 'circle-large-outline',
  noop: 'circle-outline',
};
const REPORT_STATUS_CLASSES: Record<string, string> = {
  failed: 'status-failure',
  changed: 'status-success',
  noop: 'status-noop',
};

function message(text: string, className: string, ...after: HTMLElement[]): void {
  const element = document.createElement('div');
  element.className = className;
  element.append(text, ...after);
  // the page's only live regions: an error interrupts, a progress note waits its turn
  element.setAttribute('role', className === 'banner' ? 'alert' : 'status');
  app.replaceChildren(element);
}

function header(report: ReportDto): HTMLElement {
  const element = document.createElement('header');
  element.className = 'report-header';
  const status = report.status ?? 'unknown';
  const icon = document.createElement('span');
  icon.className = `codicon codicon-${REPORT_STATUS_ICONS[status] ?? 'question'} ${REPORT_STATUS_CLASSES[status] ?? ''}`;
  icon.setAttribute('aria-hidden', 'true');
  const node = document.createElement('button');
  node.type = 'button';
  node.className = 'report-node-link';
  node.textContent = report.certname;
  node.title = `Reveal ${report.certname} in the PuppetDB explorer`;
  node.addEventListener('click', () =>
    postToHost('report', { type: 'openNode', certname: report.certname }),
  );
  const statusText = document.createElement('span');
  statusText.className = `report-status ${REPORT_STATUS_CLASSES[status] ?? ''}`;
  statusText.textContent = report.noop ? `${status} (noop)` : status;
  const when = document.createElement('span');
  when.className = 'muted';
  when.textContent = `${formatTimestamp(report.endTime)} · ${report.environment} · Puppet ${report.puppetVersion}`;
  element.append(icon, node, statusText, when);
  return element;
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

/** The note of a panel restored after a window reload, with "Load again"; or nothing. */
function restoredNote(note: RestoredNote | undefined): HTMLElement[] {
  return note
    ? [restoredBanner(note, 'Load again', () => postToHost('report', { type: 'reload' }))]
    : [];
}

/** PuppetDB's path of an event or a log; the host opens it only if its report names it. */
function openManifest(file: string, line: number | undefined): void {
  postToHost('report', { type: 'openManifest', file, line });
}

function showReport(report: ReportDto, restored: RestoredNote | undefined): void {
  keepShown('report', report, 'The report', restored?.savedAt);
  document.title = `Report ${report.certname}`;
  const table = new EventsTable({
    initialState: ui.table,
    onOpenInGraph: (certname, resource) =>
      postToHost('report', { type: 'openInGraph', certname, resource }),
    onOpenManifest: openManifest,
    onStateChange: (state) => saveUi({ table: savedTableState(state) }),
  });
  table.setEvents(report.events, false);
  const tabs = document.createElement('vscode-tabs');
  tabs.className = 'report-tabs';
  tabs.append(
    tab('Summary'),
    tab('Events', report.events.length),
    tab('Logs', report.logs.length),
    tab('Metrics'),
    panel(renderSummary(report), 'report-panel-summary'),
    panel(table.element, 'report-panel-events'),
    panel(renderLogs(report.logs, openManifest), 'report-panel-logs'),
    panel(renderMetrics(report.metrics), 'report-panel-metrics'),
  );
  tabs.selectedIndex = ui.tab ?? 0;
  tabs.addEventListener('vsc-tabs-select', () => saveUi({ tab: tabs.selectedIndex }));
  app.replaceChildren(header(report), ...restoredNote(restored), tabs);
}

function handle(received: Exclude<HostToReport, { type: 'persist' }>): void {
  switch (received.type) {
    case 'loading':
      message(`Loading ${received.title}…`, 'report-loading muted');
      break;
    case 'report':
      showReport(received.report, received.restored);
      break;
    case 'restored':
      document.title = received.title;
      app.replaceChildren(...restoredNote(received.note));
      break;
    case 'error':
      message(
        received.message,
        'banner',
        errorActions(received.editConnection, (action) => postToHost('report', action)),
      );
      break;
    default: {
      // every message of the protocol is handled above (checked when it compiles)
      const unexpected: never = received;
      void unexpected;
    }
  }
}

onHostMessage('report', handle);
postToHost('report', { type: 'ready' });
